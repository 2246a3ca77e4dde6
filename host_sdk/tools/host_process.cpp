#include "host_process.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/prctl.h>
#include <sys/socket.h>
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

// The fields of /proc/<pid>/stat, [0] being field 1 (the pid) and [2]
// field 3 (the state); the command name, field 2, is left empty, as it
// may hold spaces. Nothing once the process is gone.
std::vector<std::string> stat_fields(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string stat((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto paren = stat.rfind(')');
  if (paren == std::string::npos || paren + 2 > stat.size()) return {};
  std::vector<std::string> fields = {std::to_string(pid), ""};
  std::istringstream rest(stat.substr(paren + 2));
  for (std::string field; rest >> field;) fields.push_back(field);
  return fields;
}

// -1 once the process is gone.
pid_t parent_of(pid_t pid) {
  const std::vector<std::string> fields = stat_fields(pid);
  return fields.size() >= 4 ? pid_t(std::stol(fields[3])) : -1;
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
                               const std::vector<std::string>& extra,
                               const std::string& listen) {
  std::vector<std::string> args = {"game-host", "--listen", listen, "--plugins", plugins.string()};
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
  const std::vector<std::string> fields = stat_fields(pid);
  if (fields.size() < 15) return -1;
  const long utime = std::stol(fields[13]), stime = std::stol(fields[14]);
  return double(utime + stime) / double(sysconf(_SC_CLK_TCK));
}

std::map<pid_t, double> cpu_seconds_named(std::string_view name) {
  std::map<pid_t, double> found;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator("/proc", error)) {
    const std::string pid = entry.path().filename().string();
    if (pid.empty() || pid.find_first_not_of("0123456789") != std::string::npos) continue;
    std::ifstream comm(entry.path() / "comm");
    std::string got;
    if (!std::getline(comm, got) || got != name) continue;
    // Gone between the two reads: as if never seen.
    if (const double cpu = cpu_seconds(std::stoi(pid)); cpu >= 0) found[std::stoi(pid)] = cpu;
  }
  return found;
}

double cpu_seconds_between(const std::map<pid_t, double>& before,
                           const std::map<pid_t, double>& after, int* ended) {
  double used = 0;
  *ended = 0;
  for (const auto& [pid, cpu] : after) {
    const auto it = before.find(pid);
    // Less time than before: the id of an ended process, taken again.
    const bool reused = it != before.end() && cpu < it->second;
    used += it == before.end() || reused ? cpu : cpu - it->second;
    *ended += reused ? 1 : 0;
  }
  for (const auto& entry : before) *ended += after.count(entry.first) ? 0 : 1;
  return used;
}

int servers_among(const std::map<pid_t, double>& processes) {
  int servers = 0;
  for (const auto& entry : processes)
    if (const pid_t parent = parent_of(entry.first); parent >= 0 && !processes.count(parent))
      ++servers;
  return servers;
}

namespace {

// The inodes of the sockets listening on TCP port `port`, IPv4 and IPv6.
std::vector<std::string> listening_sockets(int port) {
  std::vector<std::string> inodes;
  for (const char* table : {"/proc/net/tcp", "/proc/net/tcp6"}) {
    std::ifstream in(table);
    std::string line;
    std::getline(in, line);  // the heading
    while (std::getline(in, line)) {
      // sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode
      std::istringstream fields(line);
      std::string slot, local, remote, state, queues, timer, retransmits, uid, timeout, inode;
      fields >> slot >> local >> remote >> state >> queues >> timer >> retransmits >> uid >>
          timeout >> inode;
      const auto colon = local.rfind(':');
      if (state != "0A" || colon == std::string::npos) continue;  // 0A: LISTEN
      if (std::stoi(local.substr(colon + 1), nullptr, 16) == port) inodes.push_back(inode);
    }
  }
  return inodes;
}

bool holds_socket(pid_t pid, const std::vector<std::string>& inodes) {
  std::error_code error;
  const std::filesystem::path fds = "/proc/" + std::to_string(pid) + "/fd";
  for (const auto& fd : std::filesystem::directory_iterator(fds, error)) {
    const std::string target = std::filesystem::read_symlink(fd.path(), error).string();
    for (const std::string& inode : inodes)
      if (target == "socket:[" + inode + "]") return true;
  }
  return false;
}

}  // namespace

pid_t listening_on(int port, const std::map<pid_t, double>& processes) {
  const std::vector<std::string> inodes = listening_sockets(port);
  if (inodes.empty()) return -1;
  for (const auto& entry : processes)
    if (holds_socket(entry.first, inodes)) return entry.first;
  return -1;
}

std::map<pid_t, double> family_of(pid_t server, const std::map<pid_t, double>& processes) {
  std::map<pid_t, double> family;
  if (server < 0) return family;
  for (const auto& [pid, cpu] : processes)
    if (pid == server || parent_of(pid) == server) family[pid] = cpu;
  return family;
}

int free_loopback_port() {
  const int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) throw std::runtime_error(std::string("socket: ") + std::strerror(errno));
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t size = sizeof address;
  const bool bound = bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0 &&
                     getsockname(fd, reinterpret_cast<sockaddr*>(&address), &size) == 0;
  const int saved = errno;
  close(fd);
  if (!bound) throw std::runtime_error(std::string("no free port: ") + std::strerror(saved));
  return ntohs(address.sin_port);
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
