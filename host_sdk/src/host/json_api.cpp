#include "boardgame/host/json_api.h"

#include <google/protobuf/descriptor.h>
#include <google/protobuf/dynamic_message.h>
#include <google/protobuf/util/json_util.h>
#include <grpcpp/client_context.h>
#include <grpcpp/support/byte_buffer.h>

#include <chrono>
#include <mutex>
#include <nlohmann/json.hpp>

#include "boardgame/host/error_status.h"
#include "boardgame/host/status_names.h"
#include "boardgame/v1/error_detail.pb.h"

namespace boardgame::host {

namespace {

namespace pb = google::protobuf;

// How long a call may take before the client gets 504: as long as the
// longest a gRPC client of the host would sensibly wait for one move.
constexpr std::chrono::seconds kCallDeadline{60};

// The HTTP status of a gRPC status code, as Google's HTTP mapping has it.
int http_status(grpc::StatusCode code) {
  switch (code) {
    case grpc::OK:
      return 200;
    case grpc::CANCELLED:
      return 499;
    case grpc::INVALID_ARGUMENT:
    case grpc::FAILED_PRECONDITION:
    case grpc::OUT_OF_RANGE:
      return 400;
    case grpc::UNAUTHENTICATED:
      return 401;
    case grpc::PERMISSION_DENIED:
      return 403;
    case grpc::NOT_FOUND:
      return 404;
    case grpc::ALREADY_EXISTS:
    case grpc::ABORTED:
      return 409;
    case grpc::RESOURCE_EXHAUSTED:
      return 429;
    case grpc::UNIMPLEMENTED:
      return 501;
    case grpc::UNAVAILABLE:
      return 503;
    case grpc::DEADLINE_EXCEEDED:
      return 504;
    default:
      return 500;
  }
}

HttpResponse json(int status, std::string body) {
  HttpResponse response;
  response.status = status;
  response.content_type = "application/json";
  response.body = std::move(body);
  response.body += '\n';
  response.headers.emplace_back("Cache-Control", "no-store");
  return response;
}

// A refusal, in the shape every refusal of the API has.
HttpResponse refusal(grpc::StatusCode code, const std::string& message,
                     const std::string& detail_json = "") {
  nlohmann::json body = {{"code", status_name(code)}, {"message", message}};
  if (!detail_json.empty()) body["detail"] = nlohmann::json::parse(detail_json, nullptr, false);
  // A message may quote bytes of the request that are not UTF-8.
  return json(http_status(code),
              body.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
}

std::unique_ptr<pb::Message> new_message(const pb::Descriptor* type) {
  const pb::Message* prototype = pb::MessageFactory::generated_factory()->GetPrototype(type);
  return std::unique_ptr<pb::Message>(prototype ? prototype->New() : nullptr);
}

// Counts a call in JsonApi's Calls for as long as it lives. The first
// member of what it counts, so the last to go: the count falls only once
// the call's hold on the HTTP side (its Respond, its stream) is gone.
class InFlight {
 public:
  explicit InFlight(std::shared_ptr<JsonApi::Calls> calls) : calls_(std::move(calls)) {
    std::lock_guard lock(calls_->mutex);
    ++calls_->count;
  }
  ~InFlight() {
    std::lock_guard lock(calls_->mutex);
    if (--calls_->count == 0) calls_->ended.notify_all();
  }
  InFlight(const InFlight&) = delete;
  InFlight& operator=(const InFlight&) = delete;

 private:
  const std::shared_ptr<JsonApi::Calls> calls_;
};

struct Call {
  explicit Call(std::shared_ptr<JsonApi::Calls> calls) : in_flight(std::move(calls)) {}
  InFlight in_flight;
  grpc::ClientContext context;
  grpc::ByteBuffer request, response;
  const pb::MethodDescriptor* method = nullptr;
  HttpServer::Respond respond;
};

std::string bytes_of(const grpc::ByteBuffer& buffer) {
  std::vector<grpc::Slice> slices;
  std::string bytes;
  if (buffer.Dump(&slices).ok())
    for (const grpc::Slice& slice : slices)
      bytes.append(reinterpret_cast<const char*>(slice.begin()), slice.size());
  return bytes;
}

// The message of type `type` in `buffer`, in JSON; empty if unreadable.
std::string json_of(const pb::Descriptor* type, const grpc::ByteBuffer& buffer) {
  std::unique_ptr<pb::Message> message = new_message(type);
  std::string text;
  if (!message || !message->ParseFromString(bytes_of(buffer)) ||
      !pb::util::MessageToJsonString(*message, &text, pb::util::JsonPrintOptions()).ok())
    return "";
  return text;
}

// The refusal of a failed call, with the ErrorDetail its trailers carry.
HttpResponse refusal_of(const grpc::ClientContext& context, const grpc::Status& status) {
  std::string detail_json;
  if (const v1::ErrorDetail detail = error_detail_of(context); detail.ByteSizeLong() > 0)
    (void)pb::util::MessageToJsonString(detail, &detail_json, pb::util::JsonPrintOptions());
  return refusal(status.error_code(), status.error_message(), detail_json);
}

void answer(Call& call, const grpc::Status& status) {
  if (!status.ok()) return call.respond(refusal_of(call.context, status));
  std::string text = json_of(call.method->output_type(), call.response);
  if (text.empty())
    return call.respond(refusal(grpc::INTERNAL, "the host's answer could not be read as " +
                                                    call.method->output_type()->full_name()));
  call.respond(json(200, std::move(text)));
}

// A stream of the host's (Watch) relayed as server-sent events: each message
// one `data:` line of JSON, and at the end an `end` event whose data is the
// call's refusal, or {}. The next message is read only once the last is
// written, so a client that reads slowly slows only its own stream, which
// the host then ends as it ends any slow watcher's. A hold keeps the call
// from finishing while a message is on its way to the client.
class Relay : public grpc::ClientBidiReactor<grpc::ByteBuffer, grpc::ByteBuffer>,
              public std::enable_shared_from_this<Relay> {
 public:
  Relay(const pb::MethodDescriptor* method, HttpServer::Respond respond,
        std::shared_ptr<JsonApi::Calls> calls)
      : in_flight_(std::move(calls)), method_(method), respond_(std::move(respond)) {}

  grpc::ClientContext& context() { return context_; }
  grpc::ByteBuffer& request() { return request_; }

  // Once the stub has prepared the call. The relay keeps itself until the
  // call is done; the HTTP side keeps it while it holds its callbacks.
  void start() {
    self_ = shared_from_this();
    StartWriteLast(&request_, grpc::WriteOptions());
    StartRead(&response_);
    StartCall();
  }

  void OnReadDone(bool ok) override {
    if (!ok) return;  // the stream ended: OnDone follows
    AddHold();        // until the message is written
    std::string event = "data: " + json_of(method_->output_type(), response_) + "\n\n";
    std::unique_lock lock(mutex_);
    if (stream_) {
      lock.unlock();
      return send(std::move(event));
    }
    // The first message opens the response: until then a refusal is still
    // answered as a plain one.
    responded_ = true;
    pending_ = std::move(event);
    lock.unlock();
    // Whichever way the opening ends, the hold goes with it, and a client
    // that never got the head ends the call.
    auto opening = std::shared_ptr<Relay>(shared_from_this(), this);
    auto guard = std::shared_ptr<void>(nullptr, [opening](void*) { opening->opening_over(); });
    HttpResponse head;
    head.content_type = "text/event-stream";
    head.open = [self = shared_from_this(), guard](std::shared_ptr<HttpStream> stream) {
      self->opened(std::move(stream));
    };
    head.gone = [self = shared_from_this()] { self->context_.TryCancel(); };
    respond_(std::move(head));
  }

  void OnDone(const grpc::Status& status) override {
    std::shared_ptr<Relay> keep = std::move(self_);
    std::unique_lock lock(mutex_);
    if (!responded_) {
      lock.unlock();
      respond_(status.ok() ? json(200, "{}") : refusal_of(context_, status));
      return;
    }
    std::shared_ptr<HttpStream> stream = stream_;
    lock.unlock();
    if (!stream) return;  // the client never got the head
    const std::string end = status.ok() ? "{}\n" : refusal_of(context_, status).body;
    stream->write("event: end\ndata: " + end + "\n", [stream](bool) { stream->close(); });
  }

 private:
  void opened(std::shared_ptr<HttpStream> stream) {
    std::string first;
    {
      std::lock_guard lock(mutex_);
      stream_ = std::move(stream);
      first = std::move(pending_);
    }
    send(std::move(first));
  }

  // The head was written (then `opened` has sent the first message), or
  // the client is gone and the first message with it.
  void opening_over() {
    bool sent;
    {
      std::lock_guard lock(mutex_);
      sent = stream_ != nullptr;
    }
    if (sent) return;
    context_.TryCancel();
    RemoveHold();
  }

  void send(std::string event) {
    std::shared_ptr<HttpStream> stream;
    {
      std::lock_guard lock(mutex_);
      stream = stream_;
    }
    stream->write(std::move(event), [self = shared_from_this()](bool ok) {
      if (ok)
        self->StartRead(&self->response_);
      else
        self->context_.TryCancel();
      self->RemoveHold();
    });
  }

  const InFlight in_flight_;
  const pb::MethodDescriptor* method_;
  const HttpServer::Respond respond_;
  grpc::ClientContext context_;
  grpc::ByteBuffer request_, response_;
  std::shared_ptr<Relay> self_;  // until OnDone
  std::mutex mutex_;
  bool responded_ = false;  // the head has been asked for
  std::shared_ptr<HttpStream> stream_;
  std::string pending_;  // the first message, until the head is written
};

}  // namespace

JsonApi::JsonApi(std::shared_ptr<grpc::Channel> host, std::set<std::string> services)
    : services_(std::move(services)),
      host_(std::move(host)),
      stub_(std::make_unique<grpc::GenericStub>(host_)) {}

void JsonApi::call(const HttpRequest& request, const HttpServer::Respond& respond) const {
  const std::string name = request.path.substr(std::string(kPrefix).size());
  const std::size_t slash = name.find('/');
  const pb::ServiceDescriptor* service = nullptr;
  if (slash != std::string::npos && services_.count(name.substr(0, slash)))
    service = pb::DescriptorPool::generated_pool()->FindServiceByName(name.substr(0, slash));
  if (!service)
    return respond(refusal(grpc::NOT_FOUND, "no service '" + name.substr(0, slash) +
                                                "' here; the API serves " +
                                                nlohmann::json(services_).dump()));
  const pb::MethodDescriptor* method = service->FindMethodByName(name.substr(slash + 1));
  if (!method)
    return respond(refusal(
        grpc::NOT_FOUND, service->full_name() + " has no method '" + name.substr(slash + 1) + "'"));
  if (method->client_streaming())
    return respond(refusal(grpc::UNIMPLEMENTED, service->full_name() + "/" + method->name() +
                                                    " takes a stream of requests, which HTTP "
                                                    "clients cannot send here"));
  if (request.method != "POST") {
    HttpResponse refused = refusal(grpc::INVALID_ARGUMENT, "call a method with POST");
    refused.status = 405;
    refused.headers.emplace_back("Allow", "POST");
    return respond(std::move(refused));
  }
  const std::string type = request.header("content-type");
  if (type.substr(0, type.find(';')) != "application/json") {
    HttpResponse refused = refusal(grpc::INVALID_ARGUMENT, "send the request as application/json");
    refused.status = 415;
    return respond(std::move(refused));
  }
  std::unique_ptr<pb::Message> message = new_message(method->input_type());
  if (!message)
    return respond(
        refusal(grpc::INTERNAL, "no generated code for " + method->input_type()->full_name()));
  pb::util::JsonParseOptions parsing;  // an unknown field is an error, not a silent loss
  const auto parsed = pb::util::JsonStringToMessage(request.body, message.get(), parsing);
  if (!parsed.ok())
    return respond(refusal(grpc::INVALID_ARGUMENT, "the body is not a " +
                                                       method->input_type()->full_name() +
                                                       " in JSON: " + parsed.ToString()));
  const std::string path = "/" + service->full_name() + "/" + method->name();
  const std::string bytes = message->SerializeAsString();
  grpc::Slice slice(bytes);
  if (method->server_streaming()) {
    auto relay = std::make_shared<Relay>(method, respond, calls_);
    relay->request() = grpc::ByteBuffer(&slice, 1);
    if (!request.peer.empty())
      relay->context().AddMetadata(kHttpPeerKey, http_peer_claim(request.peer));
    stub_->PrepareBidiStreamingCall(&relay->context(), path, grpc::StubOptions(), relay.get());
    return relay->start();
  }
  auto call = std::make_shared<Call>(calls_);
  call->method = method;
  call->respond = respond;
  call->request = grpc::ByteBuffer(&slice, 1);
  call->context.set_deadline(std::chrono::system_clock::now() + kCallDeadline);
  if (!request.peer.empty()) call->context.AddMetadata(kHttpPeerKey, http_peer_claim(request.peer));
  stub_->UnaryCall(&call->context, path, grpc::StubOptions(), &call->request, &call->response,
                   [call](grpc::Status status) { answer(*call, status); });
}

void JsonApi::drain(std::optional<std::chrono::milliseconds> limit) const {
  std::unique_lock lock(calls_->mutex);
  const auto ended = [this] { return calls_->count == 0; };
  if (limit)
    calls_->ended.wait_for(lock, *limit, ended);
  else
    calls_->ended.wait(lock, ended);
}

}  // namespace boardgame::host
