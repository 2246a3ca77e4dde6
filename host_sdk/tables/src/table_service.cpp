#include "boardgame/tables/table_service.h"

#include <algorithm>
#include <deque>
#include <limits>
#include <mutex>
#include <thread>

#include "boardgame/host/caller.h"
#include "boardgame/host/error_status.h"
#include "call_gate.h"
#include "table_errors.h"

namespace boardgame::tables {

namespace {

using Context = TableService::Context;
using Unary = TableService::Unary;

// A Reply that finishes the call: the response is filled in only on
// success, and a refusal carries its ErrorDetail.
template <class Response>
Reply<Response> finish(Context* context, Unary* reactor, Response* out) {
  return [context, reactor, out](const grpc::Status& status, Response response) {
    if (status.ok()) *out = std::move(response);
    reactor->Finish(host::on_the_wire(context, status));
  };
}

// A call that changes a table: it goes through the gate, and leaves it once
// answered.
template <class Response, class Serve>
Unary* changing_call(CallGate& gate, Context* context, Response* out, Serve serve) {
  Unary* reactor = context->DefaultReactor();
  gate.enter([&gate, context, reactor, out, serve = std::move(serve)] {
    Reply<Response> reply = finish(context, reactor, out);
    serve([&gate, reply = std::move(reply)](const grpc::Status& status, Response response) {
      reply(status, std::move(response));
      gate.leave();
    });
  });
  return reactor;
}

constexpr std::chrono::seconds kLongestForward{60};

v1::TableRef by_id(const std::string& table_id) {
  v1::TableRef ref;
  ref.set_table_id(table_id);
  return ref;
}

// Serves a call about the table `ref` names where the table is served:
// `here()`, or on the host of the club that owns it, through `send` (one
// of the stub's calls), and answers as that host did.
template <class Request, class Response, class Send, class Here>
Unary* routed(TableHost& host, Context* context, const v1::TableRef& ref, const Request* request,
              Response* response, Send send, Here here) {
  std::string elsewhere, table_id;
  grpc::Status status = host.route(ref, host::caller_of(*context), &elsewhere, &table_id);
  if (status.ok() && elsewhere.empty()) return here();
  Unary* reactor = context->DefaultReactor();
  // One hop at most: a table that moved again is the caller's to call anew.
  if (status.ok() && context->client_metadata().count(kForwardedKey))
    status = refuse::table_moved();
  if (!status.ok()) {
    reactor->Finish(host::on_the_wire(context, status));
    return reactor;
  }
  auto client = std::make_shared<grpc::ClientContext>();
  // Bounded, so that an owner that hangs cannot hold the call, and this
  // host's shutdown, for ever.
  client->set_deadline(
      std::min(context->deadline(), std::chrono::system_clock::now() + kLongestForward));
  client->AddMetadata(kForwardedKey, "1");
  send(host.link(elsewhere).async(), client.get(), request, response,
       [&host, table_id, client, context, reactor](grpc::Status answer) {
         if (answer.error_code() == grpc::UNAVAILABLE) host.owner_unreachable(table_id);
         const auto& trailing = client->GetServerTrailingMetadata();
         if (const auto it = trailing.find(host::kErrorDetailKey); it != trailing.end())
           context->AddTrailingMetadata(host::kErrorDetailKey,
                                        std::string(it->second.data(), it->second.size()));
         reactor->Finish(grpc::Status(answer.error_code(), answer.error_message()));
       });
  return reactor;
}

// `send` for routed(): the stub's call of that name.
#define BOARDGAME_FORWARD(Method)                                                               \
  [](auto* stub, grpc::ClientContext* client, const auto* request, auto* response, auto done) { \
    stub->Method(client, request, response, std::move(done));                                   \
  }

grpc::Status malformed_watch() {
  return host::error(grpc::INVALID_ARGUMENT, "malformed_request",
                     "the request is not a valid boardgame.v1.WatchRequest");
}

// A watch on the wire. The host holds its sink; gRPC holds the reactor
// until OnDone. Events wait in `queue_` while one is being written.
//
// Every entry point takes `mutex_` first, OnDone included: gRPC's hand-off
// of the reactor between its threads is invisible to ThreadSanitizer (gRPC
// is not built with it), and the mutex makes it visible, at no real cost.
class WatchReactor final : public grpc::ServerWriteReactor<grpc::ByteBuffer> {
 public:
  // Outlives the reactor: it forgets it in OnDone, under its own mutex,
  // which the host's calls take before the reactor's.
  struct Sink final : WatchSink {
    std::mutex mutex;
    WatchReactor* reactor;  // null once gRPC is done with it
    explicit Sink(WatchReactor* r) : reactor(r) {}
    bool send(std::shared_ptr<const PublishedEvent> event) override {
      std::lock_guard lock(mutex);
      return !reactor || reactor->push(std::move(event));
    }
    void close(const grpc::Status& status) override {
      std::lock_guard lock(mutex);
      if (reactor) reactor->close(status);
    }
  };

  WatchReactor(TableHost& host, Context* context) : host_(host), context_(context) {}

  void start(const grpc::ByteBuffer* request_bytes) {
    std::shared_ptr<Sink> sink;
    {
      std::lock_guard lock(mutex_);
      sink = sink_ = std::make_shared<Sink>(this);
    }
    v1::WatchRequest request;
    grpc::Slice slice;
    bool parsed = false;
    if (request_bytes->DumpToSingleSlice(&slice).ok())
      parsed = request.ParseFromArray(slice.begin(), int(slice.size()));
    std::shared_ptr<TableHost::Watch> watch;
    const grpc::Status status =
        parsed ? host_.watch(request, host::caller_of(*context_), sink, &watch) : malformed_watch();
    std::lock_guard lock(mutex_);
    watch_ = std::move(watch);
    limit_ = queue_.size() + kMaxQueued;
    if (!status.ok()) end(status);
  }

  void OnWriteDone(bool ok) override {
    std::lock_guard lock(mutex_);
    writing_ = false;
    in_flight_.reset();
    if (!ok) end(grpc::Status::CANCELLED);  // the stream broke: nothing more goes out
    write_next();  // the next event, or the Finish that waited for this write
  }

  void OnCancel() override {
    std::lock_guard lock(mutex_);
    end(grpc::Status::CANCELLED);
  }

  void OnDone() override {
    std::shared_ptr<Sink> sink;
    std::shared_ptr<TableHost::Watch> watch;
    {
      std::lock_guard lock(mutex_);
      sink = sink_;
      watch = watch_;
    }
    host_.unwatch(watch);
    {
      std::lock_guard lock(sink->mutex);
      sink->reactor = nullptr;
    }
    delete this;
  }

 private:
  // How far a watcher may fall behind before it is closed: it then
  // resumes from its last version.
  static constexpr std::size_t kMaxQueued = 1024;

  bool push(std::shared_ptr<const PublishedEvent> event) {
    std::lock_guard lock(mutex_);
    if (ending_) return true;
    if (queue_.size() >= limit_) return false;
    queue_.push_back(std::move(event));
    write_next();
    return true;
  }
  void close(const grpc::Status& status) {
    std::lock_guard lock(mutex_);
    end(status);
  }

  // The rest run with mutex_ held.
  void write_next() {
    if (writing_ || finished_) return;
    if (queue_.empty()) {
      if (ending_) finish_now();
      return;
    }
    writing_ = true;
    in_flight_ = std::move(queue_.front());
    queue_.pop_front();
    StartWrite(&in_flight_->bytes);
  }
  void end(const grpc::Status& status) {
    // A cancelled or broken stream takes no more writes; a host's close
    // lets the queued events go out first.
    if (status.error_code() == grpc::CANCELLED) queue_.clear();
    if (!ending_) {
      ending_ = true;
      status_ = status;
    }
    if (!writing_) finish_now();
  }
  void finish_now() {
    if (finished_) return;
    finished_ = true;
    Finish(host::on_the_wire(context_, status_));
  }

  TableHost& host_;
  Context* context_;
  std::mutex mutex_;
  std::shared_ptr<Sink> sink_;
  std::shared_ptr<TableHost::Watch> watch_;
  std::deque<std::shared_ptr<const PublishedEvent>> queue_;
  std::shared_ptr<const PublishedEvent> in_flight_;  // being written
  bool writing_ = false;
  bool ending_ = false;
  bool finished_ = false;
  // The backlog of a resumed watch may be long: the limit starts above it.
  std::size_t limit_ = std::numeric_limits<std::size_t>::max();
  grpc::Status status_;
};

}  // namespace

TableService::TableService(TableHost& host, std::size_t max_calls_at_once)
    : host_(host),
      gate_(std::make_unique<CallGate>(max_calls_at_once,
                                       std::max(2u, std::thread::hardware_concurrency()))) {}

TableService::~TableService() = default;

Unary* TableService::CreateTable(Context* c, const v1::CreateTableRequest* q,
                                 v1::CreateTableResponse* r) {
  return changing_call(*gate_, c, r, [this, q](Reply<v1::CreateTableResponse> reply) {
    host_.create(*q, std::move(reply));
  });
}

Unary* TableService::JoinTable(Context* c, const v1::JoinTableRequest* q, v1::SeatResponse* r) {
  return routed(host_, c, q->table(), q, r, BOARDGAME_FORWARD(JoinTable), [&] {
    return changing_call(*gate_, c, r, [this, c, q](Reply<v1::SeatResponse> reply) {
      host_.join(*q, host::caller_of(*c), std::move(reply));
    });
  });
}

Unary* TableService::Rejoin(Context* c, const v1::RejoinRequest* q, v1::SeatResponse* r) {
  return routed(host_, c, q->table(), q, r, BOARDGAME_FORWARD(Rejoin), [&] {
    return changing_call(*gate_, c, r, [this, c, q](Reply<v1::SeatResponse> reply) {
      host_.rejoin(*q, host::caller_of(*c), std::move(reply));
    });
  });
}

Unary* TableService::Leave(Context* c, const v1::SeatRequest* q, v1::TableResponse* r) {
  return routed(host_, c, by_id(q->table_id()), q, r, BOARDGAME_FORWARD(Leave), [&] {
    return changing_call(*gate_, c, r, [this, q](Reply<v1::TableResponse> reply) {
      host_.leave(*q, std::move(reply));
    });
  });
}

Unary* TableService::Present(Context* c, const v1::SeatRequest* q, v1::TableResponse* r) {
  return routed(host_, c, by_id(q->table_id()), q, r, BOARDGAME_FORWARD(Present), [&] {
    return changing_call(*gate_, c, r, [this, q](Reply<v1::TableResponse> reply) {
      host_.present(*q, std::move(reply));
    });
  });
}

Unary* TableService::Play(Context* c, const v1::PlayRequest* q, v1::PlayResponse* r) {
  return routed(host_, c, by_id(q->table_id()), q, r, BOARDGAME_FORWARD(Play), [&] {
    return changing_call(*gate_, c, r, [this, q](Reply<v1::PlayResponse> reply) {
      host_.play(*q, std::move(reply));
    });
  });
}

Unary* TableService::Resign(Context* c, const v1::GameRequest* q, v1::TableResponse* r) {
  return routed(host_, c, by_id(q->table_id()), q, r, BOARDGAME_FORWARD(Resign), [&] {
    return changing_call(*gate_, c, r, [this, q](Reply<v1::TableResponse> reply) {
      host_.resign(*q, std::move(reply));
    });
  });
}

Unary* TableService::Undo(Context* c, const v1::UndoRequest* q, v1::TableResponse* r) {
  return routed(host_, c, by_id(q->table_id()), q, r, BOARDGAME_FORWARD(Undo), [&] {
    return changing_call(*gate_, c, r, [this, q](Reply<v1::TableResponse> reply) {
      host_.undo(*q, std::move(reply));
    });
  });
}

Unary* TableService::NextGame(Context* c, const v1::GameRequest* q, v1::TableResponse* r) {
  return routed(host_, c, by_id(q->table_id()), q, r, BOARDGAME_FORWARD(NextGame), [&] {
    return changing_call(*gate_, c, r, [this, q](Reply<v1::TableResponse> reply) {
      host_.next_game(*q, std::move(reply));
    });
  });
}

Unary* TableService::Offer(Context* c, const v1::OfferRequest* q, v1::TableResponse* r) {
  return routed(host_, c, by_id(q->table_id()), q, r, BOARDGAME_FORWARD(Offer), [&] {
    return changing_call(*gate_, c, r, [this, q](Reply<v1::TableResponse> reply) {
      host_.offer(*q, std::move(reply));
    });
  });
}

Unary* TableService::AnswerOffer(Context* c, const v1::AnswerOfferRequest* q,
                                 v1::TableResponse* r) {
  return routed(host_, c, by_id(q->table_id()), q, r, BOARDGAME_FORWARD(AnswerOffer), [&] {
    return changing_call(*gate_, c, r, [this, q](Reply<v1::TableResponse> reply) {
      host_.answer_offer(*q, std::move(reply));
    });
  });
}

Unary* TableService::GetTable(Context* c, const v1::TableRef* q, v1::TableResponse* r) {
  return routed(host_, c, *q, q, r, BOARDGAME_FORWARD(GetTable), [&] {
    Unary* reactor = c->DefaultReactor();
    reactor->Finish(host::on_the_wire(c, host_.get(*q, host::caller_of(*c), r)));
    return reactor;
  });
}

Unary* TableService::ListFinishedGames(Context* c, const v1::TableRef* q,
                                       v1::ListFinishedGamesResponse* r) {
  return routed(host_, c, *q, q, r, BOARDGAME_FORWARD(ListFinishedGames), [&] {
    Unary* reactor = c->DefaultReactor();
    reactor->Finish(host::on_the_wire(c, host_.finished_games(*q, host::caller_of(*c), r)));
    return reactor;
  });
}

#undef BOARDGAME_FORWARD

grpc::ServerWriteReactor<grpc::ByteBuffer>* TableService::Watch(Context* c,
                                                                const grpc::ByteBuffer* q) {
  auto* reactor = new WatchReactor(host_, c);
  reactor->start(q);
  return reactor;
}

}  // namespace boardgame::tables
