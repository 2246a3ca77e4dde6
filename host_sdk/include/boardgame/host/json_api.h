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

  // Waits, at most `limit`, until every stream relayed has ended and said so
  // to its client: at shutdown, once the host has ended its streams and
  // before the HTTP server stops.
  void drain(std::chrono::milliseconds limit) const;

  // The streams being relayed.
  struct Streams {
    std::mutex mutex;
    std::condition_variable ended;
    int count = 0;
  };

 private:
  const std::set<std::string> services_;
  std::shared_ptr<grpc::Channel> host_;
  std::unique_ptr<grpc::GenericStub> stub_;
  const std::shared_ptr<Streams> streams_ = std::make_shared<Streams>();
};

}  // namespace boardgame::host
