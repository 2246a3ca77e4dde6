// A gRPC server for a GameService (and any other services of the host), with the standard health service and
// server reflection, as game-host runs it.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include <grpcpp/server.h>

#include "boardgame/host/game_service.h"

namespace boardgame::host {

struct ServerOptions {
  // "host:port"; port 0 picks a free port. Empty: no port, in-process
  // channels only (Server::InProcessChannel).
  std::string listen = "127.0.0.1:0";
  // Largest request or response, in bytes. A GameState is a few hundred.
  int max_message_bytes = 1 << 20;
};

struct RunningServer {
  std::unique_ptr<grpc::Server> server;
  int port = 0;  // the port actually bound; 0 without one
};

// Starts serving `services`, which must outlive the server. Throws
// std::runtime_error when the address cannot be bound.
RunningServer start_server(const std::vector<grpc::Service*>& services,
                           const ServerOptions& options);
inline RunningServer start_server(GameService& service, const ServerOptions& options) {
  return start_server(std::vector<grpc::Service*>{&service}, options);
}

// Turns off abseil's lock-order graph for the process. Debian builds
// abseil in debug mode, which records every gRPC mutex lock in a deadlock
// detector: a few percent of a busy host's and load generator's CPU, for
// checks meant for abseil's own debugging. Call it first thing in main().
void skip_lock_order_checks();

}  // namespace boardgame::host
