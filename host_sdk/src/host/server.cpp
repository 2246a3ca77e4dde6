#include "boardgame/host/server.h"

#include <absl/synchronization/mutex.h>
#include <grpcpp/ext/proto_server_reflection_plugin.h>
#include <grpcpp/health_check_service_interface.h>
#include <grpcpp/security/server_credentials.h>
#include <grpcpp/server_builder.h>
#include <stdexcept>

namespace boardgame::host {

RunningServer start_server(const std::vector<grpc::Service*>& services,
                           const ServerOptions& options) {
  grpc::EnableDefaultHealthCheckService(true);
  grpc::reflection::InitProtoReflectionServerBuilderPlugin();

  RunningServer running;
  grpc::ServerBuilder builder;
  if (!options.listen.empty())
    builder.AddListeningPort(options.listen, grpc::InsecureServerCredentials(), &running.port);
  builder.SetMaxReceiveMessageSize(options.max_message_bytes);
  builder.SetMaxSendMessageSize(options.max_message_bytes);
  for (grpc::Service* service : services) builder.RegisterService(service);
  running.server = builder.BuildAndStart();
  if (!running.server || (!options.listen.empty() && running.port == 0))
    throw std::runtime_error("cannot listen on " + options.listen);
  return running;
}

void skip_lock_order_checks() {
  absl::SetMutexDeadlockDetectionMode(absl::OnDeadlockCycle::kIgnore);
}

}  // namespace boardgame::host
