// Riding out a host that goes away (stopped, restarting, unreachable): the
// client retries the host's stateless game calls with a growing pause,
// tells the player once, and carries on with the same game when the host
// answers again.
#pragma once

#include <chrono>
#include <functional>

namespace game_client {

// The pause before retry number `attempt` (1, 2, ...): 250 ms, doubling,
// at most 4 s, so a restart is noticed within seconds and a host that is
// down for long is not hammered.
std::chrono::milliseconds backoff_delay(int attempt);

// What HostLink asks while the host is away.
struct OutagePolicy {
  // Before retry `attempt`: waits its pause and says whether to go on
  // (false: the player stopped waiting, or patience ran out).
  std::function<bool(int attempt)> wait;
  // A call went through after at least one retry.
  std::function<void()> back;
};

}  // namespace game_client
