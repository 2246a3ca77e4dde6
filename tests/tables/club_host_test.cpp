// Two hosts of a club on one PostgreSQL database, in one process, each on
// its own FakeClock: which host serves a table, watchers fed through the
// change feed on the host that does not own the table, and a host taking
// over the tables of one that stopped, watchers and clocks included. The
// gRPC side (calls sent on to the owner, a host killed with -9) is
// tests/tables/club_test.py's.
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <pqxx/pqxx>
#include <thread>

#include "boardgame/tables/club_store.h"
#include "table_harness.h"

namespace tables_test {
namespace {

constexpr auto kPerson = v1::SeatPlan::PERSON;
constexpr char kTicTacToe[] = "tictactoe";

// A fresh database of the test cluster (tests/tables/postgresql_cluster.sh).
std::string fresh_database() {
  const char* file = std::getenv("CLUB_TEST_POSTGRESQL_CONNINFO_FILE");
  if (!file) throw std::runtime_error("CLUB_TEST_POSTGRESQL_CONNINFO_FILE is not set");
  std::string conninfo;
  std::getline(std::ifstream(file), conninfo);
  const auto* test = ::testing::UnitTest::GetInstance()->current_test_info();
  const std::string database = "club_host_" + std::to_string(::getpid()) + "_" +
                               std::to_string(std::hash<std::string>{}(test->name()) % 100000);
  pqxx::connection admin(conninfo);
  pqxx::nontransaction tx(admin);
  tx.exec("DROP DATABASE IF EXISTS " + tx.quote_name(database));
  tx.exec("CREATE DATABASE " + tx.quote_name(database));
  return conninfo.substr(0, conninfo.rfind('/') + 1) + database;
}

boardgame::tables::ClubMembership member(const std::string& id) {
  // Nobody listens there: these hosts never call each other.
  return {id, "127.0.0.1:9", 2000};
}

// Waits, in real time, for the change feed to bring what `done` wants.
template <class Done>
bool eventually(Done done) {
  for (int i = 0; i < 500; ++i) {
    if (done()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return done();
}

v1::WatchRequest whole_history(const std::string& table_id) {
  v1::WatchRequest request;
  request.mutable_table()->set_table_id(table_id);
  request.set_after_version(0);
  return request;
}

TEST(ClubHosts, EachTableIsServedByItsOwnerAndTheOthersNameIt) {
  const std::string store = fresh_database();
  Harness a(store, Harness::defaults(), member("a"));
  Harness b(store, Harness::defaults(), member("b"));
  Seat ana;
  const v1::Table table = a.open(kTicTacToe, {kPerson, kPerson}, &ana);

  std::string elsewhere = "unset";
  v1::TableRef by_id;
  by_id.set_table_id(table.table_id());
  ASSERT_TRUE(a.host().route(by_id, "peer", &elsewhere, nullptr).ok());
  EXPECT_EQ(elsewhere, "");
  ASSERT_TRUE(b.host().route(by_id, "peer", &elsewhere, nullptr).ok());
  EXPECT_EQ(elsewhere, "127.0.0.1:9");
  v1::TableRef by_code;
  by_code.set_invite_code(table.invite_code());
  ASSERT_TRUE(b.host().route(by_code, "peer", &elsewhere, nullptr).ok());
  EXPECT_EQ(elsewhere, "127.0.0.1:9");
  // A table nobody has is the call's to refuse, here.
  v1::TableRef unknown;
  unknown.set_table_id("no-such-table");
  ASSERT_TRUE(b.host().route(unknown, "peer", &elsewhere, nullptr).ok());
  EXPECT_EQ(elsewhere, "");
}

TEST(ClubHosts, WatchersOnAnotherHostGetEveryEventOnceAndInOrder) {
  const std::string store = fresh_database();
  Harness a(store, Harness::defaults(), member("a"));
  Harness b(store, Harness::defaults(), member("b"));
  Seat ana;
  const v1::Table table = a.open(kTicTacToe, {kPerson, kPerson}, &ana);
  auto here = a.watch(whole_history(table.table_id()));
  grpc::Status status;
  auto there = b.watch(whole_history(table.table_id()), &status);
  ASSERT_TRUE(status.ok()) << status.error_message();

  // Watched here, changed only by its owner.
  v1::JoinTableRequest join;
  join.mutable_table()->set_table_id(table.table_id());
  join.mutable_player()->set_name("Bruno");
  join.mutable_player()->set_device_id(new_device());
  const auto refused = b.join(join);
  EXPECT_EQ(refused.status.error_code(), grpc::UNAVAILABLE);
  EXPECT_EQ(refused.detail.reason(), "table_moved");

  const Seat bruno = a.sit(table, "Bruno");
  for (int move = 0; move < 5; ++move) {
    const v1::Table now = a.table(table.table_id());
    const Seat& mover = now.state().seat_to_move() == 1 ? ana : bruno;
    ASSERT_TRUE(a.play(table.table_id(), mover, now.state().view().playable_cells(0)).ok());
  }
  const std::size_t count = here->events().size();
  ASSERT_TRUE(eventually([&] { return there->events().size() >= count; }));
  std::this_thread::sleep_for(std::chrono::milliseconds(100));  // nothing more, nothing twice
  const auto sent = here->events();
  const auto fed = there->events();
  ASSERT_EQ(fed.size(), sent.size());
  for (std::size_t i = 0; i < sent.size(); ++i)
    EXPECT_EQ(fed[i].SerializeAsString(), sent[i].SerializeAsString()) << i;
  there->expect_contiguous(1);

  // A watch from a later version on the other host starts right there.
  v1::WatchRequest resume = whole_history(table.table_id());
  resume.set_after_version(sent[3].version());
  auto resumed = b.watch(resume, &status);
  ASSERT_TRUE(status.ok()) << status.error_message();
  ASSERT_FALSE(resumed->events().empty());
  EXPECT_EQ(resumed->events().front().version(), sent[3].version() + 1);
  EXPECT_EQ(resumed->events().back().version(), sent.back().version());
}

TEST(ClubHosts, AHostTakesOverTheTablesOfOneThatStoppedWatchersAndClocksIncluded) {
  const std::string store = fresh_database();
  auto a = std::make_unique<Harness>(store, Harness::defaults(), member("a"));
  Harness b(store, Harness::defaults(), member("b"));
  Seat ana;
  const v1::Table table =
      a->open(kTicTacToe, {kPerson, kPerson}, &ana, {number("time_per_turn", 30)});
  const Seat bruno = a->sit(table, "Bruno");
  ASSERT_TRUE(
      a->play(table.table_id(), ana, a->table(table.table_id()).state().view().playable_cells(0))
          .ok());
  const std::uint64_t before = a->table(table.table_id()).version();
  grpc::Status status;
  auto watcher = b.watch(whole_history(table.table_id()), &status);
  ASSERT_TRUE(status.ok()) << status.error_message();
  ASSERT_TRUE(eventually([&] { return watcher->events().size() == before; }));

  a.reset();        // its lease ends with it
  b.advance_ms(1);  // the club's round: b adopts the orphan
  ASSERT_TRUE(eventually([&] { return watcher->events().size() > before; }));
  EXPECT_FALSE(watcher->closed());
  EXPECT_EQ(watcher->events().back().kind(), v1::TableEvent::CLOCK_STARTED);
  EXPECT_EQ(watcher->events().back().seat(), 2u);

  // b serves it now: Bruno's clock runs out on b, and Ana moves on b.
  std::string elsewhere = "unset";
  v1::TableRef ref;
  ref.set_table_id(table.table_id());
  ASSERT_TRUE(b.host().route(ref, "peer", &elsewhere, nullptr).ok());
  EXPECT_EQ(elsewhere, "");
  b.advance_ms(30'000);
  EXPECT_EQ(watcher->events().back().kind(), v1::TableEvent::CPU_STANDING_IN);
  EXPECT_EQ(watcher->events().back().stand_in(), v1::TableEvent::TIME_RAN_OUT);
  ASSERT_TRUE(
      b.play(table.table_id(), ana, b.table(table.table_id()).state().view().playable_cells(0))
          .ok());
  EXPECT_EQ(b.table(table.table_id()).state().moves_size(), 3);
  watcher->expect_contiguous(1);
  (void)bruno;
}

TEST(ClubHosts, ATableClosedByItsOwnerEndsItsWatchesOnTheOtherHostAndItsMirror) {
  const std::string store = fresh_database();
  Harness a(store, Harness::defaults(), member("a"));
  Harness b(store, Harness::defaults(), member("b"));
  Seat ana;
  const v1::Table table = a.open(kTicTacToe, {kPerson, kPerson}, &ana);
  grpc::Status status;
  auto watcher = b.watch(whole_history(table.table_id()), &status);
  ASSERT_TRUE(status.ok()) << status.error_message();
  EXPECT_EQ(b.host().table_count(), 1u);  // the mirror

  a.advance_ms(25 * 3600 * 1000);  // idle for longer than a day: closed
  ASSERT_TRUE(eventually([&] { return watcher->closed(); }));
  EXPECT_TRUE(watcher->closed_with().ok()) << watcher->closed_with().error_message();
  EXPECT_EQ(watcher->events().back().kind(), v1::TableEvent::EXPIRED);
  EXPECT_EQ(b.host().table_count(), 0u);
}

}  // namespace
}  // namespace tables_test
