#include "boardgame/players/player_service.h"

#include "boardgame/host/caller.h"
#include "boardgame/host/error_status.h"
#include "boardgame/tables/table_host.h"

#include <mutex>
#include <optional>

namespace boardgame::players {

namespace {

grpc::ServerUnaryReactor* answer(grpc::CallbackServerContext* context, const grpc::Status& status) {
  grpc::ServerUnaryReactor* reactor = context->DefaultReactor();
  reactor->Finish(host::on_the_wire(context, status));
  return reactor;
}

// The matchmaker's refusal, as it goes on to the caller: its ErrorDetail
// travels in the trailing metadata.
void pass_on_error_detail(const grpc::ClientContext& client, grpc::CallbackServerContext* context) {
  const auto& trailing = client.GetServerTrailingMetadata();
  if (const auto it = trailing.find(host::kErrorDetailKey); it != trailing.end())
    context->AddTrailingMetadata(host::kErrorDetailKey,
                                 std::string(it->second.data(), it->second.size()));
}

// One Seek call: "open" first, unless paired at once, then "paired" and
// the end. The seek lasts while the call does. gRPC may run a reaction
// inline, so the mutex is never held while starting an operation.
class SeekCall final : public grpc::ServerWriteReactor<v1::SeekEvent> {
 public:
  SeekCall(grpc::CallbackServerContext* context, Seeks& seeks, const v1::SeekRequest& request)
      : context_(context), seeks_(seeks), relay_(std::make_shared<Relay>(this)) {
    v1::Seek opened;
    const grpc::Status status = seeks_.open(request, relay_, &opened);
    if (!status.ok()) {
      end(status);
      return;
    }
    {
      std::lock_guard lock(mutex_);
      // Paired at once: the relay brings, or has brought, the table.
      if (opened.seek_id().empty() || finished_) return;
      seek_id_ = opened.seek_id();
      *first_.mutable_open() = std::move(opened);
      writing_ = true;
    }
    StartWrite(&first_);
  }

  void OnWriteDone(bool ok) override {
    {
      std::lock_guard lock(mutex_);
      writing_ = false;
      // Not ok: the call is over, and OnCancel ends the seek.
      if (!ok || !last_ || finished_) return;
      finished_ = true;
    }
    StartWriteAndFinish(&*last_, grpc::WriteOptions(), grpc::Status::OK);
  }

  void OnCancel() override {
    std::string seek_id;
    {
      std::lock_guard lock(mutex_);
      seek_id = seek_id_;
    }
    seeks_.cancel(seek_id);
    end(grpc::Status::CANCELLED);
  }

  void OnDone() override {
    relay_->detach();
    delete this;
  }

  // The pairing, from the seeks' side: sent once "open" is out.
  void paired(const grpc::Status& status, const v1::Pairing& pairing) {
    if (!status.ok()) {
      end(status);
      return;
    }
    {
      std::lock_guard lock(mutex_);
      if (finished_) return;
      last_.emplace();
      *last_->mutable_paired() = pairing;
      if (writing_) return;
      finished_ = true;
    }
    StartWriteAndFinish(&*last_, grpc::WriteOptions(), grpc::Status::OK);
  }

 private:
  // Hands pairings to the call while it lives: the seeks may answer after
  // the call has ended.
  class Relay final : public Seeks::Listener {
   public:
    explicit Relay(SeekCall* call) : call_(call) {}
    void paired(const grpc::Status& status, const v1::Pairing& pairing) override {
      std::lock_guard lock(mutex_);
      if (call_) call_->paired(status, pairing);
    }
    void detach() {
      std::lock_guard lock(mutex_);
      call_ = nullptr;
    }

   private:
    // Recursive: the call may end, and detach, inside its own paired().
    std::recursive_mutex mutex_;
    SeekCall* call_;
  };

  void end(const grpc::Status& status) {
    {
      std::lock_guard lock(mutex_);
      if (finished_) return;
      finished_ = true;
    }
    Finish(host::on_the_wire(context_, status));
  }

  grpc::CallbackServerContext* context_;
  Seeks& seeks_;
  std::shared_ptr<Relay> relay_;
  std::mutex mutex_;
  std::string seek_id_;
  v1::SeekEvent first_;
  std::optional<v1::SeekEvent> last_;
  bool writing_ = false;
  bool finished_ = false;
};

// A Seek served by the club's matchmaker: its events relayed as they come,
// one read then one write at a time. A hold keeps the matchmaker's call
// from ending while an event is still being written on: it is let go once
// no more reads will be started. Both halves must be done before the call
// is deleted.
class RelayedSeek final : public grpc::ServerWriteReactor<v1::SeekEvent>,
                          public grpc::ClientReadReactor<v1::SeekEvent> {
 public:
  RelayedSeek(grpc::CallbackServerContext* context, v1::PlayerService::Stub* stub,
              const v1::SeekRequest& request)
      : context_(context), request_(request) {
    client_.AddMetadata(tables::kForwardedKey, "1");
    stub->async()->Seek(&client_, &request_, this);
    AddHold();
    StartRead(&event_);
    StartCall();
  }

  // From the matchmaker: pass the event on; at the end, read no more.
  void OnReadDone(bool ok) override {
    if (ok) StartWrite(&event_);
    else RemoveHold();
  }
  // Passed on: read the next; the caller gone: end the matchmaker's call.
  void OnWriteDone(bool ok) override {
    if (ok) return StartRead(&event_);
    client_.TryCancel();
    RemoveHold();
  }
  // The matchmaker ended the seek: end the caller's the same way.
  void OnDone(const grpc::Status& status) override {
    pass_on_error_detail(client_, context_);
    Finish(grpc::Status(status.error_code(), status.error_message()));
    half_done();
  }
  void OnCancel() override { client_.TryCancel(); }
  void OnDone() override { half_done(); }

 private:
  void half_done() {
    std::unique_lock lock(mutex_);
    if (++done_ < 2) return;
    lock.unlock();
    delete this;
  }

  grpc::CallbackServerContext* context_;
  grpc::ClientContext client_;
  v1::SeekRequest request_;
  v1::SeekEvent event_;
  std::mutex mutex_;
  int done_ = 0;
};

// A unary call served by the club's matchmaker, answered as it answered.
template <class Request, class Response, class Send>
grpc::ServerUnaryReactor* relayed(grpc::CallbackServerContext* context, const Request* request,
                                  Response* response, Send send) {
  grpc::ServerUnaryReactor* reactor = context->DefaultReactor();
  auto client = std::make_shared<grpc::ClientContext>();
  client->AddMetadata(tables::kForwardedKey, "1");
  send(client.get(), request, response, [client, context, reactor](grpc::Status status) {
    pass_on_error_detail(*client, context);
    reactor->Finish(grpc::Status(status.error_code(), status.error_message()));
  });
  return reactor;
}

// AcceptSeek's answer: the caller's pairing, once the table is made.
class AcceptCall final : public Seeks::Listener {
 public:
  AcceptCall(grpc::CallbackServerContext* context, v1::Pairing* response)
      : context_(context), response_(response), reactor_(context->DefaultReactor()) {}
  void paired(const grpc::Status& status, const v1::Pairing& pairing) override {
    if (status.ok()) *response_ = pairing;
    reactor_->Finish(host::on_the_wire(context_, status));
  }
  grpc::ServerUnaryReactor* reactor() const { return reactor_; }

 private:
  grpc::CallbackServerContext* context_;
  v1::Pairing* response_;
  grpc::ServerUnaryReactor* reactor_;
};

}  // namespace

PlayerService::Unary* PlayerService::CreatePlayer(Context* c, const v1::CreatePlayerRequest* q,
                                                  v1::PlayerKeyResponse* r) {
  return answer(c, players_.create(*q, r));
}

PlayerService::Unary* PlayerService::GetPlayer(Context* c, const v1::GetPlayerRequest* q,
                                               v1::PlayerProfile* r) {
  return answer(c, players_.get(*q, r));
}

PlayerService::Unary* PlayerService::RenamePlayer(Context* c, const v1::RenamePlayerRequest* q,
                                                  v1::PlayerProfile* r) {
  return answer(c, players_.rename(*q, r));
}

PlayerService::Unary* PlayerService::StartTransfer(Context* c, const v1::PlayerKey* q,
                                                   v1::TransferCode* r) {
  return answer(c, players_.start_transfer(*q, r));
}

PlayerService::Unary* PlayerService::ClaimTransfer(Context* c, const v1::ClaimTransferRequest* q,
                                                   v1::PlayerKeyResponse* r) {
  return answer(c, players_.claim_transfer(*q, host::caller_of(*c), r));
}

PlayerService::Unary* PlayerService::GetStandings(Context* c, const v1::StandingsRequest* q,
                                                  v1::Standings* r) {
  return answer(c, players_.standings(*q, r));
}

}  // namespace boardgame::players

namespace boardgame::players {

grpc::ServerWriteReactor<v1::SeekEvent>* PlayerService::Seek(Context* c,
                                                              const v1::SeekRequest* q) {
  if (v1::PlayerService::Stub* there = matchmaker_.elsewhere(*c))
    return new RelayedSeek(c, there, *q);
  return new SeekCall(c, seeks_, *q);
}

PlayerService::Unary* PlayerService::AcceptSeek(Context* c, const v1::AcceptSeekRequest* q,
                                                v1::Pairing* r) {
  if (v1::PlayerService::Stub* there = matchmaker_.elsewhere(*c))
    return relayed(c, q, r, [there](auto* client, auto* request, auto* response, auto done) {
      there->async()->AcceptSeek(client, request, response, std::move(done));
    });
  auto call = std::make_shared<AcceptCall>(c, r);
  if (const grpc::Status s = seeks_.accept(*q, call); !s.ok())
    call->reactor()->Finish(host::on_the_wire(c, s));
  return call->reactor();
}

PlayerService::Unary* PlayerService::GetLobby(Context* c, const v1::LobbyRequest* q,
                                              v1::Lobby* r) {
  if (v1::PlayerService::Stub* there = matchmaker_.elsewhere(*c))
    return relayed(c, q, r, [there](auto* client, auto* request, auto* response, auto done) {
      there->async()->GetLobby(client, request, response, std::move(done));
    });
  return answer(c, seeks_.lobby(*q, r));
}

}  // namespace boardgame::players
