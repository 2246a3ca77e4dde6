// Where a club of hosts pairs its seeks: on one host, the live one with the
// smallest id (ClubStore::matchmaker), so that every seek of the club sits
// in one pool and is paired once. The other hosts send their players' Play
// now calls there and relay the answers. Outside a club, on the matchmaker
// itself, or for a call another host sent on, the calls are served here.
//
// When the matchmaker goes, its lease lapses and the next host takes over;
// the seeks it held end with UNAVAILABLE, and clients seek again.
#pragma once

#include <grpcpp/server_context.h>

#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "boardgame/tables/club_store.h"
#include "boardgame/v1/player_service.grpc.pb.h"

namespace boardgame::players {

class Matchmaker {
 public:
  // `club` may be null (a host alone); it must outlive this.
  explicit Matchmaker(tables::ClubStore* club) : club_(club) {}

  // The matchmaker's stub when it is another host; null to serve here.
  v1::PlayerService::Stub* elsewhere(const grpc::ServerContextBase& context);

 private:
  // The store is asked at most this often: a lobby asks every few seconds
  // per player.
  static constexpr std::chrono::milliseconds kRecheck{500};

  tables::ClubStore* const club_;
  std::mutex mutex_;
  std::string address_;  // empty: this host
  std::chrono::steady_clock::time_point checked_{};
  std::map<std::string, std::unique_ptr<v1::PlayerService::Stub>> stubs_;
};

}  // namespace boardgame::players
