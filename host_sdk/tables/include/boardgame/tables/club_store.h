// What a table store shared by several hosts of one club adds to a
// TableStore. Each open table has one owner, the host that takes its
// changes and runs its clocks and CPU moves, so that they happen once. The
// owner holds a lease that it renews while it lives; a host whose owner's
// lease has lapsed (it died, or lost the database) may claim the table,
// and from then on the old owner's writes to it are refused. Watchers on
// every host learn of every change from the store's change feed.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "boardgame/v1/table_record.pb.h"

namespace boardgame::tables {

namespace v1 = ::boardgame::v1;

// A host's membership: who it is, where the others reach it, and how long
// its lease lasts without a renewal.
struct ClubMembership {
  std::string host_id;
  std::string address;  // host:port of its gRPC server
  std::int64_t lease_ms = 5000;
};

class ClubStore {
 public:
  virtual ~ClubStore() = default;

  // The host that owns a table, and whether its lease is still alive.
  struct Owner {
    std::string host_id;
    std::string address;
    bool alive = false;
    bool mine = false;  // this host's
  };
  // nullopt when no open table has this id.
  virtual std::optional<Owner> owner_of(const std::string& table_id) = 0;
  // The live host with the smallest id: the one where the club pairs its
  // players' seeks (Play now), so that each seek sits in one pool. nullopt
  // when no host's lease is alive.
  virtual std::optional<Owner> matchmaker() = 0;
  // The open table an invite code names, if any.
  virtual std::optional<std::string> table_of_invite(const std::string& invite_code) = 0;

  // An open table as last committed, whoever owns it: for the watchers of
  // a host that does not own it.
  virtual std::optional<v1::TableRecord> read_table(const std::string& table_id) = 0;

  // Takes the table when its owner's lease has lapsed (or it is already
  // this host's), and returns it as last committed; nullopt when a live
  // host owns it or there is no such open table.
  virtual std::optional<v1::TableRecord> claim(const std::string& table_id) = 0;
  // Takes at most `limit` tables whose owners' leases have lapsed. Hosts
  // adopting at the same time share them out: none is taken twice.
  virtual std::vector<v1::TableRecord> adopt_orphans(std::size_t limit) = 0;

  // `on_change(table_id, version, events)` for every committed change of
  // every table, made on any host, in commit order, on a thread of the
  // store's own; it must not block. `events` are the change's events,
  // serialized (v1::TableEvent), the last at `version`, when the feed can
  // carry them; empty when not. The feed may repeat a change, and when it
  // may have missed some (its connection was lost) it says so with ("",
  // 0, {}): readers close gaps with the version numbers and
  // TableStore::events().
  using Changed = std::function<void(const std::string& table_id, std::uint64_t version,
                                     std::vector<std::string> events)>;
  virtual void follow_changes(Changed on_change) = 0;
  // Ends the feed: once it returns, `on_change` runs no more.
  virtual void stop_following() = 0;
};

}  // namespace boardgame::tables
