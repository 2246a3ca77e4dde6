// The games whose plugins are in a folder of this machine, loaded into the
// client: what replaying a finished game and checking a game text need
// when no game host answers. The host SDK's own loader loads them, with the
// checks game-host makes, and its GamePlugin runs their calls, so a game
// answers here as it would through a host: the same states, the same
// refusals with the same ErrorDetail.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "boardgame/host/game_plugin.h"
#include "game_rules.h"

namespace game_client {

class LocalRules final : public GameRules {
 public:
  // Loads every plugin of `folder`; "" means the installation's plugin
  // folder, found as game-host finds its own. A plugin that cannot serve
  // is left out, as game-host leaves it out.
  explicit LocalRules(std::filesystem::path folder);

  // The folder read; "" when none was named and none was found.
  const std::filesystem::path& folder() const { return folder_; }
  // Why the folder could not be read; "" when it was.
  const std::string& problem() const { return problem_; }
  bool serves(const std::string& game_id) const { return find(game_id) != nullptr; }
  // The ids of the games loaded, in file-name order.
  std::vector<std::string> game_ids() const;

  Failure list_games(const v1::ListGamesRequest& request, v1::ListGamesResponse* response) override;
  Failure describe_game(const v1::DescribeGameRequest& request, v1::DescribeGameResponse* response) override;
  Failure get_rules(const v1::GetRulesRequest& request, v1::GetRulesResponse* response) override;
  Failure setup(const v1::SetupRequest& request, v1::SetupResponse* response) override;
  Failure list_moves(const v1::ListMovesRequest& request, v1::ListMovesResponse* response) override;
  Failure apply_move(const v1::ApplyMoveRequest& request, v1::ApplyMoveResponse* response) override;
  Failure resign(const v1::ResignRequest& request, v1::ResignResponse* response) override;

 private:
  const boardgame::host::GamePlugin* find(const std::string& game_id) const;
  Failure run(const std::string& game_id, boardgame::host::PluginCall call,
              const google::protobuf::MessageLite& request, google::protobuf::MessageLite* response) const;

  std::filesystem::path folder_;
  std::string problem_;
  // Each keeps its library loaded while it lives, which is as long as this
  // object: every answer is parsed into the client's own messages, so
  // nothing the client keeps points into a plugin.
  std::vector<boardgame::host::GamePlugin> plugins_;
};

}  // namespace game_client
