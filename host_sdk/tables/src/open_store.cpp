#include <stdexcept>
#include <string_view>

#include "boardgame/tables/club_store.h"
#include "boardgame/tables/table_store.h"
#include "memory_store.h"
#include "postgresql_store.h"
#include "sqlite_store.h"

namespace boardgame::tables {

std::unique_ptr<TableStore> open_store(const std::string& spec, const ClubMembership* club) {
  constexpr std::string_view kSqlite = "sqlite:";
  const bool postgresql = spec.rfind("postgresql://", 0) == 0 || spec.rfind("postgres://", 0) == 0;
  if (club && !postgresql)
    throw std::invalid_argument("store '" + spec +
                                "' cannot be shared by a club of hosts: use postgresql://…");
  if (spec == "memory") return std::make_unique<MemoryTableStore>();
  if (spec.compare(0, kSqlite.size(), kSqlite) == 0) {
    std::string path = spec.substr(kSqlite.size());
    if (path.empty()) {
      throw std::invalid_argument("store '" + spec + "' names no file: use sqlite:PATH");
    }
    SqliteTableStore::Options options;
    options.one_host = true;
    return std::make_unique<SqliteTableStore>(path, options);
  }
  // libpq's URIs: the whole spec is the connection string.
  if (postgresql) {
    PostgresqlTableStore::Options options;
    if (club)
      options.club = *club;
    else
      options.one_host = true;
    return std::make_unique<PostgresqlTableStore>(spec, options);
  }
  throw std::invalid_argument("unknown store '" + spec +
                              "': use memory, sqlite:PATH or postgresql://[USER@]HOST[:PORT]/DB");
}

}  // namespace boardgame::tables
