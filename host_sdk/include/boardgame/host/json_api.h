// The host's gRPC services as JSON over HTTP, for clients that cannot speak
// gRPC, such as a browser:
//
//   POST /api/<package.Service>/<Method>   Content-Type: application/json
//
// takes the request message in protobuf's JSON mapping and answers the
// response message the same way, so the JSON is the .proto schema itself,
// not a second one. A refusal answers the gRPC status's HTTP equivalent
// with {"code": "NOT_FOUND", "message": "…", "detail": {ErrorDetail}}.
//
// A method that answers a stream (Watch) answers server-sent events: one
// `data:` line of JSON per message, then `event: end` with the refusal that
// ended it, or {}.
//
// Each call goes to the host's own gRPC server over an in-process channel,
// through the same checks and limits as a gRPC client's.
#pragma once

#include <grpcpp/channel.h>
#include <grpcpp/generic/generic_stub.h>

#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>

#include "boardgame/host/caller.h"
#include "boardgame/host/http_server.h"

namespace boardgame::host {

class JsonApi {
 public:
  static constexpr const char* kPrefix = "/api/";

  // `services`: full names of the services it serves, such as
  // "boardgame.v1.GameService"; any other is not found.
  JsonApi(std::shared_ptr<grpc::Channel> host, std::set<std::string> services);

  static bool handles(const HttpRequest& request) { return request.path.rfind(kPrefix, 0) == 0; }
  void call(const HttpRequest& request, const HttpServer::Respond& respond) const;

  // Waits (at most `limit`, if given) until every call has been answered,
  // and every stream relayed has ended and said so to its client. At
  // shutdown: with a limit once the host has ended its streams, before the
  // HTTP server stops; then without, once the gRPC server has stopped and so
  // ended every call, before the HTTP server is destroyed, since a call
  // holds on to its client's connection until it has ended.
  void drain(std::optional<std::chrono::milliseconds> limit = std::nullopt) const;

  // The calls in flight.
  struct Calls {
    std::mutex mutex;
    std::condition_variable ended;
    int count = 0;
  };

 private:
  const std::set<std::string> services_;
  std::shared_ptr<grpc::Channel> host_;
  std::unique_ptr<grpc::GenericStub> stub_;
  const std::shared_ptr<Calls> calls_ = std::make_shared<Calls>();
};

}  // namespace boardgame::host
