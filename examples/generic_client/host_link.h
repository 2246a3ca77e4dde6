// The connection to a game host: one call per GameService method, each with
// a deadline, each failure with its status and the ErrorDetail the host
// attached.
#pragma once

#include <chrono>
#include <memory>
#include <string>

#include <grpcpp/grpcpp.h>

#include "boardgame/v1/error_detail.pb.h"
#include "boardgame/v1/game_service.grpc.pb.h"

namespace game_client {

namespace v1 = ::boardgame::v1;

struct Failure {
  grpc::StatusCode code = grpc::StatusCode::OK;
  std::string message;     // the status message
  v1::ErrorDetail detail;  // reason "" when the host sent none

  explicit operator bool() const { return code != grpc::StatusCode::OK; }
};

class HostLink {
 public:
  explicit HostLink(std::string address);

  const std::string& address() const { return address_; }

  // Waits until the channel connects; a failure says why not.
  Failure connect(std::chrono::milliseconds patience);

  Failure list_games(const v1::ListGamesRequest& request, v1::ListGamesResponse* response);
  Failure describe_game(const v1::DescribeGameRequest& request,
                        v1::DescribeGameResponse* response);
  Failure get_rules(const v1::GetRulesRequest& request, v1::GetRulesResponse* response);
  Failure setup(const v1::SetupRequest& request, v1::SetupResponse* response);
  Failure list_moves(const v1::ListMovesRequest& request, v1::ListMovesResponse* response);
  Failure apply_move(const v1::ApplyMoveRequest& request, v1::ApplyMoveResponse* response);
  Failure resign(const v1::ResignRequest& request, v1::ResignResponse* response);
  // The deadline leaves the search its time budget and a margin for the
  // transport.
  Failure suggest_move(const v1::SuggestMoveRequest& request, v1::SuggestMoveResponse* response);

 private:
  template <class Request, class Response>
  Failure call(grpc::Status (v1::GameService::Stub::*method)(grpc::ClientContext*, const Request&,
                                                             Response*),
               const Request& request, Response* response, std::chrono::milliseconds timeout);

  std::string address_;
  std::shared_ptr<grpc::Channel> channel_;
  std::unique_ptr<v1::GameService::Stub> stub_;
};

}  // namespace game_client
