// Who a call comes from, as the services count it (invite-code guesses).
#pragma once

#include <grpcpp/server_context.h>

#include <string>

namespace boardgame::host {

// The metadata key under which the host's JSON API (json_api.h) names the
// HTTP client a call comes from: its calls share one in-process channel,
// so their gRPC peer is the same for every client.
inline constexpr char kHttpPeerKey[] = "boardgame-http-peer";

// The value to send under kHttpPeerKey for `http_peer`. It carries a secret
// drawn once per process, so that only this process's own API is believed:
// any gRPC client could send the key.
std::string http_peer_claim(const std::string& http_peer);

// The HTTP client of a call from the JSON API, else the gRPC peer.
std::string caller_of(const grpc::ServerContextBase& context);

}  // namespace boardgame::host
