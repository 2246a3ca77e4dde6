// The game-host a load test runs against: one it starts and stops itself,
// or one already running, known by its process id.
#pragma once

#include <sys/types.h>

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace host_tools {

// Resident memory of a process, from /proc/<pid>/status.
struct Resident {
  long total_kib = 0;      // VmRSS
  long anonymous_kib = 0;  // RssAnon: heap, stacks and other private memory,
                           // where a leak shows; the rest is mapped files
};
// Nothing once the process is gone (or is a zombie).
std::optional<Resident> resident_memory(pid_t pid);

// A process's resident memory sampled over a run, with its peak.
struct MemoryWatch {
  long peak_kib = 0;
  bool lost = false;  // the process went away during the run

  // False once the process is gone.
  bool sample(pid_t pid, Resident* into);
};

// The Threads: line of /proc/<pid>/status; -1 once the process is gone.
long thread_count(pid_t pid);
// User plus system CPU seconds a process has used; -1 once it is gone.
double cpu_seconds(pid_t pid);
// User plus system CPU seconds of every process whose /proc/<pid>/comm is
// `name`, by process id: a server's processes, such as PostgreSQL's
// postmaster and its backends, all "postgres".
std::map<pid_t, double> cpu_seconds_named(std::string_view name);
// The CPU seconds those processes used from `before` to `after`: a process
// in `after` only started in between and counts whole. A process in
// `before` only ended in between and its time is lost, as it is gone
// from /proc; `ended` says how many.
double cpu_seconds_between(const std::map<pid_t, double>& before,
                           const std::map<pid_t, double>& after, int* ended);
// Servers among those processes: the ones whose parent is not one of them
// (a postmaster's backends are its children).
int servers_among(const std::map<pid_t, double>& processes);
// The one of `processes` that listens on TCP port `port` (on any address),
// from /proc/net/tcp{,6} and the processes' open sockets; -1 if none does
// or its sockets cannot be read.
pid_t listening_on(int port, const std::map<pid_t, double>& processes);
// Those of `processes` that are `server` or its children: a PostgreSQL
// server's postmaster and the backends and helpers it forked.
std::map<pid_t, double> family_of(pid_t server, const std::map<pid_t, double>& processes);
// A TCP port on 127.0.0.1 that nothing listens on now, for a host that
// must be told its own address before it starts. Another process may take
// it before the host binds it; the host then fails to start and says so.
int free_loopback_port();
// "1.52 1.31 0.90 on 2 cores", from /proc/loadavg.
std::string load_average();
std::string mib(long kib);
double growth_percent(long from, long to);

class HostProcess {
 public:
  // Starts `game_host` on `listen` (by default a free loopback port) with
  // the plugins of `plugins` and the further arguments `extra` (such as
  // --store memory), and waits until it listens. Throws std::runtime_error
  // when it does not. Call before starting any thread: it forks.
  static HostProcess start(const std::filesystem::path& game_host,
                           const std::filesystem::path& plugins,
                           const std::vector<std::string>& extra = {},
                           const std::string& listen = "127.0.0.1:0");
  // A host started elsewhere; never stopped by this object.
  static HostProcess attach(std::string address, pid_t pid);

  HostProcess(HostProcess&& other) noexcept;
  HostProcess& operator=(HostProcess&&) = delete;
  ~HostProcess();

  const std::string& address() const { return address_; }
  pid_t pid() const { return pid_; }
  bool started_here() const { return owned_; }

  // Stops a host started here with SIGTERM, as an operator would, and says
  // how it ended: empty for a clean exit, otherwise what went wrong.
  std::string stop();

 private:
  HostProcess(std::string address, pid_t pid, int out, bool owned)
      : address_(std::move(address)), pid_(pid), out_(out), owned_(owned), running_(owned) {}

  std::string address_;
  pid_t pid_ = -1;
  int out_ = -1;  // the read end of the host's standard output, kept open
  bool owned_ = false;
  bool running_ = false;  // started here and not yet stopped
};

}  // namespace host_tools
