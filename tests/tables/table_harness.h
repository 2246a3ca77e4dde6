// A TableHost on a FakeClock and a real store, serving the real game
// plugins, with calls that wait for their answer, and watchers that keep
// what they are sent.
#pragma once

#include <gtest/gtest.h>

#include <condition_variable>
#include <future>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "boardgame/host/loader.h"
#include "boardgame/players/players.h"
#include "boardgame/tables/clock.h"
#include "boardgame/tables/table_host.h"
#include "boardgame/v1/error_detail.pb.h"

namespace tables_test {

namespace v1 = boardgame::v1;
using boardgame::tables::TableHost;

template <class Response>
struct Answer {
  grpc::Status status;
  Response response;
  v1::ErrorDetail detail;
  bool ok() const { return status.ok(); }
  const v1::Table& table() const { return response.table(); }
};

// A watcher that keeps every event, in arrival order.
class Watcher final : public boardgame::tables::WatchSink {
 public:
  bool send(std::shared_ptr<const boardgame::tables::PublishedEvent> event) override;
  void close(const grpc::Status& status) override;

  std::vector<v1::TableEvent> events() const;
  std::vector<v1::TableEvent::Kind> kinds() const;
  bool closed() const;
  grpc::Status closed_with() const;
  // Fails the test unless the versions follow each other from `first`.
  void expect_contiguous(std::uint64_t first) const;

 private:
  mutable std::mutex mutex_;
  std::vector<v1::TableEvent> events_;
  bool closed_ = false;
  grpc::Status status_;
};

struct Seat {
  std::uint32_t number = 0;
  std::string token;
  std::string device;
};

class Harness {
 public:
  // `store` as game-host's --store takes it; with `club`, as that host of
  // a club.
  explicit Harness(const std::string& store = "memory",
                   boardgame::tables::TableHostOptions options = defaults(),
                   std::optional<boardgame::tables::ClubMembership> club = std::nullopt);
  static boardgame::tables::TableHostOptions defaults();

  TableHost& host() { return *host_; }
  // The club's players, on the host's store.
  boardgame::players::Players& players() { return *players_; }
  boardgame::tables::FakeClock& clock() { return clock_; }
  // Moves time on and fires what is due, CPU moves included.
  void advance_ms(std::int64_t ms);
  // Destroys the host and starts a new one on the same store, as a restart.
  void restart();

  Answer<v1::CreateTableResponse> create(const v1::CreateTableRequest& request);
  Answer<v1::SeatResponse> join(const v1::JoinTableRequest& request,
                                const std::string& caller = "peer");
  Answer<v1::SeatResponse> rejoin(const v1::RejoinRequest& request);
  Answer<v1::TableResponse> leave(const std::string& table_id, const std::string& token);
  Answer<v1::PlayResponse> play(const v1::PlayRequest& request);
  Answer<v1::TableResponse> resign(const v1::GameRequest& request);
  Answer<v1::TableResponse> undo(const v1::UndoRequest& request);
  Answer<v1::TableResponse> next_game(const v1::GameRequest& request);
  Answer<v1::TableResponse> offer(const v1::OfferRequest& request);
  Answer<v1::TableResponse> answer_offer(const v1::AnswerOfferRequest& request);
  v1::Table table(const std::string& table_id);

  // A table of `game` with seats of these kinds; the first person seat is
  // taken by "Ana" (returned in *first).
  v1::Table open(const std::string& game, std::vector<v1::SeatPlan::Kind> seats, Seat* first,
                 std::vector<v1::Setting> settings = {});
  // Joins the table's next free seat as `name`.
  Seat sit(const v1::Table& table, const std::string& name);
  // Plays move `move_id` for `seat` at the table as it is now.
  Answer<v1::PlayResponse> play(const std::string& table_id, const Seat& seat,
                                std::uint32_t move_id);

  std::shared_ptr<Watcher> watch(const v1::WatchRequest& request, grpc::Status* status = nullptr,
                                 std::shared_ptr<TableHost::Watch>* handle = nullptr);

 private:
  void start_host();

  std::string store_;
  boardgame::tables::TableHostOptions options_;
  std::optional<boardgame::tables::ClubMembership> club_;
  boardgame::tables::FakeClock clock_;
  boardgame::host::LoadResult games_;
  std::unique_ptr<boardgame::players::Players> players_;  // on the store host_ owns
  std::unique_ptr<TableHost> host_;
};

std::string new_device();
v1::Setting number(const std::string& id, std::int64_t n);
v1::Setting flag(const std::string& id, bool on);
v1::SeatPlan plan(v1::SeatPlan::Kind kind);

}  // namespace tables_test
