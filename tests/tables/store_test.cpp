// The table stores behind boardgame/tables/table_store.h. The same tests run
// against every store (TableStoreTest, one instantiation per kind); what
// only a file or a server can show (schema versions, bad paths, another
// host) follows for SQLite and PostgreSQL. The PostgreSQL tests use the
// throwaway cluster that ctest starts (postgresql_cluster.sh): its
// connection string is in the file CLUB_TEST_POSTGRESQL_CONNINFO_FILE names.
#include <google/protobuf/util/message_differencer.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <future>
#include <memory>
#include <mutex>
#include <optional>
#include <ostream>
#include <pqxx/pqxx>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "memory_store.h"
#include "store_places.h"
#include "postgresql_store.h"
#include "sqlite_store.h"

// libpqxx 6.4 does not free the PGresult of a call whose connection broke
// (a server restart, a terminated session): libpq allocated it inside
// libpqxx, and nothing of ours ever holds it. The tests that break
// connections would otherwise fail LeakSanitizer's exit check.
#if defined(__SANITIZE_ADDRESS__)
extern "C" __attribute__((visibility("default"), used)) const char* __lsan_default_suppressions() {
  return "leak:libpq.so\n";
}
#endif

namespace boardgame::tables {
namespace {

namespace fs = std::filesystem;
using google::protobuf::util::MessageDifferencer;
using namespace store_places;

// A kind of store under test. `open` opens the store kept at `place`, a
// fresh folder per test; for a durable kind, opening the same place again
// gives back what was committed. `remove` removes what the place holds
// outside its folder.
struct StoreKind {
  std::string name;
  std::function<std::unique_ptr<TableStore>(const fs::path& place)> open;
  bool durable = false;
  std::function<void(const fs::path& place)> remove = [](const fs::path&) {};
};

// What gtest prints for GetParam().
void PrintTo(const StoreKind& kind, std::ostream* out) { *out << kind.name; }

StoreKind memory_kind() {
  return {"Memory", [](const fs::path&) { return std::make_unique<MemoryTableStore>(); }, false};
}

StoreKind sqlite_kind() {
  return {
      "Sqlite",
      [](const fs::path& place) { return std::make_unique<SqliteTableStore>(place / "tables.db"); },
      true};
}

StoreKind postgresql_kind() {
  return {"Postgresql",
          [](const fs::path& place) {
            return std::make_unique<PostgresqlTableStore>(postgresql_place(place));
          },
          true,
          [](const fs::path& place) {
            run_on_cluster("DROP DATABASE IF EXISTS " + database_of(place) + " WITH (FORCE)");
          }};
}

v1::TableRecord record_of(const std::string& table_id, std::uint64_t version) {
  v1::TableRecord record;
  v1::Table& table = *record.mutable_table();
  table.set_table_id(table_id);
  table.set_invite_code("K7MQ4X");
  table.set_game_id("uttt");
  table.set_phase(v1::Table::PLAYING);
  table.set_version(version);
  table.set_next_move_number(static_cast<std::uint32_t>(version));
  v1::SeatSecret& secret = *record.add_secrets();
  secret.set_seat(1);
  secret.set_token_hash(std::string(32, '\x7f'));
  record.set_last_activity_ms(1'700'000'000'000 + static_cast<std::int64_t>(version));
  record.set_created_ms(1'700'000'000'000);
  return record;
}

v1::TableEvent event_of(const std::string& table_id, std::uint64_t version) {
  v1::TableEvent event;
  event.set_version(version);
  event.set_kind(version == 1 ? v1::TableEvent::CREATED : v1::TableEvent::MOVE);
  event.set_seat(static_cast<std::uint32_t>(version % 2 + 1));
  event.set_time_ms(1'700'000'000'000 + static_cast<std::int64_t>(version));
  *event.mutable_table() = record_of(table_id, version).table();
  return event;
}

// The change that takes a table from version `from` to `to`.
Commit change(const std::string& table_id, std::uint64_t from, std::uint64_t to,
              v1::TableEvent::Kind last_kind = v1::TableEvent::KIND_UNSPECIFIED) {
  std::vector<v1::TableEvent> events;
  for (std::uint64_t version = from + 1; version <= to; ++version) {
    events.push_back(event_of(table_id, version));
  }
  if (last_kind != v1::TableEvent::KIND_UNSPECIFIED) events.back().set_kind(last_kind);
  return commit_of(record_of(table_id, to), events);
}

v1::FinishedGame game_of(const std::string& table_id, std::uint32_t number) {
  v1::FinishedGame game;
  game.set_table_id(table_id);
  game.set_game_number(number);
  game.set_game_id("uttt");
  game.add_moves("5/5");
  game.add_moves("5/1");
  game.set_finished_ms(1'700'000'000'000 + number);
  return game;
}

// Commits and waits for `done`; returns its error.
std::string commit_and_wait(TableStore& store, Commit commit) {
  std::promise<std::string> answer;
  std::future<std::string> error = answer.get_future();
  store.commit(std::move(commit), [&answer](const std::string& e) { answer.set_value(e); });
  return error.get();
}

std::vector<std::uint64_t> versions_of(const std::vector<v1::TableEvent>& events) {
  std::vector<std::uint64_t> versions;
  for (const v1::TableEvent& event : events) versions.push_back(event.version());
  return versions;
}

std::vector<std::uint32_t> numbers_of(const std::vector<v1::FinishedGame>& games) {
  std::vector<std::uint32_t> numbers;
  for (const v1::FinishedGame& game : games) numbers.push_back(game.game_number());
  return numbers;
}

const v1::TableRecord* find_table(const std::vector<v1::TableRecord>& records,
                                  const std::string& table_id) {
  for (const v1::TableRecord& record : records) {
    if (record.table().table_id() == table_id) return &record;
  }
  return nullptr;
}
// The pointer would outlive the records.
const v1::TableRecord* find_table(std::vector<v1::TableRecord>&&, const std::string&) = delete;

class TableStoreTest : public ::testing::TestWithParam<StoreKind> {
 protected:
  void SetUp() override {
    place_ = fresh_place();
    store_ = GetParam().open(place_);
  }
  void TearDown() override {
    store_.reset();
    GetParam().remove(place_);
    fs::remove_all(place_);
  }
  // Another store object on the same place.
  std::unique_ptr<TableStore> open_again() { return GetParam().open(place_); }

  fs::path place_;
  std::unique_ptr<TableStore> store_;
};

TEST_P(TableStoreTest, LoadTablesGivesBackEachTableAsLastCommitted) {
  EXPECT_TRUE(store_->load_tables().empty());
  ASSERT_EQ(commit_and_wait(*store_, change("alpha", 0, 1)), "");
  ASSERT_EQ(commit_and_wait(*store_, change("beta", 0, 2)), "");
  ASSERT_EQ(commit_and_wait(*store_, change("alpha", 1, 3)), "");

  std::vector<v1::TableRecord> records = store_->load_tables();
  ASSERT_EQ(records.size(), 2u);
  const v1::TableRecord* alpha = find_table(records, "alpha");
  const v1::TableRecord* beta = find_table(records, "beta");
  ASSERT_NE(alpha, nullptr);
  ASSERT_NE(beta, nullptr);
  EXPECT_TRUE(MessageDifferencer::Equals(*alpha, record_of("alpha", 3)));
  EXPECT_TRUE(MessageDifferencer::Equals(*beta, record_of("beta", 2)));
}

TEST_P(TableStoreTest, EventsComeInOrderWithinTheirBounds) {
  ASSERT_EQ(commit_and_wait(*store_, change("alpha", 0, 4)), "");
  ASSERT_EQ(commit_and_wait(*store_, change("alpha", 4, 5)), "");
  ASSERT_EQ(commit_and_wait(*store_, change("alpha", 5, 10)), "");
  ASSERT_EQ(commit_and_wait(*store_, change("beta", 0, 3)), "");

  using Versions = std::vector<std::uint64_t>;
  EXPECT_EQ(versions_of(store_->events("alpha", 0, 10)), (Versions{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}));
  EXPECT_EQ(versions_of(store_->events("alpha", 3, 7)), (Versions{4, 5, 6, 7}));
  EXPECT_EQ(versions_of(store_->events("alpha", 8, UINT64_MAX)), (Versions{9, 10}));
  EXPECT_EQ(versions_of(store_->events("alpha", 0, 1)), (Versions{1}));
  EXPECT_TRUE(store_->events("alpha", 10, 20).empty());
  EXPECT_TRUE(store_->events("alpha", 5, 5).empty());
  EXPECT_TRUE(store_->events("alpha", 7, 3).empty());
  EXPECT_TRUE(store_->events("alpha", UINT64_MAX, UINT64_MAX).empty());
  EXPECT_TRUE(store_->events("nobody", 0, UINT64_MAX).empty());
  EXPECT_EQ(versions_of(store_->events("beta", 0, UINT64_MAX)), (Versions{1, 2, 3}));

  std::vector<v1::TableEvent> sixth = store_->events("alpha", 5, 6);
  ASSERT_EQ(sixth.size(), 1u);
  EXPECT_TRUE(MessageDifferencer::Equals(sixth[0], event_of("alpha", 6)));
}

// Callers hold their own lock while committing, and `done` takes it: the
// store must never call `done` inside commit().
thread_local bool t_inside_commit = false;

TEST_P(TableStoreTest, EveryDoneRunsOnceInCommitOrderOffTheCommittingThread) {
  constexpr int kThreads = 8;
  constexpr int kCommitsEach = 150;
  std::mutex service;  // stands for the table service's lock
  std::uint64_t next_sequence = 0;
  std::vector<std::uint64_t> answered;  // sequences, in the order done ran
  std::vector<std::string> errors;
  std::atomic<int> inside_commit_calls{0};

  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      std::string table_id = "table-" + std::to_string(t);
      for (std::uint64_t version = 1; version <= kCommitsEach; ++version) {
        std::lock_guard lock(service);
        std::uint64_t sequence = next_sequence++;
        t_inside_commit = true;
        store_->commit(change(table_id, version - 1, version),
                       [&, sequence](const std::string& error) {
                         if (t_inside_commit) {
                           ++inside_commit_calls;  // taking `service` here would deadlock
                           return;
                         }
                         std::lock_guard answer_lock(service);
                         answered.push_back(sequence);
                         if (!error.empty()) errors.push_back(error);
                       });
        t_inside_commit = false;
      }
    });
  }
  for (std::thread& thread : threads) thread.join();
  store_->flush();

  EXPECT_EQ(inside_commit_calls.load(), 0);
  std::lock_guard lock(service);
  EXPECT_TRUE(errors.empty()) << errors.front();
  ASSERT_EQ(answered.size(), static_cast<std::size_t>(kThreads * kCommitsEach));
  for (std::size_t i = 0; i < answered.size(); ++i) {
    ASSERT_EQ(answered[i], i) << "done ran out of commit order (or twice)";
  }
  std::vector<v1::TableRecord> records = store_->load_tables();
  ASSERT_EQ(records.size(), static_cast<std::size_t>(kThreads));
  for (const v1::TableRecord& record : records) {
    EXPECT_EQ(record.table().version(), static_cast<std::uint64_t>(kCommitsEach));
    EXPECT_EQ(store_->events(record.table().table_id(), 0, UINT64_MAX).size(),
              static_cast<std::size_t>(kCommitsEach));
  }
}

TEST_P(TableStoreTest, FlushWaitsForEveryCommitQueuedSoFar) {
  store_->flush();  // nothing queued: returns at once
  constexpr int kCommits = 400;
  std::atomic<int> answered{0};
  for (int version = 1; version <= kCommits; ++version) {
    store_->commit(change("alpha", version - 1, version), [&](const std::string&) {
      // A slow `done` now and then, so that flush has something to wait
      // for.
      if (answered % 100 == 0) std::this_thread::sleep_for(std::chrono::milliseconds(5));
      ++answered;
    });
  }
  store_->flush();
  EXPECT_EQ(answered.load(), kCommits);
  EXPECT_EQ(store_->events("alpha", 0, UINT64_MAX).size(), static_cast<std::size_t>(kCommits));
}

TEST_P(TableStoreTest, CloseRemovesTheTableAndItsEventsButKeepsItsFinishedGames) {
  Commit first_game = change("alpha", 0, 3);
  first_game.finished = game_of("alpha", 1);
  ASSERT_EQ(commit_and_wait(*store_, std::move(first_game)), "");
  ASSERT_EQ(commit_and_wait(*store_, change("beta", 0, 2)), "");

  // The second game's end, then EXPIRED.
  Commit expiry = change("alpha", 3, 5, v1::TableEvent::EXPIRED);
  expiry.finished = game_of("alpha", 2);
  expiry.close = true;
  ASSERT_EQ(commit_and_wait(*store_, std::move(expiry)), "");

  std::vector<v1::TableRecord> records = store_->load_tables();
  EXPECT_EQ(find_table(records, "alpha"), nullptr);
  EXPECT_NE(find_table(records, "beta"), nullptr);
  EXPECT_TRUE(store_->events("alpha", 0, UINT64_MAX).empty());
  EXPECT_EQ(store_->events("beta", 0, UINT64_MAX).size(), 2u);
  EXPECT_EQ(numbers_of(store_->finished_games("alpha")), (std::vector<std::uint32_t>{1, 2}));
}

TEST_P(TableStoreTest, FinishedGamesComeByGameNumber) {
  std::uint64_t version = 0;
  for (std::uint32_t number : {2u, 3u, 1u}) {
    Commit commit = change("alpha", version, version + 1);
    ++version;
    commit.finished = game_of("alpha", number);
    ASSERT_EQ(commit_and_wait(*store_, std::move(commit)), "") << number;
  }
  Commit other = change("beta", 0, 1);
  other.finished = game_of("beta", 1);
  ASSERT_EQ(commit_and_wait(*store_, std::move(other)), "");

  std::vector<v1::FinishedGame> games = store_->finished_games("alpha");
  EXPECT_EQ(numbers_of(games), (std::vector<std::uint32_t>{1, 2, 3}));
  ASSERT_EQ(games.size(), 3u);
  EXPECT_TRUE(MessageDifferencer::Equals(games[1], game_of("alpha", 2)));
  EXPECT_EQ(numbers_of(store_->finished_games("beta")), (std::vector<std::uint32_t>{1}));
  EXPECT_TRUE(store_->finished_games("nobody").empty());
}

TEST_P(TableStoreTest, ADoubleWriteFailsAloneAndWritesNothingOfItself) {
  ASSERT_EQ(commit_and_wait(*store_, change("alpha", 0, 2)), "");

  // Queued together, so that a store writing in groups writes them in one.
  std::promise<std::string> double_write;
  std::promise<std::string> innocent;
  Commit again = change("alpha", 1, 3);  // event 2 once more
  again.finished = game_of("alpha", 1);
  store_->commit(std::move(again), [&](const std::string& e) { double_write.set_value(e); });
  store_->commit(change("beta", 0, 1), [&](const std::string& e) { innocent.set_value(e); });

  std::string error = double_write.get_future().get();
  EXPECT_NE(error.find("event 2 of table alpha is already stored"), std::string::npos) << error;
  EXPECT_EQ(innocent.get_future().get(), "");

  std::vector<v1::TableRecord> records = store_->load_tables();
  const v1::TableRecord* alpha = find_table(records, "alpha");
  ASSERT_NE(alpha, nullptr);
  EXPECT_EQ(alpha->table().version(), 2u);
  EXPECT_EQ(versions_of(store_->events("alpha", 0, UINT64_MAX)),
            (std::vector<std::uint64_t>{1, 2}));
  EXPECT_TRUE(store_->finished_games("alpha").empty());

  // The store goes on.
  EXPECT_EQ(commit_and_wait(*store_, change("alpha", 2, 3)), "");
  EXPECT_EQ(store_->events("alpha", 0, UINT64_MAX).size(), 3u);
}

// A change made from an older copy of the table than the stored one (on
// another host, say) must not overwrite what came in between. A stale
// change that repeats stored events is a double write; these carry none, or
// meet a table that is gone.
TEST_P(TableStoreTest, AChangeFromAStaleCopyFailsAloneAndWritesNothingOfItself) {
  ASSERT_EQ(commit_and_wait(*store_, change("alpha", 0, 4)), "");

  // Queued together, so that a store writing in groups writes them in one.
  std::promise<std::string> gone;
  std::promise<std::string> behind;
  std::promise<std::string> innocent;
  store_->commit(change("gamma", 2, 3), [&](const std::string& e) { gone.set_value(e); });
  Commit old_record = commit_of(record_of("alpha", 3));  // the table is at 4
  old_record.finished = game_of("alpha", 1);
  store_->commit(std::move(old_record), [&](const std::string& e) { behind.set_value(e); });
  store_->commit(change("beta", 0, 1), [&](const std::string& e) { innocent.set_value(e); });

  std::string error = gone.get_future().get();
  EXPECT_NE(error.find("table gamma is not stored at version 2"), std::string::npos) << error;
  error = behind.get_future().get();
  EXPECT_NE(error.find("table alpha is not stored at version 3"), std::string::npos) << error;
  EXPECT_NE(error.find("stale copy"), std::string::npos) << error;
  EXPECT_EQ(innocent.get_future().get(), "");

  // A close from a stale copy closes nothing.
  Commit late_close = change("alpha", 3, 4, v1::TableEvent::EXPIRED);
  late_close.close = true;
  error = commit_and_wait(*store_, std::move(late_close));
  EXPECT_NE(error.find("table alpha is not stored at version 3"), std::string::npos) << error;

  std::vector<v1::TableRecord> records = store_->load_tables();
  ASSERT_NE(find_table(records, "alpha"), nullptr);
  EXPECT_TRUE(MessageDifferencer::Equals(*find_table(records, "alpha"), record_of("alpha", 4)));
  EXPECT_NE(find_table(records, "beta"), nullptr);
  EXPECT_EQ(find_table(records, "gamma"), nullptr);
  EXPECT_EQ(versions_of(store_->events("alpha", 0, UINT64_MAX)),
            (std::vector<std::uint64_t>{1, 2, 3, 4}));
  EXPECT_TRUE(store_->events("gamma", 0, UINT64_MAX).empty());
  EXPECT_TRUE(store_->finished_games("alpha").empty());

  // The current version goes on.
  EXPECT_EQ(commit_and_wait(*store_, change("alpha", 4, 5)), "");
}

// The service answers a move and then commits the CPU's reply from `done`.
TEST_P(TableStoreTest, DoneMayCommitAgainAndRead) {
  std::promise<std::string> reply_done;
  std::vector<std::uint64_t> seen_in_done;
  store_->commit(change("alpha", 0, 1), [&](const std::string& error) {
    EXPECT_EQ(error, "");
    seen_in_done = versions_of(store_->events("alpha", 0, UINT64_MAX));
    store_->commit(change("alpha", 1, 2), [&](const std::string& e) { reply_done.set_value(e); });
  });
  EXPECT_EQ(reply_done.get_future().get(), "");
  EXPECT_EQ(seen_in_done, (std::vector<std::uint64_t>{1}));
  EXPECT_EQ(versions_of(store_->events("alpha", 0, UINT64_MAX)),
            (std::vector<std::uint64_t>{1, 2}));
}

TEST_P(TableStoreTest, ACommitWithoutATableIdIsRefused) {
  Commit nameless = change("", 0, 1);
  EXPECT_NE(commit_and_wait(*store_, std::move(nameless)).find("without a table id"),
            std::string::npos);
  EXPECT_TRUE(store_->load_tables().empty());
}

TEST_P(TableStoreTest, AStoreOpenedAgainHasEverythingCommitted) {
  if (!GetParam().durable) GTEST_SKIP() << GetParam().name << " keeps nothing";
  Commit game = change("alpha", 0, 7);
  game.finished = game_of("alpha", 1);
  ASSERT_EQ(commit_and_wait(*store_, std::move(game)), "");
  ASSERT_EQ(commit_and_wait(*store_, change("beta", 0, 1)), "");
  Commit expiry = change("beta", 1, 2);
  expiry.close = true;
  ASSERT_EQ(commit_and_wait(*store_, std::move(expiry)), "");
  for (std::uint64_t version = 1; version <= 50; ++version) {
    store_->commit(change("gamma", version - 1, version), nullptr);
  }
  store_.reset();  // writes what is queued, then closes

  std::unique_ptr<TableStore> reopened = open_again();
  std::vector<v1::TableRecord> records = reopened->load_tables();
  ASSERT_EQ(records.size(), 2u);
  ASSERT_NE(find_table(records, "alpha"), nullptr);
  EXPECT_TRUE(MessageDifferencer::Equals(*find_table(records, "alpha"), record_of("alpha", 7)));
  ASSERT_NE(find_table(records, "gamma"), nullptr);
  EXPECT_EQ(find_table(records, "gamma")->table().version(), 50u);
  EXPECT_EQ(reopened->events("alpha", 0, UINT64_MAX).size(), 7u);
  EXPECT_EQ(reopened->events("gamma", 0, UINT64_MAX).size(), 50u);
  EXPECT_TRUE(reopened->events("beta", 0, UINT64_MAX).empty());
  std::vector<v1::FinishedGame> games = reopened->finished_games("alpha");
  ASSERT_EQ(games.size(), 1u);
  EXPECT_TRUE(MessageDifferencer::Equals(games[0], game_of("alpha", 1)));

  // And it goes on from there.
  EXPECT_EQ(commit_and_wait(*reopened, change("alpha", 7, 8)), "");
  store_ = std::move(reopened);
}

TEST_P(TableStoreTest, DoneRunsOnlyOnceTheCommitIsReadableFromAFreshStore) {
  if (!GetParam().durable) GTEST_SKIP() << GetParam().name << " keeps nothing";
  constexpr std::uint64_t kCommits = 12;
  std::vector<std::string> failures;  // only touched by the store's thread
  for (std::uint64_t version = 1; version <= kCommits; ++version) {
    store_->commit(change("alpha", version - 1, version), [&, version](const std::string& error) {
      if (!error.empty()) {
        failures.push_back(error);
        return;
      }
      try {
        std::unique_ptr<TableStore> fresh = open_again();
        std::vector<v1::TableEvent> events = fresh->events("alpha", version - 1, version);
        std::vector<v1::TableRecord> records = fresh->load_tables();
        const v1::TableRecord* record = find_table(records, "alpha");
        if (events.size() != 1 || record == nullptr || record->table().version() < version) {
          failures.push_back("commit " + std::to_string(version) +
                             " answered before it was readable");
        }
      } catch (const std::exception& error) {
        failures.push_back("commit " + std::to_string(version) + ": " + error.what());
      }
    });
  }
  store_->flush();
  EXPECT_TRUE(failures.empty()) << failures.front();
}

INSTANTIATE_TEST_SUITE_P(Stores, TableStoreTest,
                         ::testing::Values(memory_kind(), sqlite_kind(), postgresql_kind()),
                         [](const ::testing::TestParamInfo<StoreKind>& info) {
                           return info.param.name;
                         });

// What only a SQLite file can show.
class SqliteStoreFileTest : public ::testing::Test {
 protected:
  void SetUp() override { place_ = fresh_place(); }
  void TearDown() override { fs::remove_all(place_); }

  // Runs SQL on the file with SQLite itself, as another program would.
  static void run_sql(const fs::path& file, const std::string& sql) {
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(file.c_str(), &db), SQLITE_OK);
    char* message = nullptr;
    int code = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &message);
    std::string error = message ? message : "";
    sqlite3_free(message);
    sqlite3_close(db);
    ASSERT_EQ(code, SQLITE_OK) << error;
  }

  static std::string single_text(const fs::path& file, const std::string& sql) {
    sqlite3* db = nullptr;
    sqlite3_stmt* statement = nullptr;
    std::string text;
    if (sqlite3_open(file.c_str(), &db) == SQLITE_OK &&
        sqlite3_prepare_v2(db, sql.c_str(), -1, &statement, nullptr) == SQLITE_OK &&
        sqlite3_step(statement) == SQLITE_ROW) {
      text = reinterpret_cast<const char*>(sqlite3_column_text(statement, 0));
    }
    sqlite3_finalize(statement);
    sqlite3_close(db);
    return text;
  }

  // The message of the std::runtime_error that opening `file` throws.
  static std::string opening_error(const fs::path& file) {
    try {
      SqliteTableStore store(file);
    } catch (const std::runtime_error& error) {
      return error.what();
    }
    ADD_FAILURE() << "opening " << file << " did not throw";
    return "";
  }

  fs::path place_;
};

TEST_F(SqliteStoreFileTest, WritesTheVersionedSchemaInWalMode) {
  fs::path file = place_ / "tables.db";
  {
    SqliteTableStore store(file);
    ASSERT_EQ(commit_and_wait(store, change("alpha", 0, 1)), "");
    // While the store is open the WAL holds the commit.
    EXPECT_EQ(single_text(file, "PRAGMA journal_mode"), "wal");
  }
  EXPECT_EQ(single_text(file, "PRAGMA user_version"),
            std::to_string(SqliteTableStore::kSchemaVersion));
  EXPECT_EQ(single_text(file,
                        "SELECT group_concat(name, ',') FROM"
                        " (SELECT name FROM sqlite_schema WHERE type = "
                        "'table' ORDER BY name)"),
            "events,finished_games,players,rated_games,ratings,tables,transfers");
  EXPECT_EQ(single_text(file,
                        "SELECT table_id || ' ' || invite_code || ' ' || "
                        "version FROM tables"),
            "alpha K7MQ4X 1");
}

// A file of schema version 1 (before the club's players) is brought up to
// date when opened, its tables kept.
TEST_F(SqliteStoreFileTest, BringsAVersionOneFileUpToDate) {
  fs::path file = place_ / "tables.db";
  {
    SqliteTableStore store(file);
    ASSERT_EQ(commit_and_wait(store, change("alpha", 0, 1)), "");
  }
  run_sql(file,
          "DROP TABLE players; DROP TABLE transfers; DROP TABLE ratings; DROP TABLE rated_games;"
          " PRAGMA user_version = 1");
  {
    SqliteTableStore store(file);
    EXPECT_EQ(store.load_tables().size(), 1u);
    store.players().add_player({"player-one-aaaaa", "Ana", "secret-hash", 1});
    EXPECT_EQ(store.players().player("player-one-aaaaa")->name, "Ana");
  }
  EXPECT_EQ(single_text(file, "PRAGMA user_version"), "2");
}

TEST_F(SqliteStoreFileTest, RefusesADatabaseOfANewerSchemaVersion) {
  fs::path file = place_ / "tables.db";
  { SqliteTableStore store(file); }
  run_sql(file, "PRAGMA user_version = 99");
  std::string error = opening_error(file);
  EXPECT_NE(error.find("schema version 99"), std::string::npos) << error;
  EXPECT_NE(error.find(file.string()), std::string::npos) << error;
}

TEST_F(SqliteStoreFileTest, RefusesADatabaseOfSomethingElse) {
  fs::path other = place_ / "other.db";
  run_sql(other, "CREATE TABLE contacts(name TEXT)");
  std::string error = opening_error(other);
  EXPECT_NE(error.find("not a table store"), std::string::npos) << error;

  fs::path garbage = place_ / "garbage.db";
  std::ofstream(garbage) << std::string(8192, 'x');
  error = opening_error(garbage);
  EXPECT_NE(error.find(garbage.string()), std::string::npos) << error;
  EXPECT_NE(error.find("not a database"), std::string::npos) << error;
}

TEST_F(SqliteStoreFileTest, AFailedTransactionFailsItsBatchAndTheStoreGoesOn) {
  fs::path file = place_ / "tables.db";
  SqliteTableStore::Options options;
  options.busy_timeout_ms = 50;
  SqliteTableStore store(file, options);
  ASSERT_EQ(commit_and_wait(store, change("alpha", 0, 1)), "");

  // Another program holds the write lock longer than the store waits.
  sqlite3* other = nullptr;
  ASSERT_EQ(sqlite3_open(file.c_str(), &other), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(other, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr), SQLITE_OK);
  std::vector<std::future<std::string>> answers;
  for (std::uint64_t version = 2; version <= 4; ++version) {
    auto answer = std::make_shared<std::promise<std::string>>();
    answers.push_back(answer->get_future());
    store.commit(change("alpha", version - 1, version),
                 [answer](const std::string& error) { answer->set_value(error); });
  }
  for (auto& answer : answers) {
    std::string error = answer.get();
    EXPECT_NE(error.find("database is locked"), std::string::npos) << error;
    EXPECT_NE(error.find(file.string()), std::string::npos) << error;
  }
  EXPECT_EQ(versions_of(store.events("alpha", 0, UINT64_MAX)), (std::vector<std::uint64_t>{1}));

  ASSERT_EQ(sqlite3_exec(other, "ROLLBACK", nullptr, nullptr, nullptr), SQLITE_OK);
  sqlite3_close(other);
  EXPECT_EQ(commit_and_wait(store, change("alpha", 1, 2)), "");
  EXPECT_EQ(versions_of(store.events("alpha", 0, UINT64_MAX)), (std::vector<std::uint64_t>{1, 2}));
}

TEST_F(SqliteStoreFileTest, CreatesTheFoldersOfItsPath) {
  fs::path file = place_ / "var" / "lib" / "club" / "tables.db";
  SqliteTableStore store(file);
  EXPECT_EQ(commit_and_wait(store, change("alpha", 0, 1)), "");
  EXPECT_TRUE(fs::exists(file));
}

TEST_F(SqliteStoreFileTest, SaysWhichPathCannotBeOpened) {
  // A folder that would sit inside a plain file: impossible even for root.
  fs::path blocker = place_ / "plain-file";
  std::ofstream(blocker) << "not a folder";
  fs::path under_a_file = blocker / "club" / "tables.db";
  std::string error = opening_error(under_a_file);
  EXPECT_NE(error.find(under_a_file.string()), std::string::npos) << error;
  EXPECT_NE(error.find("cannot create its folder"), std::string::npos) << error;

  fs::path in_proc = "/proc/club-table-store-test/tables.db";
  error = opening_error(in_proc);
  EXPECT_NE(error.find(in_proc.string()), std::string::npos) << error;

  // A folder where the file should be.
  fs::path folder = place_ / "a-folder.db";
  fs::create_directories(folder);
  error = opening_error(folder);
  EXPECT_NE(error.find(folder.string()), std::string::npos) << error;
}

// What only a PostgreSQL server can show.
class PostgresqlStoreServerTest : public ::testing::Test {
 protected:
  void SetUp() override { conninfo_ = postgresql_place(place_); }
  void TearDown() override {
    postgresql_kind().remove(place_);
    fs::remove_all(place_);
  }

  std::string single_text(const std::string& sql) {
    pqxx::connection connection(conninfo_);
    pqxx::nontransaction tx(connection);
    pqxx::result result = tx.exec(sql);
    return result.empty() ? "" : result[0][0].c_str();
  }
  void run_sql(const std::string& sql) {
    pqxx::connection connection(conninfo_);
    pqxx::nontransaction tx(connection);
    tx.exec(sql);
  }

  // The message of the std::runtime_error that opening the store throws.
  static std::string opening_error(const std::string& conninfo,
                                   PostgresqlTableStore::Options options = {}) {
    try {
      PostgresqlTableStore store(conninfo, options);
    } catch (const std::runtime_error& error) {
      return error.what();
    }
    ADD_FAILURE() << "opening " << conninfo << " did not throw";
    return "";
  }

  fs::path place_ = fresh_place();
  std::string conninfo_;
};

TEST_F(PostgresqlStoreServerTest, WritesTheVersionedSchema) {
  {
    PostgresqlTableStore store(conninfo_);
    ASSERT_EQ(commit_and_wait(store, change("alpha", 0, 1)), "");
  }
  EXPECT_EQ(single_text("SELECT version FROM store_schema"),
            std::to_string(PostgresqlTableStore::kSchemaVersion));
  EXPECT_EQ(single_text("SELECT string_agg(table_name, ',' ORDER BY table_name)"
                        " FROM information_schema.tables WHERE table_schema = "
                        "current_schema()"),
            "club_hosts,finished_games,game_tables,players,rated_games,ratings,store_schema,"
            "table_events,transfers");
  EXPECT_EQ(single_text("SELECT table_id || ' ' || invite_code || ' ' || "
                        "version FROM game_tables"),
            "alpha K7MQ4X 1");
  // Two stores opening one database together migrate it once.
  std::vector<std::thread> openers;
  std::atomic<int> failures{0};
  for (int i = 0; i < 4; ++i) {
    openers.emplace_back([&] {
      try {
        PostgresqlTableStore store(conninfo_);
      } catch (const std::exception&) {
        ++failures;
      }
    });
  }
  for (std::thread& opener : openers) opener.join();
  EXPECT_EQ(failures.load(), 0);
}

TEST_F(PostgresqlStoreServerTest, RefusesADatabaseOfANewerSchemaVersion) {
  { PostgresqlTableStore store(conninfo_); }
  run_sql("UPDATE store_schema SET version = 99");
  std::string error = opening_error(conninfo_);
  EXPECT_NE(error.find("schema version 99"), std::string::npos) << error;
  EXPECT_NE(error.find(database_of(place_)), std::string::npos) << error;
}

TEST_F(PostgresqlStoreServerTest, RefusesADatabaseOfSomethingElse) {
  run_sql("CREATE TABLE contacts(name text)");
  std::string error = opening_error(conninfo_);
  EXPECT_NE(error.find("not a table store"), std::string::npos) << error;
  EXPECT_EQ(single_text("SELECT count(*) FROM information_schema.tables"
                        " WHERE table_name = 'game_tables'"),
            "0");
}

TEST_F(PostgresqlStoreServerTest, SaysWhyItCannotConnect) {
  std::string error = opening_error(postgresql_conninfo("no_such_database"));
  EXPECT_NE(error.find("cannot connect to the PostgreSQL table store"), std::string::npos) << error;
  EXPECT_NE(error.find("no_such_database"), std::string::npos) << error;

  // Nothing listens on port 1.
  error = opening_error("postgresql://club@127.0.0.1:1/postgres?connect_timeout=5");
  EXPECT_NE(error.find("cannot connect to the PostgreSQL table store"), std::string::npos) << error;
}

TEST(ShownStoreTest, HidesAPasswordAndNothingElse) {
  EXPECT_EQ(shown_store("postgresql://club:s3cr@t@db.example:5433/tables?sslmode=require"),
            "postgresql://club:(hidden)@db.example:5433/tables?sslmode=require");
  EXPECT_EQ(shown_store("postgres://club@db/tables?password=s3cret&connect_timeout=5"),
            "postgres://club@db/tables?password=(hidden)&connect_timeout=5");
  EXPECT_EQ(shown_store("postgresql://db/tables?sslmode=require&password=s3cret"),
            "postgresql://db/tables?sslmode=require&password=(hidden)");
  // No password: as given. A '@' or ':' past the host is not user info.
  EXPECT_EQ(shown_store("postgresql://club@[::1]:5432/tables"),
            "postgresql://club@[::1]:5432/tables");
  EXPECT_EQ(shown_store("postgresql://db:5432/a@b"), "postgresql://db:5432/a@b");
  EXPECT_EQ(shown_store("sqlite:/var/lib/club:games/tables.db"),
            "sqlite:/var/lib/club:games/tables.db");
  EXPECT_EQ(shown_store("memory"), "memory");
}

TEST_F(PostgresqlStoreServerTest, AStoreForOneHostRefusesASecondHostUntilTheFirstIsGone) {
  PostgresqlTableStore::Options one_host;
  one_host.one_host = true;
  auto first = std::make_unique<PostgresqlTableStore>(conninfo_, one_host);
  std::string error = opening_error(conninfo_, one_host);
  EXPECT_NE(error.find("in use by another game-host"), std::string::npos) << error;
  first.reset();
  PostgresqlTableStore second(conninfo_, one_host);
  EXPECT_EQ(commit_and_wait(second, change("alpha", 0, 1)), "");
}

// A server that drops the store's connections (a restart, a failover)
// costs no commit and no read: nothing was written on a lost connection, so
// the store writes it again on a new one.
TEST_F(PostgresqlStoreServerTest, ALostConnectionIsOpenedAgainWithoutLosingACommit) {
  PostgresqlTableStore store(conninfo_);
  ASSERT_EQ(commit_and_wait(store, change("alpha", 0, 1)), "");
  ASSERT_EQ(store.events("alpha", 0, UINT64_MAX).size(), 1u);
  for (std::uint64_t version = 2; version <= 4; ++version) {
    run_on_cluster(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
        "WHERE datname = '" +
        database_of(place_) + "'");
    EXPECT_EQ(commit_and_wait(store, change("alpha", version - 1, version)), "");
    EXPECT_EQ(store.events("alpha", 0, UINT64_MAX).size(), version);
  }
}

// A club: several hosts on one database, each a store of its own with a
// membership. Leases long enough that a busy machine renews them in time;
// where a test wants one to lapse, it kills the host.
class PostgresqlClubTest : public PostgresqlStoreServerTest {
 protected:
  static constexpr std::int64_t kLeaseMs = 2000;

  std::unique_ptr<PostgresqlTableStore> member(const std::string& host_id) {
    PostgresqlTableStore::Options options;
    options.club = ClubMembership{host_id, host_id + ".club.test:50051", kLeaseMs};
    return std::make_unique<PostgresqlTableStore>(conninfo_, options);
  }
};

TEST_F(PostgresqlClubTest, EachHostOwnsWhatItCreatesAndCannotWriteAnothersTables) {
  auto a = member("a");
  auto b = member("b");
  ASSERT_EQ(commit_and_wait(*a, change("alpha", 0, 1)), "");

  std::string error = commit_and_wait(*b, change("alpha", 1, 2));
  EXPECT_NE(error.find("table alpha belongs to host a now, not to this host (b)"),
            std::string::npos)
      << error;
  std::optional<ClubStore::Owner> owner = b->owner_of("alpha");
  ASSERT_TRUE(owner.has_value());
  EXPECT_EQ(owner->host_id, "a");
  EXPECT_EQ(owner->address, "a.club.test:50051");
  EXPECT_TRUE(owner->alive);
  EXPECT_FALSE(b->owner_of("nobody").has_value());
  EXPECT_EQ(b->table_of_invite("K7MQ4X"), std::optional<std::string>("alpha"));
  EXPECT_FALSE(b->table_of_invite("ZZZZZZ").has_value());
  // A live owner keeps its table.
  EXPECT_FALSE(b->claim("alpha").has_value());
  // Each loads its own tables only: a host that starts again under its id
  // carries on with them.
  EXPECT_EQ(a->load_tables().size(), 1u);
  EXPECT_TRUE(b->load_tables().empty());
  EXPECT_EQ(commit_and_wait(*a, change("alpha", 1, 2)), "");
}

TEST_F(PostgresqlClubTest, AHostsTablesGoToAnotherOnceItsLeaseLapses) {
  int ready[2];
  ASSERT_EQ(::pipe(ready), 0);
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    // Host a, to be killed with -9: its lease is never given back. The
    // child never returns into the test runner.
    ::close(ready[0]);
    char answer = 'n';
    try {
      auto a = member("a");
      if (commit_and_wait(*a, change("alpha", 0, 1)) == "" &&
          commit_and_wait(*a, change("beta", 0, 3)) == "")
        answer = 'y';
      (void)!::write(ready[1], &answer, 1);
      for (;;) ::pause();
    } catch (...) {
    }
    (void)!::write(ready[1], &answer, 1);
    ::_exit(1);
  }
  // However the test ends, the child does not outlive it.
  struct Reaper {
    pid_t child;
    ~Reaper() {
      ::kill(child, SIGKILL);
      ::waitpid(child, nullptr, 0);
    }
  } reaper{child};
  ::close(ready[1]);
  char answer = 0;
  ASSERT_EQ(::read(ready[0], &answer, 1), 1);
  ::close(ready[0]);
  ASSERT_EQ(answer, 'y');
  auto b = member("b");
  EXPECT_FALSE(b->claim("alpha").has_value());  // a lives
  ::kill(child, SIGKILL);

  std::optional<v1::TableRecord> alpha;
  for (int i = 0; i < 100 && !alpha; ++i) {
    alpha = b->claim("alpha");
    if (!alpha) std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  ASSERT_TRUE(alpha.has_value()) << "the lease of a dead host did not lapse";
  EXPECT_TRUE(MessageDifferencer::Equals(*alpha, record_of("alpha", 1)));
  EXPECT_EQ(b->owner_of("alpha")->host_id, "b");
  EXPECT_FALSE(b->owner_of("beta")->alive);
  EXPECT_EQ(commit_and_wait(*b, change("alpha", 1, 2)), "");

  // Host a starts again under its own id: beta is still its own, alpha is
  // not any more, and its old copy of alpha cannot overwrite b's change.
  auto a = member("a");
  std::vector<v1::TableRecord> mine = a->load_tables();
  ASSERT_EQ(mine.size(), 1u);
  EXPECT_EQ(mine[0].table().table_id(), "beta");
  std::string error = commit_and_wait(*a, change("alpha", 1, 2));
  EXPECT_NE(error.find("already stored"), std::string::npos) << error;
  error = commit_and_wait(*a, commit_of(record_of("alpha", 2)));
  EXPECT_NE(error.find("belongs to host b now"), std::string::npos) << error;
  EXPECT_EQ(commit_and_wait(*a, change("beta", 3, 4)), "");
}

TEST_F(PostgresqlClubTest, HostsAdoptingTogetherShareTheOrphansOut) {
  constexpr int kTables = 40;
  {
    auto gone = member("gone");
    for (int i = 0; i < kTables; ++i) {
      char id[16];
      std::snprintf(id, sizeof id, "t%02d", i);
      ASSERT_EQ(commit_and_wait(*gone, change(id, 0, 1)), "");
    }
  }  // a host that stops gives its lease back: its tables are orphans now
  auto b = member("b");
  auto c = member("c");
  std::vector<std::string> by_b, by_c;
  auto adopt = [](PostgresqlTableStore& store, std::vector<std::string>& ids) {
    for (;;) {
      std::vector<v1::TableRecord> taken = store.adopt_orphans(3);
      if (taken.empty()) return;
      for (const v1::TableRecord& record : taken) ids.push_back(record.table().table_id());
    }
  };
  std::thread with_b([&] { adopt(*b, by_b); });
  std::thread with_c([&] { adopt(*c, by_c); });
  with_b.join();
  with_c.join();

  std::set<std::string> all(by_b.begin(), by_b.end());
  for (const std::string& id : by_c) EXPECT_TRUE(all.insert(id).second) << id << " adopted twice";
  EXPECT_EQ(all.size(), static_cast<std::size_t>(kTables));
  EXPECT_EQ(b->load_tables().size(), by_b.size());
  EXPECT_EQ(c->load_tables().size(), by_c.size());
  EXPECT_TRUE(b->adopt_orphans(10).empty());  // c lives: nothing of its is an orphan
}

TEST_F(PostgresqlClubTest, EveryHostHearsEveryChangeAndIsToldWhenItMayHaveMissedSome) {
  // Before the stores: b's feed writes to them until b is gone.
  std::mutex mutex;
  std::condition_variable heard_more;
  std::vector<std::string> heard;
  auto a = member("a");
  auto b = member("b");
  std::vector<std::vector<std::string>> carried;
  b->follow_changes([&](const std::string& table_id, std::uint64_t version,
                        std::vector<std::string> events) {
    std::lock_guard lock(mutex);
    heard.push_back(table_id + "@" + std::to_string(version));
    carried.push_back(std::move(events));
    heard_more.notify_all();
  });
  auto wait_for = [&](std::size_t count) {
    std::unique_lock lock(mutex);
    heard_more.wait_for(lock, std::chrono::seconds(5), [&] { return heard.size() >= count; });
    return heard;
  };

  ASSERT_EQ(commit_and_wait(*a, change("alpha", 0, 1)), "");
  ASSERT_EQ(commit_and_wait(*a, change("alpha", 1, 3)), "");
  ASSERT_EQ(commit_and_wait(*a, change("beta", 0, 1)), "");
  Commit close = change("alpha", 3, 4, v1::TableEvent::EXPIRED);
  close.close = true;
  ASSERT_EQ(commit_and_wait(*a, std::move(close)), "");
  // A refused change is announced to nobody.
  EXPECT_NE(commit_and_wait(*b, change("beta", 1, 2)), "");
  EXPECT_EQ(wait_for(4), (std::vector<std::string>{"alpha@1", "alpha@3", "beta@1", "alpha@4"}));
  {
    // The events come along: those of alpha's second change, 2 and 3.
    std::lock_guard lock(mutex);
    ASSERT_EQ(carried[1].size(), 2u);
    v1::TableEvent event;
    ASSERT_TRUE(event.ParseFromString(carried[1][1]));
    EXPECT_EQ(event.version(), 3u);
    ASSERT_EQ(carried[3].size(), 1u);
    ASSERT_TRUE(event.ParseFromString(carried[3][0]));
    EXPECT_EQ(event.kind(), v1::TableEvent::EXPIRED);
  }

  // The server drops every connection: b's feed says it may have missed
  // changes, then carries on.
  run_on_cluster("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '" +
                 database_of(place_) + "'");
  EXPECT_EQ(wait_for(5).back(), "@0");
  ASSERT_EQ(commit_and_wait(*a, change("beta", 1, 2)), "");
  EXPECT_EQ(wait_for(6).back(), "beta@2");

  // Events too big for an announcement stay in the store.
  Commit big = change("gamma", 0, 1);
  big.events[0].bytes.append(5000, 'x');
  ASSERT_EQ(commit_and_wait(*a, std::move(big)), "");
  EXPECT_EQ(wait_for(7).back(), "gamma@1");
  std::lock_guard lock(mutex);
  EXPECT_TRUE(carried.back().empty());
}

TEST_F(PostgresqlClubTest, AHostIdThatALiveHostRenewsIsRefused) {
  auto a = member("a");
  std::string error;
  try {
    member("a");
  } catch (const std::runtime_error& e) {
    error = e.what();
  }
  EXPECT_NE(error.find("host id a is in use by a live host"), std::string::npos) << error;
  PostgresqlTableStore::Options both;
  both.one_host = true;
  both.club = ClubMembership{"c", "c:1", kLeaseMs};
  EXPECT_THROW(PostgresqlTableStore(conninfo_, both), std::invalid_argument);
  EXPECT_THROW(PostgresqlTableStore(conninfo_).claim("alpha"), std::logic_error);
}

// A host cut off longer than its lease and started again elsewhere under
// its id: the older start may come back, but may not write.
TEST_F(PostgresqlClubTest, AnOlderStartOfAHostMayNotWrite) {
  auto a = member("a");
  ASSERT_EQ(commit_and_wait(*a, change("alpha", 0, 1)), "");
  // What a newer start does when it joins: a new incarnation.
  run_sql("UPDATE club_hosts SET incarnation = 'newer' WHERE host_id = 'a'");
  std::string error = commit_and_wait(*a, change("alpha", 1, 2));
  EXPECT_NE(error.find("host a has started again elsewhere"), std::string::npos) << error;
  error = commit_and_wait(*a, change("gamma", 0, 1));
  EXPECT_NE(error.find("host a has started again elsewhere"), std::string::npos) << error;
  EXPECT_EQ(versions_of(a->events("alpha", 0, UINT64_MAX)), (std::vector<std::uint64_t>{1}));
  EXPECT_EQ(single_text("SELECT count(*) FROM game_tables"), "1");
}

}  // namespace
}  // namespace boardgame::tables
