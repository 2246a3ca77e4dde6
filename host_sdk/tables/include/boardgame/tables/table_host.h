// The tables of one host: every open table in memory, written through a
// TableStore, with the clocks, the absences and the CPU's moves that the
// host runs on its own. No gRPC server in here: TableService serves it,
// tests call it directly with a FakeClock.
//
// Every change of a table is answered, and its events sent to watchers,
// only once the store has made it durable. Replies run on the store's
// thread (or at once, for a refusal) and must not block.
#pragma once

#include <grpcpp/support/byte_buffer.h>
#include <grpcpp/support/slice.h>
#include <grpcpp/support/status.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "boardgame/host/game_plugin.h"
#include "boardgame/players/player_directory.h"
#include "boardgame/tables/clock.h"
#include "boardgame/tables/club_store.h"
#include "boardgame/tables/table_store.h"
#include "boardgame/v1/table_service.grpc.pb.h"

namespace boardgame::tables {

struct TableHostOptions {
  // How long a person may be without an open watch and without a call
  // before they count as absent.
  std::int64_t grace_ms = 20'000;
  // A table with no change for this long is closed.
  std::int64_t idle_expiry_ms = 24 * 3600 * 1000;
  std::size_t max_tables = 10'000;
  // Open watches per table, players' and spectators' together.
  std::size_t max_watchers = 64;
  // Invite codes that match no table, per connection within a minute,
  // before it must wait for the oldest miss to be a minute old.
  std::size_t max_guesses = 10;
  // The CPU seats' thinking time per move, and the CPU's when it moves for
  // a person who is away or out of time. 0: the level's own.
  std::uint32_t cpu_ms = 1000;
  std::uint32_t stand_in_ms = 300;
  // Search iterations per CPU move; 0: no limit. Tests set it so the CPU's
  // moves do not depend on the machine's speed.
  std::uint64_t cpu_iterations = 0;
  // Threads that think for the CPU; 0: one per core.
  unsigned cpu_threads = 0;
  // Fire clocks, absences and expiry from a thread of the host's own. Off
  // in tests, which call run_due() after moving a FakeClock.
  bool timer_thread = true;
  // A host of a club: the store's club side (the same object as the
  // store), and how often the host looks for orphaned tables and tells
  // other hosts of its watchers' presence (half the lease, say).
  ClubStore* club = nullptr;
  std::int64_t club_round_ms = 1000;
  // The club's players, for people who sit down as one (Player.key); null
  // on a host that keeps none.
  players::PlayerDirectory* players = nullptr;
  // Called once, from the store's thread, when the store of a host alone
  // has failed a commit: from then on its tables take no change, and a
  // health check must say so. Must not block.
  std::function<void()> on_store_failed;
};

// An event as the host sends it: the message and its bytes, serialized once
// for every watcher. Every watcher's stream writes this same buffer, and
// nothing writes to it again while gRPC may still be reading it.
struct PublishedEvent {
  v1::TableEvent event;
  grpc::ByteBuffer bytes;

  void seal(const std::string& serialized) {
    grpc::Slice slice(serialized);
    bytes = grpc::ByteBuffer(&slice, 1);
  }
};

// Where a watch's events go.
class WatchSink {
 public:
  virtual ~WatchSink() = default;
  // Takes the next event, in version order. False when the watcher is too
  // far behind to keep: the host then closes it.
  virtual bool send(std::shared_ptr<const PublishedEvent> event) = 0;
  // The end of the watch; no event follows.
  virtual void close(const grpc::Status& status) = 0;
};

// Metadata of a call one host of a club sends another: it is served there
// or refused, never sent on again.
inline constexpr char kForwardedKey[] = "boardgame-forwarded";

// A game's time per turn in seconds (its "time_per_turn" setting); 0 for
// no limit.
std::uint32_t time_per_turn_s(const v1::GameState& game);

// A club player the caller has already checked (PlayerDirectory), to seat.
struct SeatedPlayer {
  std::string player_id;
  std::string name;
};

// A table just opened, with a ticket for each person seated in it.
struct OpenedTable {
  v1::Table table;
  std::vector<v1::SeatTicket> tickets;
};

template <class Response>
using Reply = std::function<void(const grpc::Status&, Response)>;

class TableHost {
 public:
  // `games` must outlive the host; their ids are unique. Loads every table
  // the store holds and carries its games and clocks on.
  TableHost(const std::vector<host::GamePlugin>& games, std::unique_ptr<TableStore> store,
            const Clock& clock, TableHostOptions options = {});
  ~TableHost();
  TableHost(const TableHost&) = delete;
  TableHost& operator=(const TableHost&) = delete;

  // `caller` names the connection, for the guesses of invite codes.
  void create(const v1::CreateTableRequest& request, Reply<v1::CreateTableResponse> reply);
  // Opens a table with every person seat taken at once by `players`, in
  // seat order (Play now's pairings): one change, one commit, no seat left
  // free by a crash between two calls. `request.player` is not used.
  void create_seated(const v1::CreateTableRequest& request, const std::vector<SeatedPlayer>& players,
                     Reply<OpenedTable> reply);
  void join(const v1::JoinTableRequest& request, const std::string& caller,
            Reply<v1::SeatResponse> reply);
  void rejoin(const v1::RejoinRequest& request, const std::string& caller,
              Reply<v1::SeatResponse> reply);
  void leave(const v1::SeatRequest& request, Reply<v1::TableResponse> reply);
  void play(const v1::PlayRequest& request, Reply<v1::PlayResponse> reply);
  void resign(const v1::GameRequest& request, Reply<v1::TableResponse> reply);
  void undo(const v1::UndoRequest& request, Reply<v1::TableResponse> reply);
  void next_game(const v1::GameRequest& request, Reply<v1::TableResponse> reply);
  void offer(const v1::OfferRequest& request, Reply<v1::TableResponse> reply);
  void answer_offer(const v1::AnswerOfferRequest& request, Reply<v1::TableResponse> reply);
  void present(const v1::SeatRequest& request, Reply<v1::TableResponse> reply);
  grpc::Status get(const v1::TableRef& ref, const std::string& caller, v1::TableResponse* response);
  grpc::Status finished_games(const v1::TableRef& ref, const std::string& caller,
                              v1::ListFinishedGamesResponse* response);

  // Starts a watch: the backlog the request asks for goes to `sink` at
  // once, then every event as it becomes durable, until unwatch() or the
  // table closes. The returned handle ends it.
  struct Watch;
  grpc::Status watch(const v1::WatchRequest& request, const std::string& caller,
                     std::shared_ptr<WatchSink> sink, std::shared_ptr<Watch>* handle);
  void unwatch(const std::shared_ptr<Watch>& handle);

  // A host of a club serves the tables it owns. For a table `ref` names
  // that another live host owns, `elsewhere` gets that host's address and
  // `table_id` its id: the call goes there. An orphan (its owner's lease
  // lapsed) is taken over here first. Empty: serve the call here (an
  // unknown table id is refused by the call itself). `caller` names the
  // connection, for the guesses of invite codes.
  grpc::Status route(const v1::TableRef& ref, const std::string& caller, std::string* elsewhere,
                     std::string* table_id);
  // A call sent to the owner route() named was answered UNAVAILABLE: the
  // owner may have gone, and the next route() asks the store again.
  void owner_unreachable(const std::string& table_id);
  // The stub to another host of the club, by address; kept for the host's life.
  v1::TableService::Stub& link(const std::string& address);

  // Fires every clock, absence and expiry due by the clock's now. The
  // timer thread calls it; tests call it after advancing a FakeClock.
  void run_due();
  // Blocks until no CPU move is being thought and every commit is done.
  void wait_idle();
  // Stops the clocks and the CPU, lets the commits in flight finish and
  // closes every watch (UNAVAILABLE). Calls after it are not served. The
  // destructor calls it.
  void shutdown();

  std::size_t table_count() const;

  // The first game a table of `game_id` with these settings would play,
  // its settings as the table keeps them (those that differ from the
  // game's defaults); or the refusal CreateTable would give: NOT_FOUND
  // "unknown_game", or the game's setting errors.
  grpc::Status first_game(const std::string& game_id,
                          const google::protobuf::RepeatedPtrField<v1::Setting>& settings,
                          v1::GameState* game) const;

  struct Impl;

 private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace boardgame::tables
