// The table store on PostgreSQL: one database, written by one thread in
// group commits, for one host or for the several hosts of a club. See
// postgresql_store.cpp for the schema.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "boardgame/tables/club_store.h"
#include "boardgame/tables/table_store.h"

namespace boardgame::tables {

namespace postgresql {
class Players;
}

class PostgresqlTableStore : public TableStore, public ClubStore {
 public:
  // The schema version this code writes; a newer database is refused.
  static constexpr int kSchemaVersion = 2;

  struct Options {
    // Hold an advisory lock on the database for the store's life and refuse
    // to open when another process holds it: a host that keeps every open
    // table of the database to itself.
    bool one_host = false;
    // Or share the database with the other hosts of a club, as this one.
    // The store then waits until an earlier holder of the same host id has
    // let its lease lapse, renews the lease from a thread of its own, owns
    // the tables it creates, refuses to write tables it does not own, and
    // loads only its own. The ClubStore calls need it.
    std::optional<ClubMembership> club;
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
  // Shared by every host of a club.
  players::PlayerStore& players() override;

  // ClubStore; each throws std::logic_error without Options::club.
  std::optional<Owner> owner_of(const std::string& table_id) override;
  std::optional<Owner> matchmaker() override;
  std::optional<std::string> table_of_invite(const std::string& invite_code) override;
  std::optional<v1::TableRecord> read_table(const std::string& table_id) override;
  std::optional<v1::TableRecord> claim(const std::string& table_id) override;
  std::vector<v1::TableRecord> adopt_orphans(std::size_t limit) override;
  void follow_changes(Changed on_change) override;
  void stop_following() override;

 private:
  class Writer;
  class Reader;
  class Club;
  Club& club();
  std::unique_ptr<Club> club_;
  std::unique_ptr<Writer> writer_;
  std::unique_ptr<Reader> reader_;
  std::unique_ptr<postgresql::Players> players_;
};

}  // namespace boardgame::tables
