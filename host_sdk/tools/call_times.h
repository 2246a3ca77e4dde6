// What host-bench and host-load share: reaching a game-host, and the
// durations of calls with the figures drawn from them.
#pragma once

#include <grpcpp/create_channel.h>

#include <algorithm>
#include <chrono>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace host_tools {

using Clock = std::chrono::steady_clock;

// A channel to the game-host at `target`, once it answers; throws when it
// does not within five seconds.
inline std::shared_ptr<grpc::Channel> connect_to_host(
    const std::string& target, const grpc::ChannelArguments& arguments = {}) {
  auto channel = grpc::CreateCustomChannel(target, grpc::InsecureChannelCredentials(), arguments);
  if (!channel->WaitForConnected(std::chrono::system_clock::now() + std::chrono::seconds(5)))
    throw std::runtime_error("no game-host answers at " + target);
  return channel;
}

// Durations of calls, in microseconds.
struct CallTimes {
  std::vector<double> micros;

  void add(Clock::time_point began, Clock::time_point ended) {
    micros.push_back(std::chrono::duration<double, std::micro>(ended - began).count());
  }
  template <class Call>
  void time(Call&& call) {
    const auto began = Clock::now();
    call();
    add(began, Clock::now());
  }
  void merge(const CallTimes& other) {
    micros.insert(micros.end(), other.micros.begin(), other.micros.end());
  }

  std::size_t count() const { return micros.size(); }
  // Calls per second of the time spent in them, as if made one after another.
  double rate() const {
    double total = 0;
    for (double m : micros) total += m;
    return double(micros.size()) / total * 1e6;
  }
  // The p-quantile, 0 <= p <= 1; 0 without calls. Reorders the samples.
  double percentile(double p) {
    if (micros.empty()) return 0;
    const std::size_t k = std::min(micros.size() - 1, std::size_t(p * double(micros.size())));
    std::nth_element(micros.begin(), micros.begin() + std::ptrdiff_t(k), micros.end());
    return micros[k];
  }
};

}  // namespace host_tools
