#include "memory_store.h"

#include <set>

namespace boardgame::tables {

MemoryTableStore::MemoryTableStore() : callbacks_([this] { run_callbacks(); }) {}

MemoryTableStore::~MemoryTableStore() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  queue_changed_.notify_all();
  callbacks_.join();  // answers everything still queued first
}

void MemoryTableStore::commit(Commit commit, Done done) {
  {
    std::lock_guard lock(mutex_);
    std::string error = refusal(commit);
    if (error.empty()) apply(commit);
    pending_.emplace_back(std::move(done), std::move(error));
    ++queued_;
  }
  queue_changed_.notify_all();
}

// The same refusals as the SQLite store's constraints, so that a service
// behaves the same on either.
std::string MemoryTableStore::refusal(const Commit& commit) const {
  const std::string& table_id = commit.table_id;
  if (table_id.empty()) return "table store: a commit without a table id";
  if (commit.finished) {
    auto games = finished_.find(table_id);
    std::uint32_t number = commit.finished->game_number();
    if (games != finished_.end() && games->second.count(number) > 0) {
      return "table store: finished game " + std::to_string(number) + " of table " + table_id +
             " is already stored (a double write)";
    }
  }
  auto table = tables_.find(table_id);
  std::uint64_t before = commit.version_before();
  bool stale = table == tables_.end() ? before != 0 : table->second.version != before;
  if (commit.close) return stale ? "table store: " + stale_change(commit) : "";
  auto stored = events_.find(table_id);
  std::set<std::uint64_t> versions;
  for (const Commit::Event& event : commit.events) {
    bool known = stored != events_.end() && stored->second.count(event.version) > 0;
    if (known || !versions.insert(event.version).second) {
      return "table store: event " + std::to_string(event.version) + " of table " + table_id +
             " is already stored (a double write)";
    }
  }
  return stale ? "table store: " + stale_change(commit) : "";
}

void MemoryTableStore::apply(Commit& commit) {
  const std::string table_id = commit.table_id;
  if (commit.finished) {
    std::uint32_t number = commit.finished->game_number();
    players_.apply(*commit.finished);
    finished_[table_id][number] = std::move(*commit.finished);
  }
  if (commit.close) {
    tables_.erase(table_id);
    events_.erase(table_id);
    return;
  }
  auto& table_events = events_[table_id];
  for (Commit::Event& event : commit.events) table_events[event.version] = std::move(event.bytes);
  tables_[table_id] = {commit.version, std::move(commit.record)};
}

void MemoryTableStore::run_callbacks() {
  std::unique_lock lock(mutex_);
  for (;;) {
    queue_changed_.wait(lock, [this] { return stopping_ || !pending_.empty(); });
    if (pending_.empty()) return;  // stopping, and nothing left to answer
    auto [done, error] = std::move(pending_.front());
    pending_.pop_front();
    lock.unlock();
    if (done) done(error);
    lock.lock();
    ++answered_;
    queue_changed_.notify_all();
  }
}

std::vector<v1::TableRecord> MemoryTableStore::load_tables() {
  std::lock_guard lock(mutex_);
  std::vector<v1::TableRecord> records;
  records.reserve(tables_.size());
  for (const auto& [id, stored] : tables_) records.emplace_back().ParseFromString(stored.record);
  return records;
}

std::vector<v1::TableEvent> MemoryTableStore::events(const std::string& table_id,
                                                     std::uint64_t after, std::uint64_t upto) {
  std::lock_guard lock(mutex_);
  std::vector<v1::TableEvent> found;
  auto table = events_.find(table_id);
  if (table == events_.end() || after >= upto) return found;
  auto end = table->second.upper_bound(upto);
  for (auto it = table->second.upper_bound(after); it != end; ++it)
    found.emplace_back().ParseFromString(it->second);
  return found;
}

std::vector<v1::FinishedGame> MemoryTableStore::finished_games(const std::string& table_id) {
  std::lock_guard lock(mutex_);
  std::vector<v1::FinishedGame> games;
  auto table = finished_.find(table_id);
  if (table == finished_.end()) return games;
  for (const auto& [number, game] : table->second) games.push_back(game);
  return games;
}

void MemoryTableStore::flush() {
  std::unique_lock lock(mutex_);
  std::uint64_t target = queued_;
  queue_changed_.wait(lock, [&] { return answered_ >= target; });
}

}  // namespace boardgame::tables
