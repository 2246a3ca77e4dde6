#include "host_process.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <fstream>
#include <stdexcept>
#include <thread>

namespace host_tools {

namespace {

using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

// The line game-host prints once it serves, e.g. "listening on 127.0.0.1:40123".
constexpr std::string_view kListening = "listening on ";

std::string ending_of(int status) {
  if (WIFEXITED(status))
    return WEXITSTATUS(status) == 0
               ? std::string()
               : "game-host exited with status " + std::to_string(WEXITSTATUS(status));
  if (WIFSIGNALED(status))
    return std::string("game-host died of signal ") + strsignal(WTERMSIG(status));
  return "game-host ended with wait status " + std::to_string(status);
}

// Waits for the child to end, at most `patience`; its wait status, if it ended.
std::optional<int> reap(pid_t pid, std::chrono::milliseconds patience) {
  const auto give_up = Clock::now() + patience;
  for (;;) {
    int status = 0;
    const pid_t got = waitpid(pid, &status, WNOHANG);
    if (got == pid) return status;
    if (got < 0 && errno != EINTR) return std::nullopt;
    if (Clock::now() >= give_up) return std::nullopt;
    std::this_thread::sleep_for(20ms);
  }
}

// The first line of the host's standard output, within `patience`.
std::string first_line(int fd, std::chrono::milliseconds patience) {
  const auto give_up = Clock::now() + patience;
  std::string line;
  for (;;) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(give_up - Clock::now());
    if (left <= 0ms) throw std::runtime_error("game-host did not start listening in time");
    pollfd ready{fd, POLLIN, 0};
    if (poll(&ready, 1, int(left.count())) < 0 && errno != EINTR)
      throw std::runtime_error(std::string("poll: ") + std::strerror(errno));
    char c = 0;
    const ssize_t got = read(fd, &c, 1);
    if (got < 0 && (errno == EINTR || errno == EAGAIN)) continue;
    if (got <= 0) throw std::runtime_error("game-host ended before listening");
    if (c == '\n') return line;
    line += c;
  }
}

}  // namespace

std::optional<Resident> resident_memory(pid_t pid) {
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  Resident r;
  bool total = false, anonymous = false;
  for (std::string line; std::getline(status, line);) {
    if (line.rfind("VmRSS:", 0) == 0) r.total_kib = std::stol(line.substr(6)), total = true;
    if (line.rfind("RssAnon:", 0) == 0)
      r.anonymous_kib = std::stol(line.substr(8)), anonymous = true;
  }
  if (!total || !anonymous) return std::nullopt;
  return r;
}

HostProcess HostProcess::start(const std::filesystem::path& game_host,
                               const std::filesystem::path& plugins) {
  int out[2];
  if (pipe2(out, O_CLOEXEC) != 0)
    throw std::runtime_error(std::string("pipe: ") + std::strerror(errno));
  const pid_t parent = getpid();
  const pid_t pid = fork();
  if (pid < 0) throw std::runtime_error(std::string("fork: ") + std::strerror(errno));
  if (pid == 0) {
    // The host must not outlive a load test that dies.
    prctl(PR_SET_PDEATHSIG, SIGTERM);
    if (getppid() != parent) _exit(1);
    dup2(out[1], STDOUT_FILENO);
    execl(game_host.c_str(), "game-host", "--listen", "127.0.0.1:0", "--plugins", plugins.c_str(),
          static_cast<char*>(nullptr));
    const std::string why =
        "host-load: cannot run " + game_host.string() + ": " + std::strerror(errno) + "\n";
    [[maybe_unused]] const ssize_t ignored = write(STDERR_FILENO, why.data(), why.size());
    _exit(127);
  }
  close(out[1]);
  HostProcess host({}, pid, out[0], true);
  const std::string line = first_line(out[0], 30s);
  if (line.rfind(kListening, 0) != 0)
    throw std::runtime_error("game-host said \"" + line + "\" instead of its address");
  host.address_ = line.substr(kListening.size());
  return host;
}

HostProcess HostProcess::attach(std::string address, pid_t pid) {
  return HostProcess(std::move(address), pid, -1, false);
}

HostProcess::HostProcess(HostProcess&& other) noexcept
    : address_(std::move(other.address_)),
      pid_(other.pid_),
      out_(other.out_),
      owned_(other.owned_),
      running_(other.running_) {
  other.out_ = -1;
  other.running_ = false;
}

HostProcess::~HostProcess() {
  if (running_) stop();
  if (out_ >= 0) close(out_);
}

std::string HostProcess::stop() {
  if (!running_) return {};
  running_ = false;
  kill(pid_, SIGTERM);
  if (const auto status = reap(pid_, 15s)) return ending_of(*status);
  kill(pid_, SIGKILL);
  reap(pid_, 5s);
  return "game-host did not stop within 15 s of SIGTERM and was killed";
}

}  // namespace host_tools
