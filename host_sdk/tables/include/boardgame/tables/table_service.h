// boardgame.v1.TableService over a TableHost, on gRPC's callback API: a
// unary call is answered from the store's thread once its change is
// durable, and a watch is a stream reactor fed by the host, so thousands of
// open watches cost no thread each. A host of a club sends a call about
// a table another host owns on to that host.
#pragma once

#include <cstddef>
#include <memory>

#include "boardgame/tables/table_host.h"
#include "boardgame/v1/table_service.grpc.pb.h"

namespace boardgame::tables {

class CallGate;

namespace detail {
// Watch is raw: each event is serialized once, for all its watchers.
using TableServiceBase = v1::TableService::WithRawCallbackMethod_Watch<v1::TableService::CallbackService>;
}  // namespace detail

class TableService final : public detail::TableServiceBase {
 public:
  // Calls that change tables served at once, by default: enough for the
  // store to write big batches, few enough that a move taken reaches its
  // watchers within a few batches.
  static constexpr std::size_t kMaxCallsAtOnce = 32;

  // `host` must outlive the service. Past `max_calls_at_once` (0: no
  // bound), a call that changes a table waits its turn before the host
  // takes it.
  explicit TableService(TableHost& host, std::size_t max_calls_at_once = kMaxCallsAtOnce);
  ~TableService() override;

  using Context = grpc::CallbackServerContext;
  using Unary = grpc::ServerUnaryReactor;

  Unary* CreateTable(Context*, const v1::CreateTableRequest*, v1::CreateTableResponse*) override;
  Unary* JoinTable(Context*, const v1::JoinTableRequest*, v1::SeatResponse*) override;
  Unary* Rejoin(Context*, const v1::RejoinRequest*, v1::SeatResponse*) override;
  Unary* Leave(Context*, const v1::SeatRequest*, v1::TableResponse*) override;
  Unary* Play(Context*, const v1::PlayRequest*, v1::PlayResponse*) override;
  Unary* Resign(Context*, const v1::GameRequest*, v1::TableResponse*) override;
  Unary* Undo(Context*, const v1::UndoRequest*, v1::TableResponse*) override;
  Unary* NextGame(Context*, const v1::GameRequest*, v1::TableResponse*) override;
  Unary* Offer(Context*, const v1::OfferRequest*, v1::TableResponse*) override;
  Unary* AnswerOffer(Context*, const v1::AnswerOfferRequest*, v1::TableResponse*) override;
  Unary* Present(Context*, const v1::SeatRequest*, v1::TableResponse*) override;
  Unary* GetTable(Context*, const v1::TableRef*, v1::TableResponse*) override;
  Unary* ListFinishedGames(Context*, const v1::TableRef*, v1::ListFinishedGamesResponse*) override;
  grpc::ServerWriteReactor<grpc::ByteBuffer>* Watch(Context*, const grpc::ByteBuffer*) override;

 private:
  TableHost& host_;
  std::unique_ptr<CallGate> gate_;
};

}  // namespace boardgame::tables
