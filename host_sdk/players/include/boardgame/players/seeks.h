// Play now: players who want the same game find each other. A seek waits
// in the host's pool until a compatible one arrives, or someone accepts it
// from the lobby; the two, identified by their keys when they sought, are
// then seated at a new table at once, in one commit.
//
// The pool is the host's own: in a club of hosts each host pairs the seeks
// made on it (docs/players.md).
#pragma once

#include <grpcpp/support/status.h>

#include <cstdint>
#include <list>
#include <map>
#include <memory>
#include <mutex>
#include <random>
#include <string>
#include <vector>

#include "boardgame/players/players.h"
#include "boardgame/tables/table_host.h"
#include "boardgame/v1/player_service.pb.h"

namespace boardgame::players {

struct SeeksOptions {
  // Open seeks per player, and on the host.
  std::size_t max_per_player = 3;
  std::size_t max_open = 10'000;
  // How long a player counts as online after a call with their key.
  std::int64_t online_ms = 60'000;
};

class Seeks {
 public:
  // Where a seek's pairing goes: exactly once, with the table and seat, or
  // with why the table could not be made. May run on any thread, inside
  // open() or accept() too; must not block.
  class Listener {
   public:
    virtual ~Listener() = default;
    virtual void paired(const grpc::Status& status, const v1::Pairing& pairing) = 0;
  };

  // `players`, `tables` and `clock` must outlive this.
  Seeks(Players& players, tables::TableHost& tables, const tables::Clock& clock,
        SeeksOptions options = {});

  // Opens a seek, or pairs it at once with a compatible one. `opened` gets
  // the open seek; it is left empty when the seek was paired instead (the
  // listener hears of the table).
  grpc::Status open(const v1::SeekRequest& request, std::shared_ptr<Listener> listener,
                    v1::Seek* opened);
  // Ends an open seek; one already paired is left to its pairing.
  void cancel(const std::string& seek_id);
  // Pairs the caller with an open seek: the caller's pairing goes to
  // `listener`, as the seeker's goes to theirs.
  grpc::Status accept(const v1::AcceptSeekRequest& request, std::shared_ptr<Listener> listener);
  grpc::Status lobby(const v1::LobbyRequest& request, v1::Lobby* lobby);

  // Whether two seeks may be paired: same game and settings, both rated or
  // both casual, two players, and each one's rating within the other's
  // range.
  static bool compatible(const v1::Seek& a, const v1::Seek& b);

 private:
  struct Waiting {
    v1::Seek seek;  // its player identified
    std::shared_ptr<Listener> listener;
  };
  // Seats the two at a new table, in a coin-tossed order.
  void pair(Waiting a, Waiting b);
  grpc::Status seeker(const v1::PlayerKey& key, const std::string& game_id, v1::Seek* seek);
  void seen(const std::string& player_id, const std::string& game_id);

  Players& players_;
  tables::TableHost& tables_;
  const tables::Clock& clock_;
  const SeeksOptions options_;
  std::vector<std::string> game_ids_;

  std::mutex mutex_;
  std::list<Waiting> open_;  // oldest first
  // When each player last called with their key, by the game they named
  // ("" for every game).
  std::map<std::string, std::map<std::string, std::int64_t>> seen_;
  std::mt19937_64 coin_{std::random_device{}()};
};

}  // namespace boardgame::players
