#include "host_process.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <sstream>
#include <stdexcept>
#include <string>
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
                               const std::filesystem::path& plugins,
                               const std::vector<std::string>& extra) {
  std::vector<std::string> args = {"game-host", "--listen", "127.0.0.1:0", "--plugins",
                                   plugins.string()};
  args.insert(args.end(), extra.begin(), extra.end());
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
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
    execv(game_host.c_str(), argv.data());
    const std::string why = "cannot run " + game_host.string() + ": " + std::strerror(errno) + "\n";
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

bool MemoryWatch::sample(pid_t pid, Resident* into) {
  const auto now = resident_memory(pid);
  if (!now) {
    lost = true;
    return false;
  }
  *into = *now;
  peak_kib = std::max(peak_kib, now->total_kib);
  return true;
}

long thread_count(pid_t pid) {
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  for (std::string line; std::getline(status, line);)
    if (line.rfind("Threads:", 0) == 0) return std::stol(line.substr(8));
  return -1;
}

double cpu_seconds(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string stat((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto paren = stat.rfind(')');  // the command name may hold spaces
  if (paren == std::string::npos) return -1;
  std::istringstream fields(stat.substr(paren + 2));
  std::string field;
  long utime = 0, stime = 0;
  for (int i = 3; i <= 15 && fields >> field; ++i) {  // field 3 is the state
    if (i == 14) utime = std::stol(field);
    if (i == 15) stime = std::stol(field);
  }
  return double(utime + stime) / double(sysconf(_SC_CLK_TCK));
}

std::string load_average() {
  std::ifstream in("/proc/loadavg");
  std::string one, five, fifteen;
  in >> one >> five >> fifteen;
  return one + " " + five + " " + fifteen + " on " +
         std::to_string(std::thread::hardware_concurrency()) + " cores";
}

std::string mib(long kib) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f MiB", double(kib) / 1024.0);
  return text;
}

double growth_percent(long from, long to) { return 100.0 * double(to - from) / double(from); }

}  // namespace host_tools
