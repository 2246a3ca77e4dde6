// Where store tests keep their stores: a fresh folder per test, and for
// PostgreSQL a database of its own on the throwaway cluster that ctest
// starts (tests/tables/postgresql_cluster.sh), whose connection string is
// in the file CLUB_TEST_POSTGRESQL_CONNINFO_FILE names.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <pqxx/pqxx>
#include <stdexcept>
#include <string>

namespace store_places {

namespace fs = std::filesystem;

// The test cluster's connection string, with its database replaced by
// `database` when one is given.
inline std::string postgresql_conninfo(const std::string& database = "") {
  const char* file = std::getenv("CLUB_TEST_POSTGRESQL_CONNINFO_FILE");
  if (file == nullptr) {
    throw std::runtime_error(
        "CLUB_TEST_POSTGRESQL_CONNINFO_FILE is not set: "
        "run the tests through ctest, which "
        "starts a PostgreSQL cluster for them "
        "(tests/tables/postgresql_cluster.sh)");
  }
  std::string conninfo;
  if (!std::getline(std::ifstream(file), conninfo) || conninfo.empty())
    throw std::runtime_error(std::string("no connection string in ") + file);
  if (database.empty()) return conninfo;
  return conninfo.substr(0, conninfo.rfind('/') + 1) + database;
}

// Runs one statement outside a transaction on the cluster's own database.
inline void run_on_cluster(const std::string& sql) {
  pqxx::connection admin(postgresql_conninfo());
  pqxx::nontransaction tx(admin);
  tx.exec(sql);
}

// A database of its own for each place: the test's folder names it.
inline std::string database_of(const fs::path& place) {
  char name[32];
  std::snprintf(name, sizeof name, "store_%016zx", std::hash<std::string>{}(place.string()));
  return name;
}

// The place's database, created on first use.
inline std::string postgresql_place(const fs::path& place) {
  const std::string database = database_of(place);
  pqxx::connection admin(postgresql_conninfo());
  pqxx::nontransaction tx(admin);
  if (tx.exec("SELECT 1 FROM pg_database WHERE datname = " + tx.quote(database)).empty())
    tx.exec("CREATE DATABASE " + tx.quote_name(database));
  return postgresql_conninfo(database);
}

// A folder of its own for the running test: ctest may run tests in
// parallel processes.
inline fs::path fresh_place(const std::string& prefix = "table_store_") {
  const auto* test = ::testing::UnitTest::GetInstance()->current_test_info();
  std::string name = std::string(test->test_suite_name()) + "." + test->name();
  for (char& c : name) {
    if (c == '/') c = '_';
  }
  fs::path place =
      fs::path(::testing::TempDir()) / (prefix + name + "_" + std::to_string(::getpid()));
  fs::remove_all(place);
  fs::create_directories(place);
  return place;
}

}  // namespace store_places
