// The table store on PostgreSQL: one database, written by one thread in
// group commits. See postgresql_store.cpp for the schema.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "boardgame/tables/table_store.h"

namespace boardgame::tables {

class PostgresqlTableStore : public TableStore {
 public:
  // The schema version this code writes; a newer database is refused.
  static constexpr int kSchemaVersion = 1;

  struct Options {
    // Hold an advisory lock on the database for the store's life and refuse
    // to open when another process holds it. The table service still keeps
    // every open table in memory and writes it through, so until hosts
    // share tables, game-host opens its store this way.
    bool one_host = false;
  };

  // Connects to `conninfo` (a libpq URI or key=value string), brings the
  // schema to kSchemaVersion, or refuses. Throws std::runtime_error saying
  // why: no server, a refused login, a newer schema, another host.
  explicit PostgresqlTableStore(const std::string& conninfo);
  PostgresqlTableStore(const std::string& conninfo, Options options);
  // Writes everything queued, then disconnects.
  ~PostgresqlTableStore() override;
  PostgresqlTableStore(const PostgresqlTableStore&) = delete;
  PostgresqlTableStore& operator=(const PostgresqlTableStore&) = delete;

  void commit(Commit commit, Done done) override;
  std::vector<v1::TableRecord> load_tables() override;
  std::vector<v1::TableEvent> events(const std::string& table_id, std::uint64_t after,
                                     std::uint64_t upto) override;
  std::vector<v1::FinishedGame> finished_games(const std::string& table_id) override;
  void flush() override;

 private:
  class Writer;
  class Reader;
  std::unique_ptr<Writer> writer_;
  std::unique_ptr<Reader> reader_;
};

}  // namespace boardgame::tables
