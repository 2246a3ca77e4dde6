#include "sqlite_store.h"

#include <fcntl.h>
#include <sqlite3.h>
#include <sys/file.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <condition_variable>
#include <cstdint>
#include <cstring>
#include <deque>
#include <iterator>
#include <limits>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string_view>
#include <system_error>
#include <thread>
#include <utility>
#include <vector>

#include "boardgame/tables/group_commit.h"
#include "sqlite_db.h"
#include "sqlite_players.h"

namespace boardgame::tables {

namespace fs = std::filesystem;
using namespace sqlite;

namespace {

// Each step takes the schema from version i to i + 1 and is never edited
// once released: a change of schema is a new step. Blobs are serialized
// protobuf messages (boardgame/v1/table_record.proto, table.proto).
constexpr const char* kMigrations[] = {
    // 1: a table's latest record, its events, and the games it finished
    // (which outlive the table).
    R"sql(
      CREATE TABLE tables(
        table_id TEXT PRIMARY KEY NOT NULL,
        invite_code TEXT NOT NULL,
        version INTEGER NOT NULL,
        record BLOB NOT NULL);
      CREATE TABLE events(
        table_id TEXT NOT NULL,
        version INTEGER NOT NULL,
        event BLOB NOT NULL,
        PRIMARY KEY(table_id, version)) WITHOUT ROWID;
      CREATE TABLE finished_games(
        table_id TEXT NOT NULL,
        game_number INTEGER NOT NULL,
        game BLOB NOT NULL,
        PRIMARY KEY(table_id, game_number));
    )sql",
    // 2: the club's players, their transfer codes, their rating per game
    // (a v1::PlayerRating, with the columns standings sort on) and each
    // rated game as it counted for each of them (a v1::RatedGame).
    R"sql(
      CREATE TABLE players(
        player_id TEXT PRIMARY KEY NOT NULL,
        name TEXT NOT NULL,
        secret_hash BLOB NOT NULL,
        created_ms INTEGER NOT NULL);
      CREATE TABLE transfers(
        code_hash BLOB PRIMARY KEY NOT NULL,
        player_id TEXT NOT NULL UNIQUE,
        expires_ms INTEGER NOT NULL);
      CREATE TABLE ratings(
        player_id TEXT NOT NULL,
        game_id TEXT NOT NULL,
        rating REAL NOT NULL,
        deviation REAL NOT NULL,
        record BLOB NOT NULL,
        PRIMARY KEY(player_id, game_id)) WITHOUT ROWID;
      CREATE INDEX ratings_by_game ON ratings(game_id, rating DESC, player_id);
      CREATE TABLE rated_games(
        player_id TEXT NOT NULL,
        table_id TEXT NOT NULL,
        game_number INTEGER NOT NULL,
        opponent_id TEXT NOT NULL,
        finished_ms INTEGER NOT NULL,
        counted INTEGER NOT NULL,
        record BLOB NOT NULL,
        PRIMARY KEY(player_id, table_id, game_number));
      CREATE INDEX rated_games_by_time ON rated_games(player_id, finished_ms);
    )sql",
};
static_assert(std::size(kMigrations) == SqliteTableStore::kSchemaVersion,
              "one migration step per schema version");

constexpr std::uint64_t kLargestVersion = std::numeric_limits<std::int64_t>::max();

// A failed SQLite call, with SQLite's extended result code.

// Asks for WAL mode; returns the mode the file is in after.
std::string journal_mode_wal(sqlite3* db) {
  Statement mode(db, "PRAGMA journal_mode = WAL");
  Statement::Reset reset(mode);
  mode.step();
  return std::string(mode.text(0));
}

void refuse_newer(std::int64_t version, const fs::path& path) {
  if (version > SqliteTableStore::kSchemaVersion) {
    throw std::runtime_error(label(path) + " has schema version " + std::to_string(version) +
                             ", newer than this program knows (" +
                             std::to_string(SqliteTableStore::kSchemaVersion) +
                             "): it was written by a newer game-host");
  }
}

// Brings the file to kSchemaVersion, or refuses it. A file already there
// needs no lock: opening it does not wait for another process's writes.
void apply_schema(sqlite3* db, const fs::path& path) {
  std::int64_t version = single_integer(db, "PRAGMA user_version");
  refuse_newer(version, path);
  if (version == SqliteTableStore::kSchemaVersion) return;
  // Read again under the write lock: two processes opening an older or a
  // new file must not both migrate it.
  execute(db, "BEGIN IMMEDIATE", "cannot lock it to update its schema");
  try {
    version = single_integer(db, "PRAGMA user_version");
    refuse_newer(version, path);
    if (version == 0 && single_integer(db, "SELECT count(*) FROM sqlite_schema") > 0) {
      throw std::runtime_error(label(path) +
                               " is a SQLite database of something else, not a table store");
    }
    for (std::int64_t step = version; step < SqliteTableStore::kSchemaVersion; ++step) {
      execute(db, kMigrations[step],
              "cannot bring it to schema version " + std::to_string(step + 1));
    }
    std::string set_version =
        "PRAGMA user_version = " + std::to_string(SqliteTableStore::kSchemaVersion);
    execute(db, set_version.c_str(), "cannot set its schema version");
    execute(db, "COMMIT", "cannot write its schema");
  } catch (...) {
    sqlite3_exec(db, "ROLLBACK", nullptr, nullptr, nullptr);
    throw;
  }
}

void create_folders(const fs::path& path) {
  fs::path folder = path.parent_path();
  if (folder.empty()) return;
  std::error_code error;
  fs::create_directories(folder, error);
  if (error) {
    throw std::runtime_error("cannot open " + label(path) + ": cannot create its folder \"" +
                             folder.string() + "\": " + error.message());
  }
}

// A commit the store refuses whatever the state of the disk.
class Refused : public std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace

// Owns the writing connection; its group commit owns the one thread that
// uses it.
class SqliteTableStore::Writer {
 public:
  Writer(const fs::path& path, Options options)
      : label_(label(path)),
        db_(open_database(path, options.busy_timeout_ms)),
        statements_(prepare_after_setup(db_.get(), path)),
        ratings_(db_.get()),
        queue_([this](const std::deque<Commit>& batch) { return write(batch); },
               options.max_batch) {}

  void commit(Commit commit, Done done) { queue_.commit(std::move(commit), std::move(done)); }
  void flush() { queue_.flush(); }

 private:
  struct Statements {
    explicit Statements(sqlite3* db)
        : begin(db, "BEGIN IMMEDIATE"),
          commit(db, "COMMIT"),
          rollback(db, "ROLLBACK"),
          savepoint(db, "SAVEPOINT one_commit"),
          release(db, "RELEASE one_commit"),
          rollback_to(db, "ROLLBACK TO one_commit"),
          new_table(db,
                    "INSERT INTO tables(table_id, invite_code, version, record)"
                    " VALUES(?1, ?2, ?3, ?4) ON CONFLICT(table_id) DO NOTHING"),
          put_table(db,
                    "UPDATE tables SET invite_code = ?2, version = ?3, record = ?4"
                    " WHERE table_id = ?1 AND version = ?5"),
          delete_table(db, "DELETE FROM tables WHERE table_id = ?1 AND version = ?2"),
          delete_events(db, "DELETE FROM events WHERE table_id = ?1"),
          add_event(db,
                    "INSERT INTO events(table_id, version, event) "
                    "VALUES(?1, ?2, ?3)"),
          add_finished(db,
                       "INSERT INTO finished_games(table_id, game_number, game)"
                       " VALUES(?1, ?2, ?3)") {}
    Statement begin, commit, rollback, savepoint, release, rollback_to;
    Statement new_table, put_table, delete_table, delete_events, add_event, add_finished;
  };

  // The pragmas and the schema come before any statement is prepared: the
  // statements name the tables the schema creates.
  static std::unique_ptr<Statements> prepare_after_setup(sqlite3* db, const fs::path& path) {
    try {
      std::string mode = journal_mode_wal(db);
      if (mode != "wal") {
        throw std::runtime_error("cannot open " + label(path) + ": it cannot use WAL mode (" +
                                 mode + ")");
      }
      // Every commit is answered as durable, so each must reach the disk
      // before it is answered. In WAL mode synchronous=NORMAL syncs only at
      // checkpoints: the file stays consistent, but a power cut or an OS
      // crash can take back commits already answered. FULL syncs the WAL at
      // every transaction; group commit pays that sync once per batch
      // rather than once per move.
      execute(db, "PRAGMA synchronous = FULL", "cannot set synchronous=FULL");
      apply_schema(db, path);
      return std::make_unique<Statements>(db);
    } catch (const SqliteError& error) {
      throw std::runtime_error("cannot open " + label(path) + ": " + error.what());
    }
  }

  // One transaction for the whole batch; each commit in a savepoint of its
  // own, so that a refused commit (a double write) fails alone. What fails
  // the transaction itself (disk full, I/O error) fails the whole batch.
  // Returns each commit's error, empty for written.
  std::vector<std::string> write(const std::deque<Commit>& batch) {
    std::vector<std::string> errors(batch.size());
    Statements& s = *statements_;
    try {
      // A failed batch whose ROLLBACK failed too left its transaction open.
      if (!sqlite3_get_autocommit(db_.get())) s.rollback.run();
      s.begin.run();
    } catch (const std::exception& error) {
      fail_batch(errors, std::string("cannot start a transaction: ") + error.what());
      return errors;
    }
    for (std::size_t i = 0; i < batch.size(); ++i) {
      try {
        s.savepoint.run();
      } catch (const std::exception& error) {
        fail_batch(errors, std::string("cannot start a savepoint: ") + error.what());
        return errors;
      }
      try {
        write_one(batch[i]);
        s.release.run();
      } catch (const std::exception& error) {
        errors[i] = label_ + ": " + error.what();
        // Some errors (disk full, I/O) make SQLite roll back the whole
        // transaction: then the commits before this one are gone as well.
        if (sqlite3_get_autocommit(db_.get())) {
          fail_batch(errors, std::string("the group commit was rolled back: ") + error.what());
          return errors;
        }
        try {
          s.rollback_to.run();
          s.release.run();
        } catch (const std::exception& again) {
          fail_batch(errors, std::string("cannot undo a failed commit: ") + again.what());
          return errors;
        }
      }
    }
    try {
      s.commit.run();
    } catch (const std::exception& error) {
      fail_batch(errors, std::string("cannot commit: ") + error.what());
    }
    return errors;
  }

  // Nothing of the batch is written: each commit gets its own error if it
  // had one, else the batch's.
  void fail_batch(std::vector<std::string>& errors, const std::string& why) {
    if (!sqlite3_get_autocommit(db_.get())) {
      try {
        statements_->rollback.run();
      } catch (const std::exception&) {
        // The next batch tries again before it begins.
      }
    }
    for (std::string& error : errors) {
      if (error.empty()) error = label_ + ": " + why;
    }
  }

  void write_one(const Commit& commit) {
    Statements& s = *statements_;
    const std::string& table_id = commit.table_id;
    if (table_id.empty()) throw Refused("a commit without a table id");
    if (commit.finished) {
      std::uint32_t number = commit.finished->game_number();
      std::string game = commit.finished->SerializeAsString();
      Statement::Reset reset(s.add_finished);
      s.add_finished.bind(1, table_id);
      s.add_finished.bind(2, static_cast<std::int64_t>(number));
      s.add_finished.bind_blob(3, game);
      insert(s.add_finished,
             [&] { return "finished game " + std::to_string(number) + " of table " + table_id; });
      ratings_.apply(*commit.finished);
    }
    const auto before = static_cast<std::int64_t>(commit.version_before());
    if (commit.close) {
      Statement::Reset reset(s.delete_table);
      s.delete_table.bind(1, table_id);
      s.delete_table.bind(2, before);
      s.delete_table.run();
      if (sqlite3_changes(db_.get()) == 0) throw Refused(stale_change(commit));
      Statement::Reset events_reset(s.delete_events);
      s.delete_events.bind(1, table_id);
      s.delete_events.run();
      return;
    }
    // Events first: a change written twice is a double write, not a stale
    // one.
    for (const Commit::Event& event : commit.events) {
      if (event.version > kLargestVersion)
        throw Refused("event " + std::to_string(event.version) + " of table " + table_id +
                      " has too large a version");
      Statement::Reset reset(s.add_event);
      s.add_event.bind(1, table_id);
      s.add_event.bind(2, static_cast<std::int64_t>(event.version));
      s.add_event.bind_blob(3, event.bytes);
      insert(s.add_event,
             [&] { return "event " + std::to_string(event.version) + " of table " + table_id; });
    }
    if (commit.version > kLargestVersion)
      throw Refused("table " + table_id + " has too large a version");
    Statement& put = before == 0 ? s.new_table : s.put_table;
    Statement::Reset reset(put);
    put.bind(1, table_id);
    put.bind(2, commit.invite_code);
    put.bind(3, static_cast<std::int64_t>(commit.version));
    put.bind_blob(4, commit.record);
    if (before != 0) put.bind(5, before);
    put.run();
    if (sqlite3_changes(db_.get()) == 0) throw Refused(stale_change(commit));
  }

  // A row whose key is already there means the same change written twice.
  // `what()` names the row; it is called only for the message.
  template <class What>
  static void insert(Statement& statement, const What& what) {
    try {
      statement.run();
    } catch (const SqliteError& error) {
      if (error.code() == SQLITE_CONSTRAINT_PRIMARYKEY)
        throw Refused(what() + " is already stored (a double write)");
      throw;
    }
  }

  const std::string label_;
  Database db_;
  std::unique_ptr<Statements> statements_;  // finalized before db_ closes
  RatingWriter ratings_;                    // the same
  GroupCommit queue_;                       // last: its thread writes with the above
};

// A second connection for reads. In WAL mode it reads the last committed
// state while the writer writes and syncs the next batch, so reads never
// wait for an fsync; and a commit is answered only after its COMMIT
// returned, so every read started after a `done` sees that commit.
class SqliteTableStore::Reader {
 public:
  Reader(const fs::path& path, const Options& options)
      : label_(label(path)),
        db_(open_database(path, options.busy_timeout_ms)),
        statements_(prepare(db_.get(), path)) {}

  std::vector<v1::TableRecord> load_tables() {
    std::lock_guard lock(mutex_);
    Statement& all = statements_->all_tables;
    Statement::Reset reset(all);
    std::vector<v1::TableRecord> records;
    while (step(all)) {
      v1::TableRecord& record = records.emplace_back();
      parse(record, all.blob(1), "the record of table " + std::string(all.text(0)));
    }
    return records;
  }

  std::vector<v1::TableEvent> events(const std::string& table_id, std::uint64_t after,
                                     std::uint64_t upto) {
    std::vector<v1::TableEvent> found;
    // Versions are stored as SQLite's signed 64-bit integers.
    upto = std::min(upto, kLargestVersion);
    if (after >= upto) return found;
    std::lock_guard lock(mutex_);
    Statement& range = statements_->events;
    Statement::Reset reset(range);
    range.bind(1, table_id);
    range.bind(2, static_cast<std::int64_t>(after));
    range.bind(3, static_cast<std::int64_t>(upto));
    while (step(range)) {
      v1::TableEvent& event = found.emplace_back();
      parse(event, range.blob(1),
            "event " + std::to_string(range.integer(0)) + " of table " + table_id);
    }
    return found;
  }

  std::vector<v1::FinishedGame> finished_games(const std::string& table_id) {
    std::lock_guard lock(mutex_);
    Statement& games = statements_->finished;
    Statement::Reset reset(games);
    games.bind(1, table_id);
    std::vector<v1::FinishedGame> found;
    while (step(games)) {
      v1::FinishedGame& game = found.emplace_back();
      parse(game, games.blob(1),
            "finished game " + std::to_string(games.integer(0)) + " of table " + table_id);
    }
    return found;
  }

 private:
  struct Statements {
    explicit Statements(sqlite3* db)
        : all_tables(db, "SELECT table_id, record FROM tables ORDER BY table_id"),
          events(db,
                 "SELECT version, event FROM events"
                 " WHERE table_id = ?1 AND version > ?2 AND version <= ?3 "
                 "ORDER BY version"),
          finished(db,
                   "SELECT game_number, game FROM finished_games"
                   " WHERE table_id = ?1 ORDER BY game_number") {}
    Statement all_tables, events, finished;
  };

  static std::unique_ptr<Statements> prepare(sqlite3* db, const fs::path& path) {
    try {
      // This connection only reads; the writer owns every change.
      execute(db, "PRAGMA query_only = ON", "cannot make a read-only connection");
      return std::make_unique<Statements>(db);
    } catch (const SqliteError& error) {
      throw std::runtime_error("cannot open " + label(path) + " for reading: " + error.what());
    }
  }

  bool step(Statement& statement) {
    try {
      return statement.step();
    } catch (const SqliteError& error) {
      throw std::runtime_error(label_ + ": cannot read: " + error.what());
    }
  }

  template <typename Message>
  void parse(Message& message, std::string_view bytes, const std::string& what) {
    if (!message.ParseFromArray(bytes.data(), static_cast<int>(bytes.size()))) {
      throw std::runtime_error(label_ + ": " + what + " is corrupt (not a " +
                               message.GetTypeName() + ")");
    }
  }

  const std::string label_;
  std::mutex mutex_;
  Database db_;
  std::unique_ptr<Statements> statements_;
};

SqliteTableStore::SqliteTableStore(const fs::path& path) : SqliteTableStore(path, Options{}) {}

SqliteTableStore::SqliteTableStore(const fs::path& path, Options options) {
  create_folders(path);
  if (options.one_host) {
    const std::string lock = path.string() + ".lock";
    lock_fd_ = ::open(lock.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0600);
    if (lock_fd_ < 0)
      throw std::runtime_error("cannot open " + label(path) + ": cannot create " + lock + ": " +
                               std::strerror(errno));
    if (::flock(lock_fd_, LOCK_EX | LOCK_NB) != 0) {
      ::close(lock_fd_);
      throw std::runtime_error(label(path) +
                               " is in use by another game-host: each host needs "
                               "a store of its own");
    }
  }
  writer_ = std::make_unique<Writer>(path, options);
  reader_ = std::make_unique<Reader>(path, options);
  players_ = std::make_unique<sqlite::Players>(path, options.busy_timeout_ms);
}

// The writer goes first: a `done` it still runs may read.
SqliteTableStore::~SqliteTableStore() {
  writer_.reset();
  reader_.reset();
  players_.reset();
  if (lock_fd_ >= 0) ::close(lock_fd_);  // releases the lock
}

void SqliteTableStore::commit(Commit commit, Done done) {
  writer_->commit(std::move(commit), std::move(done));
}

std::vector<v1::TableRecord> SqliteTableStore::load_tables() { return reader_->load_tables(); }

std::vector<v1::TableEvent> SqliteTableStore::events(const std::string& table_id,
                                                     std::uint64_t after, std::uint64_t upto) {
  return reader_->events(table_id, after, upto);
}

std::vector<v1::FinishedGame> SqliteTableStore::finished_games(const std::string& table_id) {
  return reader_->finished_games(table_id);
}

void SqliteTableStore::flush() { writer_->flush(); }

}  // namespace boardgame::tables

namespace boardgame::tables {

// On the players' own connection (sqlite_players.cpp).
players::PlayerStore& SqliteTableStore::players() { return *players_; }

}  // namespace boardgame::tables
