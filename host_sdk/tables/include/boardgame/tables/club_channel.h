// The channel one host of a club opens to another. gRPC's default
// reconnect backoff grows to two minutes: a host that restarts after a long
// outage would stay unreachable through the others long after it listens
// again. The club's channels try again within a second.
#pragma once

#include <grpcpp/create_channel.h>

#include <memory>
#include <string>

namespace boardgame::tables {

inline std::shared_ptr<grpc::Channel> club_channel(const std::string& address) {
  grpc::ChannelArguments arguments;
  arguments.SetInt(GRPC_ARG_INITIAL_RECONNECT_BACKOFF_MS, 100);
  arguments.SetInt(GRPC_ARG_MIN_RECONNECT_BACKOFF_MS, 100);
  arguments.SetInt(GRPC_ARG_MAX_RECONNECT_BACKOFF_MS, 1000);
  return grpc::CreateCustomChannel(address, grpc::InsecureChannelCredentials(), arguments);
}

}  // namespace boardgame::tables
