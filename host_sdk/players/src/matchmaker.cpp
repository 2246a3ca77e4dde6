#include "boardgame/players/matchmaker.h"

#include <exception>

#include "boardgame/tables/club_channel.h"
#include "boardgame/tables/table_host.h"

namespace boardgame::players {

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
  if (!stub) stub = v1::PlayerService::NewStub(tables::club_channel(address_));
  return stub.get();
}

}  // namespace boardgame::players
