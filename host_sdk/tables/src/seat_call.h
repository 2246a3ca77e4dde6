// What every call of a seat starts with: the table its token names,
// locked, and the answers it may give (table_calls.cpp, offers.cpp).
#pragma once

#include "boardgame/tables/table_host.h"
#include "host_impl.h"
#include "seats.h"
#include "table_errors.h"

namespace boardgame::tables {

template <class Response>
inline void refuse_now(const Reply<Response>& reply, const grpc::Status& status) {
  reply(status, Response());
}

// A reply that answers with the table once the change is durable.
inline TableHost::Impl::Reply table_reply(Reply<v1::TableResponse> reply) {
  return [reply = std::move(reply)](const grpc::Status& status, const v1::Table& table) {
    v1::TableResponse response;
    if (status.ok()) *response.mutable_table() = table;
    reply(status, std::move(response));
  };
}

// Answers `reply` with the table once `version` is durable: at once when it
// already is (the lock is then released first), else with the commit.
inline void answer_when_durable(OpenTable& table, TableHost::Impl::Lock& lock,
                                std::uint64_t version, TableHost::Impl::Reply reply) {
  if (version > table.durable_version) {
    table.waiting.emplace(version, std::move(reply));
    return;
  }
  const auto durable = table.durable_table;
  lock.unlock();
  reply(grpc::Status::OK, *durable);
}

// The table a seat's call names, locked, and the seat its token gives.
// A call about the game (`about_the_game`) is refused until it starts.
struct SeatCall {
  TableHost::Impl::Table table;
  TableHost::Impl::Lock lock;
  std::uint32_t seat = 0;
};

inline grpc::Status open_seat_call(TableHost::Impl& host, const std::string& table_id,
                                   const std::string& token, SeatCall* call,
                                   bool about_the_game = true) {
  if (table_id.empty()) return refuse::bad_table_ref();
  if (const grpc::Status found = host.find_id(table_id, &call->table); !found.ok()) return found;
  call->lock = TableHost::Impl::Lock(call->table->mutex);
  OpenTable& table = *call->table;
  if (table.closed) return refuse::table_closed();
  if (table.broken) return refuse::store_failed("an earlier change of this table was not stored");
  if (const grpc::Status s = seat_of(table.record, token, &call->seat); !s.ok()) return s;
  host.touch(table, call->seat);
  if (about_the_game && table.table().phase() == v1::Table::WAITING)
    return refuse::waiting_for_players();
  return grpc::Status::OK;
}

}  // namespace boardgame::tables
