#include "host_link.h"

namespace game_client {
namespace {

using namespace std::chrono_literals;

// Generous for a host on the same machine; a call that takes longer means
// the host is stuck, and the player hears so instead of waiting forever.
constexpr std::chrono::milliseconds kCallTimeout = 10s;
constexpr char kErrorDetailKey[] = "boardgame-error-bin";

}  // namespace

HostLink::HostLink(std::string address)
    : address_(std::move(address)),
      channel_(grpc::CreateChannel(address_, grpc::InsecureChannelCredentials())),
      stub_(v1::GameService::NewStub(channel_)) {}

Failure HostLink::connect(std::chrono::milliseconds patience) {
  if (channel_->WaitForConnected(std::chrono::system_clock::now() + patience)) return {};
  return {grpc::StatusCode::UNAVAILABLE, "no game host answers at " + address_, {}};
}

template <class Request, class Response>
Failure HostLink::call(grpc::Status (v1::GameService::Stub::*method)(grpc::ClientContext*,
                                                                     const Request&, Response*),
                       const Request& request, Response* response,
                       std::chrono::milliseconds timeout) {
  grpc::ClientContext context;
  context.set_deadline(std::chrono::system_clock::now() + timeout);
  grpc::Status status = ((*stub_).*method)(&context, request, response);
  if (status.ok()) return {};
  Failure failure{status.error_code(), status.error_message(), {}};
  const auto& trailers = context.GetServerTrailingMetadata();
  if (auto it = trailers.find(kErrorDetailKey); it != trailers.end())
    failure.detail.ParseFromArray(it->second.data(), int(it->second.size()));
  return failure;
}

Failure HostLink::list_games(const v1::ListGamesRequest& q, v1::ListGamesResponse* r) {
  return call(&v1::GameService::Stub::ListGames, q, r, kCallTimeout);
}
Failure HostLink::describe_game(const v1::DescribeGameRequest& q, v1::DescribeGameResponse* r) {
  return call(&v1::GameService::Stub::DescribeGame, q, r, kCallTimeout);
}
Failure HostLink::get_rules(const v1::GetRulesRequest& q, v1::GetRulesResponse* r) {
  return call(&v1::GameService::Stub::GetRules, q, r, kCallTimeout);
}
Failure HostLink::setup(const v1::SetupRequest& q, v1::SetupResponse* r) {
  return call(&v1::GameService::Stub::Setup, q, r, kCallTimeout);
}
Failure HostLink::list_moves(const v1::ListMovesRequest& q, v1::ListMovesResponse* r) {
  return call(&v1::GameService::Stub::ListMoves, q, r, kCallTimeout);
}
Failure HostLink::apply_move(const v1::ApplyMoveRequest& q, v1::ApplyMoveResponse* r) {
  return call(&v1::GameService::Stub::ApplyMove, q, r, kCallTimeout);
}
Failure HostLink::resign(const v1::ResignRequest& q, v1::ResignResponse* r) {
  return call(&v1::GameService::Stub::Resign, q, r, kCallTimeout);
}
Failure HostLink::suggest_move(const v1::SuggestMoveRequest& q, v1::SuggestMoveResponse* r) {
  return call(&v1::GameService::Stub::SuggestMove, q, r,
              std::chrono::milliseconds(q.time_budget_ms()) + kCallTimeout);
}

}  // namespace game_client
