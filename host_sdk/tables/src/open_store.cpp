#include <stdexcept>
#include <string_view>

#include "boardgame/tables/table_store.h"
#include "memory_store.h"
#include "postgresql_store.h"
#include "sqlite_store.h"

namespace boardgame::tables {

std::unique_ptr<TableStore> open_store(const std::string& spec) {
  constexpr std::string_view kSqlite = "sqlite:";
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
  for (std::string_view scheme : {"postgresql://", "postgres://"}) {
    if (spec.compare(0, scheme.size(), scheme) == 0) {
      PostgresqlTableStore::Options options;
      options.one_host = true;
      return std::make_unique<PostgresqlTableStore>(spec, options);
    }
  }
  throw std::invalid_argument("unknown store '" + spec +
                              "': use memory, sqlite:PATH or postgresql://[USER@]HOST[:PORT]/DB");
}

}  // namespace boardgame::tables
