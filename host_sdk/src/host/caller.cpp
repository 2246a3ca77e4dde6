#include "boardgame/host/caller.h"

#include <sys/random.h>

#include <boost/algorithm/hex.hpp>
#include <stdexcept>
#include <string_view>

namespace boardgame::host {

namespace {

const std::string& process_secret() {
  static const std::string secret = [] {
    unsigned char bytes[16];
    if (getrandom(bytes, sizeof bytes, 0) != static_cast<ssize_t>(sizeof bytes))
      throw std::runtime_error("no random bytes for the JSON API's secret");
    std::string hex;
    boost::algorithm::hex_lower(bytes, bytes + sizeof bytes, std::back_inserter(hex));
    return hex;
  }();
  return secret;
}

// Compares without stopping at the first difference, so that the time
// taken tells nothing of the secret.
bool same(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  unsigned char difference = 0;
  for (std::size_t i = 0; i < a.size(); ++i) difference |= a[i] ^ b[i];
  return difference == 0;
}

}  // namespace

std::string http_peer_claim(const std::string& http_peer) {
  return process_secret() + " " + http_peer;
}

std::string caller_of(const grpc::ServerContextBase& context) {
  const auto& metadata = context.client_metadata();
  auto found = metadata.find(kHttpPeerKey);
  if (found == metadata.end()) return context.peer();
  const std::string_view claim(found->second.data(), found->second.size());
  const std::string& secret = process_secret();
  if (claim.size() <= secret.size() || claim[secret.size()] != ' ' ||
      !same(claim.substr(0, secret.size()), secret))
    return context.peer();
  return "http:" + std::string(claim.substr(secret.size() + 1));
}

}  // namespace boardgame::host
