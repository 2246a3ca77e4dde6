// The SQLite store's connections and prepared statements, shared by its
// tables (sqlite_store.cpp) and its players (sqlite_players.cpp).
#pragma once

#include <sqlite3.h>

#include <cstdint>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>

namespace boardgame::tables::sqlite {

namespace fs = std::filesystem;

class SqliteError : public std::runtime_error {
 public:
  SqliteError(int code, const std::string& message) : std::runtime_error(message), code_(code) {}
  int code() const { return code_; }

 private:
  int code_;
};

struct CloseDatabase {
  void operator()(sqlite3* db) const { sqlite3_close_v2(db); }
};
using Database = std::unique_ptr<sqlite3, CloseDatabase>;

inline std::string label(const fs::path& path) { return "table store \"" + path.string() + "\""; }

[[noreturn]] inline void fail(sqlite3* db, int code, const std::string& context) {
  throw SqliteError(code, context + ": " + sqlite3_errmsg(db));
}

inline void execute(sqlite3* db, const char* sql, const std::string& context) {
  int code = sqlite3_exec(db, sql, nullptr, nullptr, nullptr);
  if (code != SQLITE_OK) fail(db, code, context);
}

// A prepared statement, kept for the life of its connection: the writer
// runs the same few statements thousands of times a second.
class Statement {
 public:
  Statement(sqlite3* db, const char* sql) : db_(db) {
    int code = sqlite3_prepare_v3(db, sql, -1, SQLITE_PREPARE_PERSISTENT, &statement_, nullptr);
    if (code != SQLITE_OK) fail(db, code, std::string("cannot prepare \"") + sql + "\"");
  }
  ~Statement() { sqlite3_finalize(statement_); }
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  void bind(int index, std::string_view text) {
    check(sqlite3_bind_text(statement_, index, text.data(), static_cast<int>(text.size()),
                            SQLITE_STATIC));
  }
  void bind(int index, std::int64_t value) { check(sqlite3_bind_int64(statement_, index, value)); }
  void bind(int index, double value) { check(sqlite3_bind_double(statement_, index, value)); }
  // The bytes must live until the statement is reset.
  void bind_blob(int index, const std::string& bytes) {
    check(sqlite3_bind_blob(statement_, index, bytes.data(), static_cast<int>(bytes.size()),
                            SQLITE_STATIC));
  }

  // True while there is a row to read.
  bool step() {
    int code = sqlite3_step(statement_);
    if (code == SQLITE_ROW) return true;
    if (code == SQLITE_DONE) return false;
    fail(db_, sqlite3_extended_errcode(db_), std::string("\"") + sqlite3_sql(statement_) + "\"");
  }
  // Runs a statement that returns no rows, and makes it ready again.
  void run() {
    Reset reset(*this);
    while (step()) {
    }
  }

  std::string_view text(int column) const {
    auto data = reinterpret_cast<const char*>(sqlite3_column_text(statement_, column));
    return {data ? data : "", static_cast<std::size_t>(sqlite3_column_bytes(statement_, column))};
  }
  std::string_view blob(int column) const {
    auto data = static_cast<const char*>(sqlite3_column_blob(statement_, column));
    return {data ? data : "", static_cast<std::size_t>(sqlite3_column_bytes(statement_, column))};
  }
  std::int64_t integer(int column) const { return sqlite3_column_int64(statement_, column); }
  double real(int column) const { return sqlite3_column_double(statement_, column); }

  // Resets the statement when a use of it ends, however it ends: a reader
  // left mid-query would keep its snapshot of the database (and hold back
  // checkpoints), and bound bytes may be gone.
  class Reset {
   public:
    explicit Reset(Statement& statement) : statement_(statement) {}
    ~Reset() {
      sqlite3_reset(statement_.statement_);
      sqlite3_clear_bindings(statement_.statement_);
    }
    Reset(const Reset&) = delete;
    Reset& operator=(const Reset&) = delete;

   private:
    Statement& statement_;
  };

 private:
  void check(int code) {
    if (code != SQLITE_OK)
      fail(db_, code, std::string("cannot bind to \"") + sqlite3_sql(statement_) + "\"");
  }

  sqlite3* db_;
  sqlite3_stmt* statement_ = nullptr;
};

inline Database open_database(const fs::path& path, int busy_timeout_ms) {
  sqlite3* raw = nullptr;
  // Each connection is used by one thread at a time (the writer's, or the
  // reader's under its mutex), so SQLite's own locking is not needed.
  int code =
      sqlite3_open_v2(path.c_str(), &raw,
                      SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nullptr);
  Database db(raw);  // a failed open still returns a handle to close
  if (code != SQLITE_OK) {
    throw std::runtime_error("cannot open " + label(path) + ": " +
                             (raw ? sqlite3_errmsg(raw) : sqlite3_errstr(code)));
  }
  sqlite3_extended_result_codes(db.get(), 1);
  sqlite3_busy_timeout(db.get(), busy_timeout_ms);
  return db;
}

inline std::int64_t single_integer(sqlite3* db, const char* sql) {
  Statement statement(db, sql);
  Statement::Reset reset(statement);
  statement.step();
  return statement.integer(0);
}

}  // namespace boardgame::tables::sqlite
