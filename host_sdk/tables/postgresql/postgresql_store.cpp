#include "postgresql_store.h"

#include <algorithm>
#include <boost/algorithm/hex.hpp>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <deque>
#include <iterator>
#include <limits>
#include <mutex>
#include <pqxx/pqxx>
#include <random>
#include <sstream>
#include <stdexcept>
#include <thread>
#include <type_traits>
#include <utility>

#include "boardgame/tables/group_commit.h"
#include "postgresql_players.h"

namespace boardgame::tables {

namespace {

// Each step takes the schema from version i to i + 1 and is never edited
// once released: a change of schema is a new step. Byte columns hold
// serialized protobuf messages (boardgame/v1/table_record.proto, table.proto),
// as the SQLite store's do.
constexpr const char* kMigrations[] = {
    // 1: a table's latest record, its events, and the games it finished
    // (which outlive the table); the hosts of a club and the tables each
    // owns (none for a store of one host).
    R"sql(
      CREATE TABLE game_tables(
        table_id text PRIMARY KEY,
        invite_code text NOT NULL,
        version bigint NOT NULL,
        record bytea NOT NULL,
        owner text);
      CREATE INDEX game_tables_by_owner ON game_tables(owner);
      CREATE INDEX game_tables_by_invite ON game_tables(invite_code);
      CREATE TABLE table_events(
        table_id text NOT NULL,
        version bigint NOT NULL,
        event bytea NOT NULL,
        PRIMARY KEY(table_id, version));
      CREATE TABLE finished_games(
        table_id text NOT NULL,
        game_number bigint NOT NULL,
        game bytea NOT NULL,
        PRIMARY KEY(table_id, game_number));
      CREATE TABLE club_hosts(
        host_id text PRIMARY KEY,
        address text NOT NULL,
        alive_until timestamptz NOT NULL,
        incarnation text NOT NULL);
    )sql",
    // 2: the club's players, their transfer codes, their rating per game
    // (a v1::PlayerRating, with the columns standings sort on) and each
    // rated game as it counted for each of them (a v1::RatedGame).
    R"sql(
      CREATE TABLE players(
        player_id text PRIMARY KEY,
        name text NOT NULL,
        secret_hash bytea NOT NULL,
        created_ms bigint NOT NULL);
      CREATE TABLE transfers(
        code_hash bytea PRIMARY KEY,
        player_id text NOT NULL UNIQUE,
        expires_ms bigint NOT NULL);
      CREATE TABLE ratings(
        player_id text NOT NULL,
        game_id text NOT NULL,
        rating double precision NOT NULL,
        deviation double precision NOT NULL,
        record bytea NOT NULL,
        PRIMARY KEY(player_id, game_id));
      CREATE INDEX ratings_by_game ON ratings(game_id, rating DESC, player_id);
      CREATE TABLE rated_games(
        player_id text NOT NULL,
        table_id text NOT NULL,
        game_number bigint NOT NULL,
        opponent_id text NOT NULL,
        finished_ms bigint NOT NULL,
        counted boolean NOT NULL,
        record bytea NOT NULL,
        PRIMARY KEY(player_id, table_id, game_number));
      CREATE INDEX rated_games_by_time ON rated_games(player_id, finished_ms);
    )sql",
};
static_assert(std::size(kMigrations) == PostgresqlTableStore::kSchemaVersion,
              "one migration step per schema version");

// Advisory lock keys, the same in every process: one serializes schema
// migrations between hosts starting together, the other marks the one host
// a store of `one_host` belongs to.
constexpr std::int64_t kMigrationLock = 0x636c75622d6d6967;  // "club-mig"
constexpr std::int64_t kOneHostLock = 0x636c75622d686f73;    // "club-hos"

constexpr std::uint64_t kLargestVersion = std::numeric_limits<std::int64_t>::max();

// Every change a club member commits is announced on this channel as
// "<table id> <version>", in the transaction that makes it: PostgreSQL
// delivers it once the transaction commits, in commit order.
constexpr const char* kChangesChannel = "club_table_changes";

// The change's events ride along in hex (announcements are text) when
// they fit in an announcement, which PostgreSQL bounds at 8000 bytes:
// then the hosts that watch the table need not read them back.
constexpr std::size_t kLargestCarried = 7000;

std::string carried(const Commit& commit) {
  std::string words;
  for (const Commit::Event& event : commit.events) {
    if (words.size() + 1 + 2 * event.bytes.size() > kLargestCarried) return "";
    words += ' ';
    boost::algorithm::hex_lower(event.bytes, std::back_inserter(words));
  }
  return words;
}

// A host's lease is alive while alive_until is ahead of the server's clock:
// one clock for every host, whatever theirs say. Not a correlated NOT
// EXISTS: the planner makes that an anti-join, whose recheck of a row that
// another host took meanwhile kept the old answer, and two hosts adopting
// at once took some tables both (PostgresqlClubTest caught it). An
// uncorrelated list is rechecked against the row's new owner.
constexpr const char* kLeaseLapsed =
    "(owner IS NULL OR owner NOT IN"
    " (SELECT host_id FROM club_hosts WHERE alive_until > now()))";

// A commit the store refuses whatever the state of the server.
class Refused : public std::runtime_error {
  using std::runtime_error::runtime_error;
};

using Connection = std::unique_ptr<pqxx::connection>;

// Names the database without the user or password a conninfo may hold.
std::string label(pqxx::connection& connection) {
  return std::string("table store \"postgresql://") + connection.hostname() + ':' +
         connection.port() + '/' + connection.dbname() + '"';
}

Connection connect(const std::string& conninfo) {
  try {
    auto connection = std::make_unique<pqxx::connection>(conninfo);
    // libpqxx 6 would otherwise open a lost connection again by itself in
    // the middle of a call: a new session, without the advisory lock of the
    // old one. The store opens its connections again itself, whole.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
    connection->inhibit_reactivation(true);
#pragma GCC diagnostic pop
    return connection;
  } catch (const std::exception& error) {
    throw std::runtime_error(std::string("cannot connect to the PostgreSQL table store: ") +
                             error.what());
  }
}

// Brings the database to kSchemaVersion, or refuses it.
void apply_schema(pqxx::connection& connection) {
  const std::string name = label(connection);
  pqxx::work tx(connection);
  tx.exec("SELECT pg_advisory_xact_lock(" + std::to_string(kMigrationLock) + ")");
  tx.exec("CREATE TABLE IF NOT EXISTS store_schema(version integer NOT NULL)");
  pqxx::result found = tx.exec("SELECT version FROM store_schema");
  const int version = found.empty() ? 0 : found[0][0].as<int>();
  if (version > PostgresqlTableStore::kSchemaVersion) {
    throw std::runtime_error(name + " has schema version " + std::to_string(version) +
                             ", newer than this program knows (" +
                             std::to_string(PostgresqlTableStore::kSchemaVersion) +
                             "): it was written by a newer game-host");
  }
  if (version == PostgresqlTableStore::kSchemaVersion) return;
  if (version == 0 && tx.exec("SELECT 1 FROM information_schema.tables"
                              " WHERE table_schema = current_schema()"
                              " AND table_name <> 'store_schema'")
                              .size() > 0) {
    throw std::runtime_error(name +
                             " is a database of something else, not a table store: "
                             "give the store a database of its own");
  }
  for (int step = version; step < PostgresqlTableStore::kSchemaVersion; ++step) {
    try {
      tx.exec(kMigrations[step]);
    } catch (const pqxx::sql_error& error) {
      throw std::runtime_error(name + ": cannot bring it to schema version " +
                               std::to_string(step + 1) + ": " + error.what());
    }
  }
  tx.exec(version == 0 ? "INSERT INTO store_schema(version) VALUES(" +
                             std::to_string(PostgresqlTableStore::kSchemaVersion) + ")"
                       : "UPDATE store_schema SET version = " +
                             std::to_string(PostgresqlTableStore::kSchemaVersion));
  tx.commit();
}

// The lock is held by the session: it goes with the connection, so a host
// that dies frees its store. A host restarted at once may find its killed
// predecessor's session still ending, so it waits a little before it says
// that another host holds the store.
bool take_one_host_lock(pqxx::connection& connection) {
  constexpr auto kPatience = std::chrono::seconds(5);
  const auto give_up = std::chrono::steady_clock::now() + kPatience;
  pqxx::nontransaction tx(connection);
  for (;;) {
    if (tx.exec("SELECT pg_try_advisory_lock(" + std::to_string(kOneHostLock) + ")")[0][0]
            .as<bool>())
      return true;
    if (std::chrono::steady_clock::now() >= give_up) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
}

std::string fmt_hex(std::uint32_t value) {
  char text[9];
  std::snprintf(text, sizeof text, "%08x", value);
  return text;
}

std::int64_t as_column(std::uint64_t version) { return static_cast<std::int64_t>(version); }

template <typename Message>
void parse(Message& message, const pqxx::field& field, const std::string& what) {
  pqxx::binarystring bytes(field);
  if (!message.ParseFromArray(bytes.data(), static_cast<int>(bytes.size()))) {
    throw std::runtime_error(what + " is corrupt (not a " + message.GetTypeName() + ")");
  }
}

}  // namespace

// Owns the writing connection; its group commit owns the one thread that
// uses it. A batch is written in one transaction with no savepoints, which
// costs one round trip a statement and one sync for the lot. Only when a
// commit of it is refused (a double write, a stale change: a bug or a race,
// never the common case) is the batch written again, each commit in a
// savepoint of its own, so that the refused one fails alone.
class PostgresqlTableStore::Writer {
 public:
  // `incarnation`: a club member's start, as Club joined with it.
  Writer(const std::string& conninfo, Options options, std::string incarnation)
      : conninfo_(conninfo),
        options_(options),
        incarnation_(std::move(incarnation)),
        connection_(open(/*first=*/true)),
        label_(label(*connection_)),
        queue_([this](const std::deque<Commit>& batch) { return write(batch); }) {}

  void commit(Commit commit, Done done) { queue_.commit(std::move(commit), std::move(done)); }
  void flush() { queue_.flush(); }
  const std::string& name() const { return label_; }

 private:
  Connection open(bool first) {
    Connection connection = connect(conninfo_);
    if (first) apply_schema(*connection);
    if (options_.one_host && !take_one_host_lock(*connection)) {
      throw std::runtime_error(label(*connection) +
                               " is in use by another game-host: until hosts share tables, "
                               "each host needs a store of its own");
    }
    // Each returns one row (its announcement) when it wrote, none when the
    // table is not there at the expected version and owner, or when the
    // owner writing is an older start of a club member (its incarnation is
    // no longer the member's).
    // A host alone has nobody to tell: its statements only name the
    // parameter, which stays empty.
    const auto announce = [club = static_cast<bool>(options_.club)](const char* carried) {
      if (!club) return std::string(" SELECT ") + carried + "::text FROM written";
      return std::string(" SELECT pg_notify('") + kChangesChannel +
             "', table_id || ' ' || version || " + carried + ") FROM written";
    };
    const auto current = [](const char* owner, const char* incarnation) {
      return std::string("(") + incarnation + "::text IS NULL OR EXISTS (SELECT 1 FROM club_hosts" +
             " WHERE host_id = " + owner + " AND incarnation = " + incarnation + "))";
    };
    connection->prepare("new_table",
                        "WITH written AS (INSERT INTO game_tables(table_id, invite_code, version,"
                        " record, owner) SELECT $1, $2, $3, $4, $5 WHERE " +
                            current("$5", "$6") +
                            " ON CONFLICT(table_id) DO NOTHING RETURNING table_id, version)" +
                            announce("$7"));
    connection->prepare("put_table",
                        "WITH written AS (UPDATE game_tables SET invite_code = $2, version = $3,"
                        " record = $4 WHERE table_id = $1 AND version = $5"
                        " AND owner IS NOT DISTINCT FROM $6 AND " +
                            current("$6", "$7") + " RETURNING table_id, version)" + announce("$8"));
    connection->prepare("delete_table",
                        "WITH written AS (DELETE FROM game_tables WHERE table_id = $1"
                        " AND version = $2 AND owner IS NOT DISTINCT FROM $3 AND " +
                            current("$3", "$5") + " RETURNING table_id, $4::bigint AS version)" +
                            announce("$6"));
    connection->prepare("table_owner", "SELECT owner FROM game_tables WHERE table_id = $1");
    connection->prepare("incarnation", "SELECT incarnation FROM club_hosts WHERE host_id = $1");
    connection->prepare("delete_events", "DELETE FROM table_events WHERE table_id = $1");
    connection->prepare("add_event",
                        "INSERT INTO table_events(table_id, version, event) VALUES($1, $2, $3)"
                        " ON CONFLICT DO NOTHING");
    connection->prepare("add_finished",
                        "INSERT INTO finished_games(table_id, game_number, game)"
                        " VALUES($1, $2, $3) ON CONFLICT DO NOTHING");
    postgresql::prepare_rating_statements(*connection);
    return connection;
  }

  std::vector<std::string> write(const std::deque<Commit>& batch) {
    std::vector<std::string> errors(batch.size());
    try {
      // A connection lost before COMMIT left nothing written (the server
      // rolls back), so the batch is safe to write again once, on a new one:
      // a restarted server or a failover costs a batch no error.
      for (int attempt = 1;; ++attempt) {
        try {
          if (!connection_ || !connection_->is_open()) connection_ = open(/*first=*/false);
          if (!write_all(batch)) write_each(batch, errors);
          break;
        } catch (const pqxx::in_doubt_error&) {
          throw;
        } catch (const pqxx::broken_connection&) {
          connection_.reset();
          if (attempt == 2) throw;
        }
      }
    } catch (const pqxx::in_doubt_error& error) {
      connection_.reset();
      fail_batch(errors, std::string("the connection broke during COMMIT, so whether the "
                                     "batch was written is unknown: ") +
                             error.what());
    } catch (const pqxx::broken_connection& error) {
      connection_.reset();
      fail_batch(errors, std::string("the connection to the server is lost: ") + error.what());
    } catch (const std::exception& error) {
      connection_.reset();  // whatever broke, the next batch starts on a fresh session
      fail_batch(errors, error.what());
    }
    return errors;
  }

  // False when a commit of the batch was refused: nothing was written.
  bool write_all(const std::deque<Commit>& batch) {
    pqxx::work tx(*connection_);
    try {
      for (const Commit& commit : batch) write_one(tx, commit);
    } catch (const Refused&) {
      return false;
    } catch (const pqxx::sql_error&) {
      return false;
    }
    tx.commit();
    return true;
  }

  // Savepoints by hand: libpqxx 6's subtransaction issues none around
  // prepared statements.
  void write_each(const std::deque<Commit>& batch, std::vector<std::string>& errors) {
    pqxx::work tx(*connection_);
    for (std::size_t i = 0; i < batch.size(); ++i) {
      tx.exec("SAVEPOINT one_commit");
      try {
        write_one(tx, batch[i]);
      } catch (const Refused& error) {
        errors[i] = label_ + ": " + error.what();
      } catch (const pqxx::sql_error& error) {
        errors[i] = label_ + ": " + error.what();
      }
      tx.exec(errors[i].empty() ? "RELEASE SAVEPOINT one_commit"
                                : "ROLLBACK TO SAVEPOINT one_commit");
    }
    tx.commit();
  }

  void fail_batch(std::vector<std::string>& errors, const std::string& why) const {
    for (std::string& error : errors) {
      if (error.empty()) error = label_ + ": " + why;
    }
  }

  // Throws Refused for a double write, a stale change or another host's
  // table; the statements never fail on a key, so that the transaction
  // stays usable until then.
  void write_one(pqxx::transaction_base& tx, const Commit& commit) const {
    // A club member writes as the owner of its tables; a host alone owns
    // none of them (NULL) and writes all.
    const char* owner = options_.club ? options_.club->host_id.c_str() : nullptr;
    const char* incarnation = options_.club ? incarnation_.c_str() : nullptr;
    const std::string announced = options_.club ? carried(commit) : std::string();
    const std::string& table_id = commit.table_id;
    if (table_id.empty()) throw Refused("a commit without a table id");
    if (commit.version > kLargestVersion)
      throw Refused("table " + table_id + " has too large a version");
    if (commit.finished) {
      const std::uint32_t number = commit.finished->game_number();
      pqxx::binarystring game(commit.finished->SerializeAsString());
      if (tx.exec_prepared("add_finished", table_id, number, game).affected_rows() == 0)
        throw Refused("finished game " + std::to_string(number) + " of table " + table_id +
                      " is already stored (a double write)");
      postgresql::apply_ratings(tx, *commit.finished);
    }
    const std::int64_t before = as_column(commit.version_before());
    if (commit.close) {
      if (tx.exec_prepared("delete_table", table_id, before, owner, as_column(commit.version),
                           incarnation, announced)
              .empty())
        throw Refused(refusal(tx, commit));
      tx.exec_prepared("delete_events", table_id);
      return;
    }
    // Events first: a change written twice is a double write, not a stale
    // one.
    for (const Commit::Event& event : commit.events) {
      if (event.version > kLargestVersion)
        throw Refused("event " + std::to_string(event.version) + " of table " + table_id +
                      " has too large a version");
      pqxx::binarystring bytes(event.bytes);
      if (tx.exec_prepared("add_event", table_id, as_column(event.version), bytes)
              .affected_rows() == 0)
        throw Refused("event " + std::to_string(event.version) + " of table " + table_id +
                      " is already stored (a double write)");
    }
    pqxx::binarystring record(commit.record);
    const pqxx::result put =
        before == 0
            ? tx.exec_prepared("new_table", table_id, commit.invite_code, as_column(commit.version),
                               record, owner, incarnation, announced)
            : tx.exec_prepared("put_table", table_id, commit.invite_code, as_column(commit.version),
                               record, before, owner, incarnation, announced);
    if (put.empty()) throw Refused(refusal(tx, commit));
  }

  // Why a table was not written: another host owns it now, or the change
  // was made from a stale copy.
  std::string refusal(pqxx::transaction_base& tx, const Commit& commit) const {
    if (options_.club) {
      const pqxx::result mine = tx.exec_prepared("incarnation", options_.club->host_id);
      if (mine.empty() || mine[0][0].as<std::string>() != incarnation_)
        return "host " + options_.club->host_id +
               " has started again elsewhere: this older start of it may not write";
      const pqxx::result found = tx.exec_prepared("table_owner", commit.table_id);
      if (!found.empty() && !found[0][0].is_null() &&
          found[0][0].as<std::string>() != options_.club->host_id)
        return "table " + commit.table_id + " belongs to host " + found[0][0].as<std::string>() +
               " now, not to this host (" + options_.club->host_id + ")";
    }
    return stale_change(commit);
  }

  const std::string conninfo_;
  const Options options_;
  const std::string incarnation_;
  Connection connection_;  // used by the queue's thread only, once it runs
  const std::string label_;
  GroupCommit queue_;  // last: its thread writes with the above
};

// A second connection for reads, under a mutex. A commit is answered only
// after its COMMIT returned, so every read started after a `done` sees it.
class PostgresqlTableStore::Reader {
 public:
  // `owner`: a club member's host id, whose tables alone it loads.
  Reader(const std::string& conninfo, std::string name, std::optional<std::string> owner)
      : conninfo_(conninfo), label_(std::move(name)), owner_(std::move(owner)) {}

  std::vector<v1::TableRecord> load_tables() {
    return read([&](pqxx::transaction_base& tx) {
      std::vector<v1::TableRecord> records;
      const char* owner = owner_ ? owner_->c_str() : nullptr;
      for (const pqxx::row& row : tx.exec_prepared("tables", owner)) {
        parse(records.emplace_back(), row[1], "the record of table " + row[0].as<std::string>());
      }
      return records;
    });
  }

  std::vector<v1::TableEvent> events(const std::string& table_id, std::uint64_t after,
                                     std::uint64_t upto) {
    // Versions are stored as PostgreSQL's signed 64-bit integers.
    upto = std::min(upto, kLargestVersion);
    if (after >= upto) return {};
    return read([&](pqxx::transaction_base& tx) {
      std::vector<v1::TableEvent> found;
      for (const pqxx::row& row :
           tx.exec_prepared("events", table_id, as_column(after), as_column(upto))) {
        parse(found.emplace_back(), row[1],
              "event " + row[0].as<std::string>() + " of table " + table_id);
      }
      return found;
    });
  }

  std::vector<v1::FinishedGame> finished_games(const std::string& table_id) {
    return read([&](pqxx::transaction_base& tx) {
      std::vector<v1::FinishedGame> found;
      for (const pqxx::row& row : tx.exec_prepared("finished", table_id)) {
        parse(found.emplace_back(), row[1],
              "finished game " + row[0].as<std::string>() + " of table " + table_id);
      }
      return found;
    });
  }

 private:
  // Runs `query` in a read-only transaction, connecting first if need be.
  // A read is tried once more on a new connection when the old one is lost.
  template <class Query>
  std::invoke_result_t<const Query&, pqxx::transaction_base&> read(const Query& query) {
    std::lock_guard lock(mutex_);
    try {
      return read_once(query);
    } catch (const pqxx::broken_connection&) {
      connection_.reset();
    } catch (const std::exception& error) {
      throw std::runtime_error(label_ + ": cannot read: " + error.what());
    }
    try {
      return read_once(query);
    } catch (const pqxx::broken_connection& error) {
      connection_.reset();
      throw std::runtime_error(
          label_ + ": cannot read: the connection to the server is lost: " + error.what());
    } catch (const std::exception& error) {
      throw std::runtime_error(label_ + ": cannot read: " + error.what());
    }
  }

  template <class Query>
  std::invoke_result_t<const Query&, pqxx::transaction_base&> read_once(const Query& query) {
    if (!connection_ || !connection_->is_open()) {
      connection_ = connect(conninfo_);
      connection_->prepare("tables",
                           "SELECT table_id, record FROM game_tables"
                           " WHERE $1::text IS NULL OR owner = $1 ORDER BY table_id");
      connection_->prepare("events",
                           "SELECT version, event FROM table_events"
                           " WHERE table_id = $1 AND version > $2 AND version <= $3"
                           " ORDER BY version");
      connection_->prepare("finished",
                           "SELECT game_number, game FROM finished_games"
                           " WHERE table_id = $1 ORDER BY game_number");
    }
    pqxx::read_transaction tx(*connection_);
    return query(tx);
  }

  const std::string conninfo_;
  const std::string label_;
  const std::optional<std::string> owner_;
  std::mutex mutex_;
  Connection connection_;
};

// A club member's own connections and threads: one renews the host's
// lease and answers the ClubStore queries, one listens to the change feed.
class PostgresqlTableStore::Club {
 public:
  Club(const std::string& conninfo, ClubMembership me, std::string incarnation)
      : conninfo_(conninfo), me_(std::move(me)), incarnation_(std::move(incarnation)) {
    control_ = connect(conninfo_);
    label_ = label(*control_);
    join();
    renewer_ = std::thread([this] { renew_until_stopped(); });
  }

  // Lets the lease lapse at once: the host's tables go to the others now,
  // not once the lease would have run out.
  ~Club() {
    stop(listener_);
    stop(renewer_);
    try {
      if (!control_ || !control_->is_open()) control_ = connect(conninfo_);
      pqxx::nontransaction tx(*control_);
      tx.exec_params(
          "UPDATE club_hosts SET alive_until = now() WHERE host_id = $1 AND incarnation = $2",
          me_.host_id, incarnation_);
    } catch (const std::exception&) {
      // The lease lapses by itself.
    }
  }

  // Ends the change feed: its `on_change` may read the store, which goes
  // before the lease does.
  void stop_following() {
    {
      std::lock_guard lock(state_mutex_);
      deaf_ = true;
    }
    state_changed_.notify_all();
    if (listener_.joinable()) listener_.join();
  }

  std::optional<Owner> owner_of(const std::string& table_id) {
    return query([&](pqxx::transaction_base& tx) -> std::optional<Owner> {
      const pqxx::result found = tx.exec_params(
          "SELECT g.owner, h.address, coalesce(h.alive_until > now(), false)"
          " FROM game_tables g LEFT JOIN club_hosts h ON h.host_id = g.owner"
          " WHERE g.table_id = $1",
          table_id);
      if (found.empty()) return std::nullopt;
      Owner owner;
      if (!found[0][0].is_null()) owner.host_id = found[0][0].as<std::string>();
      if (!found[0][1].is_null()) owner.address = found[0][1].as<std::string>();
      owner.alive = found[0][2].as<bool>();
      owner.mine = owner.host_id == me_.host_id;
      return owner;
    });
  }

  std::optional<Owner> matchmaker() {
    return query([&](pqxx::transaction_base& tx) -> std::optional<Owner> {
      const pqxx::result found = tx.exec(
          "SELECT host_id, address FROM club_hosts WHERE alive_until > now()"
          " ORDER BY host_id LIMIT 1");
      if (found.empty()) return std::nullopt;
      Owner host;
      host.host_id = found[0][0].as<std::string>();
      host.address = found[0][1].as<std::string>();
      host.alive = true;
      host.mine = host.host_id == me_.host_id;
      return host;
    });
  }

  std::optional<std::string> table_of_invite(const std::string& invite_code) {
    return query([&](pqxx::transaction_base& tx) -> std::optional<std::string> {
      const pqxx::result found =
          tx.exec_params("SELECT table_id FROM game_tables WHERE invite_code = $1", invite_code);
      if (found.empty()) return std::nullopt;
      return found[0][0].as<std::string>();
    });
  }

  std::optional<v1::TableRecord> read_table(const std::string& table_id) {
    return query([&](pqxx::transaction_base& tx) -> std::optional<v1::TableRecord> {
      const pqxx::result found =
          tx.exec_params("SELECT record FROM game_tables WHERE table_id = $1", table_id);
      if (found.empty()) return std::nullopt;
      v1::TableRecord record;
      parse(record, found[0][0], "the record of table " + table_id);
      return record;
    });
  }

  std::optional<v1::TableRecord> claim(const std::string& table_id) {
    std::vector<v1::TableRecord> taken =
        take(std::string("UPDATE game_tables SET owner = $1 WHERE table_id = $2"
                         " AND (owner = $1 OR ") +
                 kLeaseLapsed + ") RETURNING table_id, record",
             table_id);
    if (taken.empty()) return std::nullopt;
    return std::move(taken.front());
  }

  // FOR UPDATE SKIP LOCKED: a table another host is adopting at this moment
  // is left to it, and this host takes the next.
  std::vector<v1::TableRecord> adopt_orphans(std::size_t limit) {
    return take(std::string("UPDATE game_tables SET owner = $1 WHERE table_id IN ("
                            "SELECT table_id FROM game_tables WHERE owner IS DISTINCT FROM $1"
                            " AND ") +
                    kLeaseLapsed +
                    " ORDER BY table_id LIMIT $2 FOR UPDATE SKIP LOCKED)"
                    " RETURNING table_id, record",
                static_cast<std::int64_t>(limit));
  }

  void follow_changes(Changed on_change) {
    std::unique_lock lock(state_mutex_);
    if (listener_.joinable()) throw std::logic_error("follow_changes called twice");
    listener_ = std::thread([this, on_change = std::move(on_change)] { listen(on_change); });
    // Changes committed once this returns are never missed silently.
    if (!state_changed_.wait_for(lock, std::chrono::seconds(10), [this] { return listening_; }))
      throw std::runtime_error(label_ + ": cannot listen to the change feed");
  }

 private:
  // Joins as me_.host_id once an earlier holder of the id (this host before
  // a crash) has let its lease lapse; refuses an id a live host keeps
  // renewing. The incarnation tells this start of the host from any other.
  void join() {
    const auto give_up =
        std::chrono::steady_clock::now() + std::chrono::milliseconds(me_.lease_ms + 2000);
    for (;;) {
      pqxx::nontransaction tx(*control_);
      const pqxx::result joined = tx.exec_params(
          "INSERT INTO club_hosts(host_id, address, alive_until, incarnation)"
          " VALUES($1, $2, now() + $3 * interval '1 millisecond', $4)"
          " ON CONFLICT(host_id) DO UPDATE SET address = excluded.address,"
          " alive_until = excluded.alive_until, incarnation = excluded.incarnation"
          " WHERE club_hosts.alive_until <= now() RETURNING host_id",
          me_.host_id, me_.address, me_.lease_ms, incarnation_);
      if (!joined.empty()) return;
      if (std::chrono::steady_clock::now() >= give_up)
        throw std::runtime_error(label_ + ": host id " + me_.host_id +
                                 " is in use by a live host: each host of a club needs its own");
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
  }

  // Renews three times a lease, on a connection of its own so that no
  // query of the host delays it. A renewal that fails (a lost connection)
  // is tried again on a new connection a moment later, not a third of a
  // lease later: two misses in a row would let the lease lapse, and the
  // others would take this live host's tables. Once a newer start of this
  // host has taken the id, renewing stops: its writes are refused.
  void renew_until_stopped() {
    using namespace std::chrono;
    const auto every = milliseconds(me_.lease_ms / 3);
    const auto retry = std::min(every, milliseconds(100));
    Connection lease;
    auto renewed = steady_clock::now();
    auto wait = every;
    for (;;) {
      {
        std::unique_lock lock(state_mutex_);
        if (state_changed_.wait_for(lock, wait, [this] { return stopping_; })) return;
      }
      try {
        if (!lease || !lease->is_open()) {
          lease = connect(conninfo_);
          // A renewal need not wait for the disk: one lost in a crash of
          // the database only ends the lease sooner, which fencing makes
          // safe. Waiting, it could lapse behind a slow sync of the whole
          // server's log while the host is alive.
          pqxx::nontransaction(*lease).exec("SET synchronous_commit = off");
        }
        pqxx::nontransaction tx(*lease);
        if (tx.exec_params("UPDATE club_hosts SET alive_until = now() + $2 * interval '1 "
                           "millisecond' WHERE host_id = $1 AND incarnation = $3",
                           me_.host_id, me_.lease_ms, incarnation_)
                .affected_rows() == 0)
          return;
        const auto now = steady_clock::now();
        const auto since = duration_cast<milliseconds>(now - renewed).count();
        // Seen from here; the database's clock decides. Said so that a
        // takeover of a live host's tables can be traced to its cause.
        if (since > me_.lease_ms * 2 / 3)
          std::fprintf(stderr,
                       "game-host: club lease of %s renewed %lld ms after the last (lease %lld "
                       "ms)\n",
                       me_.host_id.c_str(), static_cast<long long>(since),
                       static_cast<long long>(me_.lease_ms));
        renewed = now;
        wait = every;
      } catch (const std::exception& error) {
        std::fprintf(stderr, "game-host: club lease of %s not renewed: %s\n", me_.host_id.c_str(),
                     error.what());
        lease.reset();
        wait = retry;
      }
    }
  }

  void listen(const Changed& on_change) {
    class Receiver final : public pqxx::notification_receiver {
     public:
      Receiver(pqxx::connection_base& connection, const Changed& on_change)
          : notification_receiver(connection, kChangesChannel), on_change_(on_change) {}
      // "table version[ event…]": the events in hex, when they fit.
      void operator()(const std::string& payload, int) override {
        std::istringstream words(payload);
        std::string table_id, version, event;
        if (!(words >> table_id >> version)) return;
        std::vector<std::string> events;
        try {
          while (words >> event) events.push_back(boost::algorithm::unhex(event));
          on_change_(table_id, std::stoull(version), std::move(events));
        } catch (const std::exception&) {
          // Not one of ours: nothing to tell.
        }
      }

     private:
      const Changed& on_change_;
    };
    bool missed = false;
    for (;;) {
      try {
        Connection connection = connect(conninfo_);
        Receiver receiver(*connection, on_change);
        connection->get_notifs();  // the LISTEN runs now
        {
          std::lock_guard lock(state_mutex_);
          listening_ = true;
        }
        state_changed_.notify_all();
        if (missed) on_change("", 0, {});
        missed = false;
        while (!deaf()) connection->await_notification(0, 200'000);
        return;
      } catch (const std::exception&) {
        missed = true;
        std::unique_lock lock(state_mutex_);
        if (state_changed_.wait_for(lock, std::chrono::milliseconds(200),
                                    [this] { return stopping_ || deaf_; }))
          return;
      }
    }
  }

  bool deaf() {
    std::lock_guard lock(state_mutex_);
    return stopping_ || deaf_;
  }

  // Stops every thread of the club and joins `thread`.
  void stop(std::thread& thread) {
    {
      std::lock_guard lock(state_mutex_);
      stopping_ = true;
    }
    state_changed_.notify_all();
    if (thread.joinable()) thread.join();
  }

  // Runs `run` in a transaction on the control connection, on a new one
  // once more if it was lost.
  template <class Query>
  std::invoke_result_t<const Query&, pqxx::transaction_base&> query(const Query& run) {
    std::lock_guard lock(control_mutex_);
    for (int attempt = 1;; ++attempt) {
      try {
        if (!control_ || !control_->is_open()) control_ = connect(conninfo_);
        pqxx::work tx(*control_);
        auto answer = run(tx);
        tx.commit();
        return answer;
      } catch (const pqxx::in_doubt_error& error) {
        control_.reset();
        throw std::runtime_error(label_ + ": " + error.what());
      } catch (const pqxx::broken_connection& error) {
        control_.reset();
        if (attempt == 2)
          throw std::runtime_error(label_ +
                                   ": the connection to the server is lost: " + error.what());
      } catch (const pqxx::sql_error& error) {
        throw std::runtime_error(label_ + ": " + error.what());
      }
    }
  }

  template <class Argument>
  std::vector<v1::TableRecord> take(const std::string& sql, const Argument& argument) {
    return query([&](pqxx::transaction_base& tx) {
      std::vector<v1::TableRecord> taken;
      for (const pqxx::row& row : tx.exec_params(sql, me_.host_id, argument))
        parse(taken.emplace_back(), row[1], "the record of table " + row[0].as<std::string>());
      return taken;
    });
  }

  const std::string conninfo_;
  const ClubMembership me_;
  const std::string incarnation_;
  std::string label_;
  std::mutex control_mutex_;  // control_, between the host's queries
  Connection control_;
  std::mutex state_mutex_;  // stopping_, deaf_, listening_
  std::condition_variable state_changed_;
  bool stopping_ = false;
  bool deaf_ = false;  // the change feed is over
  bool listening_ = false;
  std::thread renewer_;
  std::thread listener_;
};

PostgresqlTableStore::PostgresqlTableStore(const std::string& conninfo)
    : PostgresqlTableStore(conninfo, Options{}) {}

PostgresqlTableStore::PostgresqlTableStore(const std::string& conninfo, Options options) {
  if (options.one_host && options.club)
    throw std::invalid_argument("a table store is either one host's or a club's, not both");
  std::string incarnation;
  if (options.club) {
    if (options.club->host_id.empty()) throw std::invalid_argument("a club member needs a host id");
    if (options.club->lease_ms < 100) throw std::invalid_argument("a lease shorter than 100 ms");
    std::random_device random;
    for (int i = 0; i < 4; ++i) incarnation += fmt_hex(random());
  }
  // The writer migrates the schema, which the club's tables need.
  writer_ = std::make_unique<Writer>(conninfo, options, incarnation);
  if (options.club) club_ = std::make_unique<Club>(conninfo, *options.club, incarnation);
  reader_ = std::make_unique<Reader>(
      conninfo, writer_->name(),
      options.club ? std::optional<std::string>(options.club->host_id) : std::nullopt);
  players_ = std::make_unique<postgresql::Players>(conninfo);
}

// The change feed stops first and the writer next: a `done` or an
// `on_change` may read. The lease goes last, once every commit of this host
// is written.
PostgresqlTableStore::~PostgresqlTableStore() {
  if (club_) club_->stop_following();
  writer_.reset();
  reader_.reset();
  players_.reset();
  club_.reset();
}

void PostgresqlTableStore::commit(Commit commit, Done done) {
  writer_->commit(std::move(commit), std::move(done));
}

std::vector<v1::TableRecord> PostgresqlTableStore::load_tables() { return reader_->load_tables(); }

std::vector<v1::TableEvent> PostgresqlTableStore::events(const std::string& table_id,
                                                         std::uint64_t after, std::uint64_t upto) {
  return reader_->events(table_id, after, upto);
}

std::vector<v1::FinishedGame> PostgresqlTableStore::finished_games(const std::string& table_id) {
  return reader_->finished_games(table_id);
}

void PostgresqlTableStore::flush() { writer_->flush(); }

PostgresqlTableStore::Club& PostgresqlTableStore::club() {
  if (!club_) throw std::logic_error("this PostgreSQL table store is not a club's");
  return *club_;
}

std::optional<ClubStore::Owner> PostgresqlTableStore::owner_of(const std::string& table_id) {
  return club().owner_of(table_id);
}

std::optional<ClubStore::Owner> PostgresqlTableStore::matchmaker() { return club().matchmaker(); }

std::optional<std::string> PostgresqlTableStore::table_of_invite(const std::string& invite_code) {
  return club().table_of_invite(invite_code);
}

std::optional<v1::TableRecord> PostgresqlTableStore::read_table(const std::string& table_id) {
  return club().read_table(table_id);
}

std::optional<v1::TableRecord> PostgresqlTableStore::claim(const std::string& table_id) {
  return club().claim(table_id);
}

std::vector<v1::TableRecord> PostgresqlTableStore::adopt_orphans(std::size_t limit) {
  return club().adopt_orphans(limit);
}

void PostgresqlTableStore::follow_changes(Changed on_change) {
  club().follow_changes(std::move(on_change));
}

void PostgresqlTableStore::stop_following() { club().stop_following(); }

}  // namespace boardgame::tables

namespace boardgame::tables {

// On the players' own connection (postgresql_players.cpp).
players::PlayerStore& PostgresqlTableStore::players() { return *players_; }

}  // namespace boardgame::tables
