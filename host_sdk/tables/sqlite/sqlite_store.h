// The embedded default table store: one SQLite file in WAL mode, written by
// one thread in group commits. See sqlite_store.cpp for the schema.
#pragma once

#include <cstddef>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "boardgame/tables/table_store.h"

namespace boardgame::tables {

namespace sqlite {
class Players;
}

class SqliteTableStore : public TableStore {
 public:
  // The schema version this code writes; a newer file is refused.
  static constexpr int kSchemaVersion = 2;

  struct Options {
    // The most commits written in one transaction; 0 for no limit. A synced
    // transaction costs about the same whatever it holds, so the default
    // writes everything queued at once; 1 writes one transaction per commit
    // (for comparing).
    std::size_t max_batch = 0;
    // How long a write waits for another process's lock on the file before
    // its batch fails. Long enough to outlast a checkpoint or a sqlite3
    // shell looking at the file; short enough that a stuck lock shows up as
    // an error instead of a hung host.
    int busy_timeout_ms = 5000;
    // Hold PATH.lock (flock) for the store's life and refuse to open when
    // another process holds it. A host keeps every open table in memory
    // and writes it through: two hosts on one file would overwrite each
    // other's tables, so game-host opens its store this way.
    bool one_host = false;
  };

  // Opens or creates the database at `path`, creating its folders. Throws
  // std::runtime_error naming the path when it cannot be opened, is not a
  // table store, or has a newer schema version than kSchemaVersion.
  explicit SqliteTableStore(const std::filesystem::path& path);
  SqliteTableStore(const std::filesystem::path& path, Options options);
  // Writes everything queued, then closes.
  ~SqliteTableStore() override;
  SqliteTableStore(const SqliteTableStore&) = delete;
  SqliteTableStore& operator=(const SqliteTableStore&) = delete;

  void commit(Commit commit, Done done) override;
  std::vector<v1::TableRecord> load_tables() override;
  std::vector<v1::TableEvent> events(const std::string& table_id, std::uint64_t after,
                                     std::uint64_t upto) override;
  std::vector<v1::FinishedGame> finished_games(const std::string& table_id) override;
  void flush() override;

  players::PlayerStore& players() override;

 private:
  class Writer;
  class Reader;
  int lock_fd_ = -1;
  std::unique_ptr<Writer> writer_;
  std::unique_ptr<Reader> reader_;
  std::unique_ptr<sqlite::Players> players_;
};

}  // namespace boardgame::tables
