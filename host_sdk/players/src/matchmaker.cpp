#include "boardgame/players/matchmaker.h"

#include <grpcpp/create_channel.h>

#include <exception>

#include "boardgame/tables/table_host.h"

namespace boardgame::players {

namespace {

// A matchmaker that restarts must be reachable again at once, not after
// gRPC's default reconnect backoff of up to two minutes.
std::shared_ptr<grpc::Channel> channel_to(const std::string& address) {
  grpc::ChannelArguments arguments;
  arguments.SetInt(GRPC_ARG_MAX_RECONNECT_BACKOFF_MS, 1000);
  arguments.SetInt(GRPC_ARG_INITIAL_RECONNECT_BACKOFF_MS, 100);
  return grpc::CreateCustomChannel(address, grpc::InsecureChannelCredentials(), arguments);
}

}  // namespace

v1::PlayerService::Stub* Matchmaker::elsewhere(const grpc::ServerContextBase& context) {
  // One hop at most: hosts that disagree for a moment serve, not bounce.
  if (!club_ || context.client_metadata().count(tables::kForwardedKey)) return nullptr;
  std::lock_guard lock(mutex_);
  const auto now = std::chrono::steady_clock::now();
  if (now - checked_ >= kRecheck) {
    checked_ = now;
    try {
      const auto host = club_->matchmaker();
      address_ = host && !host->mine ? host->address : std::string();
    } catch (const std::exception&) {
      address_.clear();  // no store to ask: this host pairs what it can
    }
  }
  if (address_.empty()) return nullptr;
  std::unique_ptr<v1::PlayerService::Stub>& stub = stubs_[address_];
  if (!stub) stub = v1::PlayerService::NewStub(channel_to(address_));
  return stub.get();
}

}  // namespace boardgame::players
