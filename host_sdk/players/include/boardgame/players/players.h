// The club's players: what PlayerService does, over a PlayerStore, and who
// a PlayerKey is for the tables (PlayerDirectory). No gRPC server in here:
// PlayerService serves it, tests call it directly with a FakeClock.
#pragma once

#include <grpcpp/support/status.h>

#include <cstdint>
#include <string>
#include <vector>

#include "boardgame/players/player_directory.h"
#include "boardgame/players/player_store.h"
#include "boardgame/tables/clock.h"
#include "boardgame/tables/guess_limit.h"
#include "boardgame/v1/player_service.pb.h"

namespace boardgame::players {

struct PlayersOptions {
  // How long a transfer code works.
  std::int64_t transfer_ms = 10 * 60 * 1000;
  // Transfer codes that match nothing, per connection, before it must wait
  // for the oldest miss to be `guess_window_ms` old.
  std::size_t max_guesses = 5;
  std::int64_t guess_window_ms = 10 * 60 * 1000;
};

class Players final : public PlayerDirectory {
 public:
  // `game_ids`: the games the host serves, for the standings. `store` and
  // `clock` must outlive this.
  Players(PlayerStore& store, const tables::Clock& clock, std::vector<std::string> game_ids,
          PlayersOptions options = {});

  grpc::Status create(const v1::CreatePlayerRequest& request, v1::PlayerKeyResponse* response);
  grpc::Status get(const v1::GetPlayerRequest& request, v1::PlayerProfile* response);
  grpc::Status rename(const v1::RenamePlayerRequest& request, v1::PlayerProfile* response);
  grpc::Status start_transfer(const v1::PlayerKey& key, v1::TransferCode* response);
  // `caller` names the connection, for the guesses.
  grpc::Status claim_transfer(const v1::ClaimTransferRequest& request, const std::string& caller,
                              v1::PlayerKeyResponse* response);
  grpc::Status standings(const v1::StandingsRequest& request, v1::Standings* response);

  grpc::Status identify(const v1::PlayerKey& key, std::string* name) override;

  // The player's rating in a game, the starting one if they have none;
  // throws std::runtime_error when the store fails.
  v1::PlayerRating rating(const std::string& player_id, const std::string& game_id);
  const std::vector<std::string>& game_ids() const { return game_ids_; }

  static constexpr std::size_t kProfileGames = 100;
  static constexpr std::size_t kMaxStandings = 100;

 private:
  // The stored player whose key this is.
  grpc::Status check_key(const v1::PlayerKey& key, StoredPlayer* player);
  grpc::Status profile(const StoredPlayer& player, v1::PlayerProfile* response);

  PlayerStore& store_;
  const tables::Clock& clock_;
  const std::vector<std::string> game_ids_;
  const PlayersOptions options_;
  tables::GuessLimit guesses_;  // of transfer codes, by connection
};

}  // namespace boardgame::players
