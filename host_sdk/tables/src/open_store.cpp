#include <algorithm>
#include <stdexcept>
#include <string_view>

#include "boardgame/tables/club_store.h"
#include "boardgame/tables/table_store.h"
#include "memory_store.h"
#include "postgresql_store.h"
#include "sqlite_store.h"

namespace boardgame::tables {
namespace {

bool is_postgresql(const std::string& spec) {
  return spec.rfind("postgresql://", 0) == 0 || spec.rfind("postgres://", 0) == 0;
}

}  // namespace

std::string shown_store(const std::string& spec) {
  if (!is_postgresql(spec)) return spec;
  constexpr std::string_view kHidden = "(hidden)";
  std::string shown = spec;
  // The authority ends at the first '/', '?' or '#' after "://"; its
  // user info, at its last '@'.
  const std::size_t start = shown.find("://") + 3;
  const std::size_t end = std::min(shown.find_first_of("/?#", start), shown.size());
  const std::size_t at = shown.rfind('@', end);
  if (at != std::string::npos && at >= start) {
    const std::size_t colon = shown.find(':', start);
    if (colon < at) shown.replace(colon + 1, at - colon - 1, kHidden);
  }
  const std::size_t query = shown.find('?');
  for (std::size_t key = query; key != std::string::npos; key = shown.find('&', key + 1)) {
    if (shown.compare(key + 1, 9, "password=") != 0) continue;
    const std::size_t value = key + 10;
    const std::size_t value_end = std::min(shown.find_first_of("&#", value), shown.size());
    shown.replace(value, value_end - value, kHidden);
  }
  return shown;
}

std::unique_ptr<TableStore> open_store(const std::string& spec, const ClubMembership* club) {
  constexpr std::string_view kSqlite = "sqlite:";
  const bool postgresql = is_postgresql(spec);
  if (club && !postgresql)
    throw std::invalid_argument("store '" + shown_store(spec) +
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
