// The game-host a load test runs against: one it starts and stops itself,
// or one already running, known by its process id.
#pragma once

#include <sys/types.h>

#include <filesystem>
#include <optional>
#include <string>
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
// "1.52 1.31 0.90 on 2 cores", from /proc/loadavg.
std::string load_average();
std::string mib(long kib);
double growth_percent(long from, long to);

class HostProcess {
 public:
  // Starts `game_host` on a free loopback port with the plugins of
  // `plugins` and the further arguments `extra` (such as --store memory),
  // and waits until it listens. Throws std::runtime_error when it does
  // not. Call before starting any thread: it forks.
  static HostProcess start(const std::filesystem::path& game_host,
                           const std::filesystem::path& plugins,
                           const std::vector<std::string>& extra = {});
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
