// A host as one of a club's, on a store they share (docs/deploy.md): which
// host serves a table, the mirrors that feed this host's watchers of other
// hosts' tables, and taking over the tables of a host that died.
#include <grpcpp/create_channel.h>

#include <iostream>
#include <limits>

#include "boardgame/tables/club_channel.h"
#include "boardgame/tables/secrets.h"
#include "host_impl.h"
#include "table_errors.h"

namespace boardgame::tables {

// Owners of other hosts' tables remembered at most; past it, they are
// looked up again.
constexpr std::size_t kOwnersKept = 100'000;

grpc::Status TableHost::Impl::route(const v1::TableRef& ref, const std::string& caller,
                                    std::string* elsewhere, std::string* table_id) {
  elsewhere->clear();
  if (!options.club) return grpc::Status::OK;
  std::string id = ref.table_id();
  const std::string code = normal_invite_code(ref.invite_code());
  {
    std::shared_lock lock(tables_mutex);
    if (id.empty())
      if (const auto it = by_code.find(code); it != by_code.end()) id = it->second;
    if (const auto it = tables.find(id); it != tables.end() && !it->second->mirror)
      return grpc::Status::OK;
  }
  if (table_id) *table_id = id;
  if (!id.empty()) {
    // Most calls about another host's table find its owner here, not in
    // the store: the owner only changes when a host goes away.
    std::lock_guard lock(owners_mutex);
    if (const auto it = owners.find(id); it != owners.end()) {
      *elsewhere = it->second;
      return grpc::Status::OK;
    }
  }
  try {
    if (id.empty() && !code.empty()) {
      // Guessing codes of the club's tables is as limited as of this host's.
      if (const grpc::Status s = may_guess(caller); !s.ok()) return s;
      id = options.club->table_of_invite(code).value_or("");
      if (id.empty()) return missed_guess(caller, ref.invite_code());
    }
    if (id.empty()) return grpc::Status::OK;
    if (table_id) *table_id = id;
    // Twice: a claim another host won in between names the winner.
    for (int attempt = 0; attempt < 2; ++attempt) {
      const std::optional<ClubStore::Owner> owner = options.club->owner_of(id);
      if (!owner) return grpc::Status::OK;  // no such open table: the call says so
      if (owner->alive && !owner->mine) {
        *elsewhere = owner->address;
        std::lock_guard lock(owners_mutex);
        if (owners.size() >= kOwnersKept) owners.clear();
        owners.emplace(id, owner->address);
        return grpc::Status::OK;
      }
      if (std::optional<v1::TableRecord> record = options.club->claim(id)) {
        // Mine already: a call at the same moment took it over, or this host
        // dropped it after a refused write.
        if (!owner->mine)
          std::cerr << "game-host: took table " << id << " over from "
                    << (owner->host_id.empty() ? std::string("no host") : "host " + owner->host_id)
                    << "\n";
        serve_claimed(std::move(*record));
        return grpc::Status::OK;
      }
    }
    return refuse::table_moved();
  } catch (const std::exception& e) {
    return refuse::store_failed(e.what());
  }
}

grpc::Status TableHost::Impl::follow(const std::string& table_id, const std::string& owner_address,
                                     Table* table) {
  std::optional<v1::TableRecord> record;
  try {
    record = options.club->read_table(table_id);
  } catch (const std::exception& e) {
    return refuse::store_failed(e.what());
  }
  if (!record) return refuse::unknown_table(table_id);
  const ServedGame* game = served(record->table().game_id());
  if (!game) return refuse::unknown_table(table_id);
  *table = lookup(table_id);
  if (!*table) {
    auto mirror = std::make_shared<OpenTable>();
    {
      std::unique_lock lock(tables_mutex);
      const auto [it, added] = tables.emplace(table_id, mirror);
      if (added) {
        mirror->mirror = true;
        mirror->game = game;
        mirror->presence.resize(std::size_t(record->table().seats_size()));
        by_code.emplace(record->table().invite_code(), table_id);
      }
      *table = it->second;
    }
  }
  Lock lock((*table)->mutex);
  OpenTable& t = **table;
  if (!t.mirror) return grpc::Status::OK;  // taken over here meanwhile
  t.owner_address = owner_address;
  const std::uint64_t version = record->table().version();
  // The record has the seats' tokens as they are now; its table may be
  // ahead of the events the feed brought so far.
  t.record = std::move(*record);
  try {
    Closing closing;
    if (t.durable_version == 0) {
      t.durable_version = version;
      t.durable_table = std::make_shared<const v1::Table>(t.record.table());
    } else if (version > t.durable_version) {
      publish(t, published(store->events(table_id, t.durable_version, version)), closing);
    }
    lock.unlock();
    for (auto& [watch, status] : closing) watch->sink->close(status);
  } catch (const std::exception& e) {
    return refuse::store_failed(e.what());
  }
  // A change committed while the mirror was being made may have been
  // announced before it was there to hear it.
  on_feed(table_id, std::numeric_limits<std::uint64_t>::max(), {});
  return grpc::Status::OK;
}

void TableHost::Impl::on_feed(const std::string& table_id, std::uint64_t version,
                              std::vector<std::string> events) {
  std::vector<std::string> ids;
  if (!table_id.empty()) {
    ids.push_back(table_id);
  } else {
    // The feed may have missed changes: every mirror looks for its own.
    std::shared_lock lock(tables_mutex);
    for (const auto& [id, table] : tables)
      if (table->mirror) ids.push_back(id);
    version = std::numeric_limits<std::uint64_t>::max();
  }
  for (const std::string& id : ids) {
    const Table table = lookup(id);
    if (!table || !table->mirror) continue;
    {
      // As think_for: no new work once shutdown() waits for the last.
      std::lock_guard lock(idle_mutex);
      if (stopping) return;
      ++busy;
    }
    // On the table's publisher: its catch-ups run one at a time, in order.
    publisher_of(id).post([this, id, version, events = std::move(events)]() mutable {
      catch_up(id, version, std::move(events));
      end_work();
    });
  }
}

void TableHost::Impl::catch_up(const std::string& table_id, std::uint64_t version,
                               std::vector<std::string> carried) {
  const Table table = lookup(table_id);
  if (!table) return;
  std::uint64_t after = 0;
  {
    Lock lock(table->mutex);
    if (!table->mirror || table->closed || version <= table->durable_version) return;
    after = table->durable_version;
  }
  std::vector<std::shared_ptr<const PublishedEvent>> events;
  for (std::string& bytes : carried) {
    auto event = std::make_shared<PublishedEvent>();
    if (!event->event.ParseFromString(bytes)) break;
    event->seal(bytes);
    events.push_back(std::move(event));
  }
  // Events the feed carried that follow on need no reading.
  if (events.empty() || events.front()->event.version() > after + 1 ||
      events.back()->event.version() != version)
    events.clear();
  try {
    if (events.empty()) events = published(store->events(table_id, after, version));
  } catch (const std::exception& e) {
    std::cerr << "game-host: cannot read the events of table " << table_id << ": " << e.what()
              << "\n";
    return;
  }
  Closing closing;
  bool expired = false;
  {
    Lock lock(table->mutex);
    if (!table->mirror) return;
    expired = publish(*table, events, closing);
    // Nothing to read: a closed table's events go with it, and the feed
    // may not have carried its EXPIRED. The next round looks.
    if (events.empty()) table->maybe_closed = true;
    if (expired) {
      table->closed = true;
      forget_table(table);
    }
  }
  for (auto& [watch, status] : closing) watch->sink->close(status);
}

void TableHost::Impl::close_if_gone(const Table& table) {
  std::string id;
  {
    Lock lock(table->mutex);
    id = table->record.table().table_id();
  }
  bool gone = false;
  try {
    gone = !options.club->read_table(id);
  } catch (const std::exception&) {
    return;  // the next round looks again
  }
  Closing closing;
  {
    Lock lock(table->mutex);
    if (!table->mirror || table->closed) return;
    table->maybe_closed = false;
    if (!gone) return;
    for (auto& watch : table->watches) closing.emplace_back(watch, refuse::table_closed());
    table->watches.clear();
    table->closed = true;
    forget_table(table);
  }
  for (auto& [watch, status] : closing) watch->sink->close(status);
}

void TableHost::Impl::serve_claimed(v1::TableRecord record) {
  const std::string id = record.table().table_id();
  try {
    open_loaded(std::move(record));
  } catch (const std::exception& e) {
    std::cerr << "game-host: cannot serve table " << id << " yet: " << e.what() << "\n";
    std::lock_guard lock(dropped_mutex);
    dropped.push_back(id);
  }
}

void TableHost::Impl::club_round() {
  std::vector<std::string> again;
  {
    std::lock_guard lock(dropped_mutex);
    again.swap(dropped);
  }
  for (const std::string& id : again) {
    // A table of this host's that nobody calls about would wait for a call.
    v1::TableRef ref;
    ref.set_table_id(id);
    std::string elsewhere;
    if (!route(ref, "", &elsewhere, nullptr).ok()) {
      std::lock_guard lock(dropped_mutex);
      dropped.push_back(id);
    }
  }
  try {
    for (v1::TableRecord& record : options.club->adopt_orphans(64)) {
      std::cerr << "game-host: took table " << record.table().table_id()
                << " over from a host whose lease lapsed\n";
      serve_claimed(std::move(record));
    }
  } catch (const std::exception& e) {
    std::cerr << "game-host: cannot look for orphaned tables: " << e.what() << "\n";
  }
  struct Here {
    Table table;
    std::string address, table_id, token;
  };
  std::vector<Table> mirrors;
  {
    std::shared_lock lock(tables_mutex);
    for (const auto& [id, table] : tables)
      if (table->mirror) mirrors.push_back(table);
  }
  std::vector<Here> here;
  std::vector<Table> maybe_closed;
  for (const Table& table : mirrors) {
    Lock lock(table->mutex);
    if (!table->mirror) continue;
    if (table->watches.empty()) {
      // Its watchers were refused or closed without an unwatch.
      table->closed = true;
      forget_table(table);
      continue;
    }
    if (table->maybe_closed) maybe_closed.push_back(table);
    for (const auto& watch : table->watches)
      if (watch->seat)
        here.push_back(
            {table, table->owner_address, table->record.table().table_id(), watch->token});
  }
  for (const Table& table : maybe_closed) close_if_gone(table);
  for (Here& h : here) {
    if (h.address.empty()) {
      // The owner did not answer last time: it may have died, or handed the
      // table on. Ask the store again, and take the table over if it is
      // an orphan.
      owner_unreachable(h.table_id);
      v1::TableRef ref;
      ref.set_table_id(h.table_id);
      if (!route(ref, "", &h.address, nullptr).ok() || h.address.empty()) continue;
      Lock lock(h.table->mutex);
      h.table->owner_address = h.address;
    }
    tell_presence(h.table, h.address, h.table_id, h.token);
  }
}

void TableHost::Impl::tell_presence(const Table& table, const std::string& address,
                                    const std::string& table_id, const std::string& token) {
  struct Call {
    grpc::ClientContext context;
    v1::SeatRequest request;
    v1::TableResponse response;
  };
  auto call = std::make_shared<Call>();
  call->context.set_deadline(std::chrono::system_clock::now() +
                             std::chrono::milliseconds(options.club_round_ms));
  call->context.AddMetadata(kForwardedKey, "1");
  call->request.set_table_id(table_id);
  call->request.set_token(token);
  // Unanswered, the next round looks for the owner anew and tells again.
  link(address).async()->Present(
      &call->context, &call->request, &call->response,
      [call, weak = std::weak_ptr<OpenTable>(table)](const grpc::Status& status) {
        if (status.ok() || status.error_code() == grpc::PERMISSION_DENIED) return;
        if (const Table table = weak.lock()) {
          Lock lock(table->mutex);
          table->owner_address.clear();
        }
      });
}

v1::TableService::Stub& TableHost::Impl::link(const std::string& address) {
  std::lock_guard lock(links_mutex);
  std::unique_ptr<v1::TableService::Stub>& stub = links[address];
  if (!stub)
    stub = v1::TableService::NewStub(club_channel(address));
  return *stub;
}

void TableHost::Impl::owner_unreachable(const std::string& table_id) {
  std::lock_guard lock(owners_mutex);
  owners.erase(table_id);
}

grpc::Status TableHost::route(const v1::TableRef& ref, const std::string& caller,
                              std::string* elsewhere, std::string* table_id) {
  return impl_->route(ref, caller, elsewhere, table_id);
}

void TableHost::owner_unreachable(const std::string& table_id) {
  impl_->owner_unreachable(table_id);
}

v1::TableService::Stub& TableHost::link(const std::string& address) { return impl_->link(address); }

}  // namespace boardgame::tables
