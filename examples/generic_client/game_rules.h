// The GameService calls the client needs to set a game up, replay its
// moves and draw it: answered by a game host over gRPC (HostLink) or, with
// no host to ask, by the game's plugin loaded into the client (LocalRules).
// Code that only replays or checks a game takes a GameRules and never asks
// which one it has.
#pragma once

#include <string>

#include <grpcpp/support/status_code_enum.h>

#include "boardgame/v1/error_detail.pb.h"
#include "boardgame/v1/game_service.pb.h"

namespace game_client {

namespace v1 = ::boardgame::v1;

struct Failure {
  grpc::StatusCode code = grpc::StatusCode::OK;
  std::string message;     // the status message
  v1::ErrorDetail detail;  // reason "" when the rules sent none

  explicit operator bool() const { return code != grpc::StatusCode::OK; }
};

class GameRules {
 public:
  virtual ~GameRules() = default;

  virtual Failure list_games(const v1::ListGamesRequest& request, v1::ListGamesResponse* response) = 0;
  virtual Failure describe_game(const v1::DescribeGameRequest& request,
                                v1::DescribeGameResponse* response) = 0;
  virtual Failure get_rules(const v1::GetRulesRequest& request, v1::GetRulesResponse* response) = 0;
  virtual Failure setup(const v1::SetupRequest& request, v1::SetupResponse* response) = 0;
  virtual Failure list_moves(const v1::ListMovesRequest& request, v1::ListMovesResponse* response) = 0;
  virtual Failure apply_move(const v1::ApplyMoveRequest& request, v1::ApplyMoveResponse* response) = 0;
  virtual Failure resign(const v1::ResignRequest& request, v1::ResignResponse* response) = 0;
};

}  // namespace game_client
