// table-load: many online tables at once against a game-host's TableService.
// Each table has two person seats taken by two bots (two device ids, two
// connections) that play as fast as the answers come back, and spectators
// that each hold a Watch stream; the host's threads and memory are watched
// while they do.
//
//     table-load --plugins build/plugins --store sqlite:/tmp/x.db --tables 500 --seconds 30
//     table-load --target 127.0.0.1:50051 --host-pid 1234
//
// With --plugins it starts the game-host next to it (host_process.h) with
// --store and any --host-arg, and stops it with SIGTERM at the end; with
// --target it loads a running host. Every call is asynchronous (gRPC's
// callback API): the flows of all tables share gRPC's own few threads and
// --channels connections, tables dealt round-robin onto them.
//
//     table-load --plugins build/plugins --store postgresql://… --hosts 3
//
// With --hosts N it starts N game-hosts of one club on the same PostgreSQL
// store, each with --channels connections of its own: a table is created
// on one host, its second bot plays through the next and its spectators
// watch on the one after, so that a move reaches them across hosts. With
// a postgresql:// store it also reports the CPU the PostgreSQL server
// (every process named "postgres" on this machine) used in the measured
// window.
//
// What it checks: every call answers OK except the refusals the protocol
// allows ("stale_move"/"not_your_turn" after the CPU stood in for a bot, a
// watch ended with "watcher_too_slow", which is resumed); every Play answers
// the move asked for at a new version; every spectator sees versions
// 1, 2, 3... without a gap or a repeat, each MOVE being a move a bot had
// sent, and has caught up with the table's last version at the end; the
// host's resident memory grows less than --max-growth percent after the
// warm-up. Anything else makes the exit status 1.
#include <fmt/format.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <iterator>
#include <map>
#include <sstream>
#include <thread>

#include "boardgame/host/loader.h"
#include "boardgame/host/server.h"
#include "host_process.h"
#include "table_load_tables.h"

namespace fs = std::filesystem;
using namespace host_tools;
using namespace table_load;

namespace {

double seconds_between(Clock::time_point a, Clock::time_point b) {
  return std::chrono::duration<double>(b - a).count();
}

// The host's resident memory at the moments the report compares.
struct Memory : MemoryWatch {
  Resident start, ready, warm, middle, end;  // middle: half-way through the measurement
  bool halfway = false;
  std::vector<long> every_5s;  // VmRSS 5, 10, 15... s after the tables opened
  bool warmed = false;
};

// One game-host the run loads, and what is watched of it.
struct Host {
  std::unique_ptr<HostProcess> process;
  std::string name;  // its --club-host-id; empty outside a club
  Memory memory;
  long threads_start = 0, threads_end = 0, threads_peak = 0;
  double cpu_start = 0, cpu_run = 0;  // over the whole run
  double cpu_warm = 0, cpu_window = 0;  // over the measured window
  long tables_owned = 0;  // created on it

  pid_t pid() const { return process->pid(); }
  // " (load-2)" in a club, to tell its lines apart.
  std::string label() const { return name.empty() ? "" : " (" + name + ")"; }
};

bool is_postgresql(const std::string& store) {
  return store.rfind("postgresql://", 0) == 0 || store.rfind("postgres://", 0) == 0;
}

// Starts one host; in a club, on a port chosen here, since it must be
// told the address the others reach it at (--advertise) before it starts.
Host start_host(const fs::path& game_host, const fs::path& plugins, const std::string& store,
                const std::vector<std::string>& host_args, bool club, int index) {
  Host host;
  std::vector<std::string> extra = {"--store", store};
  std::string listen = "127.0.0.1:0";
  if (club) {
    host.name = fmt::format("load-{}", index + 1);
    listen = fmt::format("127.0.0.1:{}", free_loopback_port());
    extra.insert(extra.end(), {"--club-host-id", host.name, "--advertise", listen});
  }
  extra.insert(extra.end(), host_args.begin(), host_args.end());
  host.process =
      std::make_unique<HostProcess>(HostProcess::start(game_host, plugins, extra, listen));
  return host;
}

// The TCP port of a postgresql://[USER[:PASSWORD]@]HOST[:PORT][/DB][?…]
// store, 5432 when it names none.
int postgresql_port(const std::string& store) {
  std::string rest = store.substr(store.find("://") + 3);
  rest = rest.substr(0, rest.find_first_of("/?"));
  if (const auto at = rest.rfind('@'); at != std::string::npos) rest = rest.substr(at + 1);
  const auto colon = rest.rfind(':');
  const auto bracket = rest.rfind(']');  // [::1]:5433
  if (colon == std::string::npos || (bracket != std::string::npos && colon < bracket)) return 5432;
  return std::atoi(rest.c_str() + colon + 1);
}

// The CPU of PostgreSQL's processes over the measured window, from a
// sample of them all at each end of it. Every process named "postgres"
// is sampled, as the brief of this figure asks; the server of --store,
// found by the port it listens on, tells its own processes apart from
// those of other servers on the machine (other tests' clusters).
struct ServerCpu {
  bool measured = false;
  int port = 0;
  pid_t server = -1;  // its postmaster, -1 if not found on this machine
  int servers = 0;  // postmasters among the processes at the end
  std::map<pid_t, double> before, after;  // every postgres process
  std::map<pid_t, double> own_before, own_after;  // the server's, `server`'s family

  // Parents are read now, while the hosts' backends live.
  void start() {
    before = cpu_seconds_named("postgres");
    server = listening_on(port, before);
    own_before = family_of(server, before);
  }
  void stop() {
    after = cpu_seconds_named("postgres");
    own_after = family_of(server, after);
    servers = servers_among(after);
    measured = true;
  }
};

// Samples taken at the edges of the measured window: every host's CPU,
// and PostgreSQL's when the store is one.
struct Window {
  bool opened = false, closed = false;
  Clock::time_point from, to;
  ServerCpu postgres;
  bool with_postgres = false;

  void open(std::vector<Host>& hosts) {
    opened = true;
    if (with_postgres) postgres.start();
    for (Host& h : hosts) h.cpu_warm = cpu_seconds(h.pid());
    from = Clock::now();
  }
  void close(std::vector<Host>& hosts) {
    closed = true;
    to = Clock::now();
    for (Host& h : hosts) h.cpu_window = cpu_seconds(h.pid()) - h.cpu_warm;
    if (with_postgres) postgres.stop();
  }
  double seconds() const { return std::chrono::duration<double>(to - from).count(); }
};

// One sample of a host's memory and threads while the tables play:
// after the warm-up, half-way, every 5 s, and for the peaks.
void watch_host(Host& host, const Run& run, Clock::time_point now, Clock::time_point ready,
                Clock::duration half) {
  Memory& memory = host.memory;
  if (memory.lost) return;
  if (!memory.warmed && now >= run.warm_at.load()) {
    memory.warmed = memory.sample(host.pid(), &memory.warm);
  } else if (memory.warmed && !memory.halfway && now >= run.warm_at.load() + half) {
    memory.halfway = memory.sample(host.pid(), &memory.middle);
  } else {
    Resident now_kib;
    if (memory.sample(host.pid(), &now_kib) &&  // for the peak, and every 5 s
        now - ready >= std::chrono::seconds(5) * long(memory.every_5s.size() + 1))
      memory.every_5s.push_back(now_kib.total_kib);
  }
  host.threads_peak = std::max(host.threads_peak, thread_count(host.pid()));
}

std::shared_ptr<grpc::Channel> open_channel(const std::string& address, int index) {
  grpc::ChannelArguments arguments;
  // A connection of its own: no subchannel shared with the other channels.
  arguments.SetInt(GRPC_ARG_USE_LOCAL_SUBCHANNEL_POOL, 1);
  arguments.SetInt("table_load.channel", index);
  return connect_to_host(address, arguments);
}

void print_latency(const char* what, CallTimes& times) {
  if (!times.count()) {
    fmt::print("{}: no samples\n", what);
    return;
  }
  fmt::print("{}: p50 {:.2f} ms, p99 {:.2f} ms, max {:.2f} ms ({} samples)\n", what,
             times.percentile(0.50) / 1000, times.percentile(0.99) / 1000,
             times.percentile(1.0) / 1000, times.count());
}

// Microseconds of CPU per acknowledged move in the measured window.
double micros_per_move(double cpu_seconds, long moves) {
  return moves ? cpu_seconds * 1e6 / double(moves) : 0.0;
}

// The hosts' CPU over the whole run (as before clubs) and over the
// measured window, where it compares with the moves acknowledged in it.
void print_cpu(const std::vector<Host>& hosts, double run_seconds, double own_cpu,
               const Window& window, long moves) {
  double run = 0, measured = 0;
  std::string each;
  for (const Host& h : hosts) {
    run += h.cpu_run;
    measured += h.cpu_window;
    each += fmt::format("{}{} {:.2f}", each.empty() ? "" : ", ", h.name, h.cpu_run / run_seconds);
  }
  const std::string what = hosts.size() > 1 ? fmt::format("{} game-hosts", hosts.size())
                                            : std::string("game-host");
  fmt::print("CPU time over the {:.1f} s run: {} {:.1f} s ({:.2f} cores), table-load "
             "{:.1f} s ({:.2f} cores)\n",
             run_seconds, what, run, run / run_seconds, own_cpu, own_cpu / run_seconds);
  if (hosts.size() > 1) fmt::print("game-host cores over the run, by host: {}\n", each);
  if (!window.closed) {
    fmt::print("{} CPU in the measured window: not measured\n", what);
    return;
  }
  fmt::print("{} CPU in the measured {:.1f} s: {:.1f} s ({:.2f} cores), {:.0f} µs per "
             "acknowledged move\n",
             what, window.seconds(), measured, measured / window.seconds(),
             micros_per_move(measured, moves));
}

// One line of PostgreSQL's CPU in the measured window, as cores and per
// move, from `before` and `after`, samples of the same processes.
void print_server_cpu(const std::string& what, const Window& window,
                      const std::map<pid_t, double>& before, const std::map<pid_t, double>& after,
                      long moves) {
  int ended = 0;
  const double used = cpu_seconds_between(before, after, &ended);
  fmt::print("{} in the measured {:.1f} s: {:.1f} s ({:.2f} cores), {:.0f} µs per acknowledged "
             "move; {} postgres processes at the end, {} ended in between (their time is lost)\n",
             what, window.seconds(), used, used / window.seconds(), micros_per_move(used, moves),
             after.size(), ended);
}

// PostgreSQL's CPU in the measured window: its server's (the postmaster
// listening on the port of --store, and its children: the hosts'
// backends and the server's helpers), and every postgres process's on
// this machine when that differs, as other servers run or the server
// was not found.
void print_postgres(const Window& window, long moves) {
  const ServerCpu& pg = window.postgres;
  if (!pg.measured) {
    fmt::print("PostgreSQL CPU in the measured window: not measured\n");
    return;
  }
  const int servers = pg.servers;
  if (pg.server >= 0)
    print_server_cpu(fmt::format("PostgreSQL CPU (server pid {} on port {}, its children)",
                                 pg.server, pg.port),
                     window, pg.own_before, pg.own_after, moves);
  if (pg.server < 0 || servers > 1)
    print_server_cpu(fmt::format("PostgreSQL CPU (every postgres process: {} server{}{})",
                                 servers, servers == 1 ? "" : "s",
                                 pg.server < 0 ? fmt::format(", none found on port {}", pg.port)
                                               : std::string()),
                     window, pg.before, pg.after, moves);
}

// A host's memory over the run; false when it grew past `max_growth`
// percent after the warm-up, or the host went away.
bool print_memory(const Host& host, double max_growth, long moves) {
  const Memory& memory = host.memory;
  const std::string label = host.label();
  if (memory.lost) {
    fmt::print("host memory{} (VmRSS): start {}; the host's process went away during the run\n",
               label, mib(memory.start.total_kib));
    return false;
  }
  fmt::print("host memory{} (VmRSS): start {}, tables open {}, after warm-up {}, end {}, peak {}\n",
             label, mib(memory.start.total_kib), mib(memory.ready.total_kib),
             memory.warmed ? mib(memory.warm.total_kib) : "not reached",
             mib(memory.end.total_kib), mib(memory.peak_kib));
  fmt::print("  of which anonymous (RssAnon): start {}, after warm-up {}, end {}\n",
             mib(memory.start.anonymous_kib),
             memory.warmed ? mib(memory.warm.anonymous_kib) : "not reached",
             mib(memory.end.anonymous_kib));
  std::string timeline;
  for (long kib : memory.every_5s)
    timeline += fmt::format("{}{:.1f}", timeline.empty() ? "" : " ", double(kib) / 1024.0);
  if (!timeline.empty())
    fmt::print("host memory{} (VmRSS) every 5 s after the tables opened: {} MiB\n", label,
               timeline);
  // In a club, by the tables created on the host, whose owner it is.
  const double owned = double(std::max(host.tables_owned, 1L));
  fmt::print("host memory{} per table{}: {:.1f} KiB with the tables open, {:.1f} KiB at the end\n",
             label, host.name.empty() ? "" : " it owns",
             double(memory.ready.total_kib - memory.start.total_kib) / owned,
             double(memory.end.total_kib - memory.start.total_kib) / owned);
  if (!memory.warmed) {
    fmt::print("memory growth{} after warm-up: not measured\n", label);
    return true;
  }
  const double growth = growth_percent(memory.warm.total_kib, memory.end.total_kib);
  fmt::print("memory growth{} after warm-up: {:+.2f}% ({}); anonymous: {:+.2f}%; "
             "{:.2f} KiB per acknowledged move\n",
             label, growth,
             max_growth >= 0 ? fmt::format("limit {}%", max_growth)
                             : std::string("no limit: the memory store keeps every event"),
             growth_percent(memory.warm.anonymous_kib, memory.end.anonymous_kib),
             moves ? double(memory.end.total_kib - memory.warm.total_kib) / double(moves) : 0.0);
  if (memory.halfway)
    fmt::print("memory growth{} over the second half of the measurement: {:+.2f}% (a cache "
               "that fills levels off, a leak does not)\n",
               label, growth_percent(memory.middle.total_kib, memory.end.total_kib));
  return !(max_growth >= 0 && growth >= max_growth);
}

}  // namespace

int main(int argc, char** argv) {
  boardgame::host::skip_lock_order_checks();
  Options o;
  fs::path plugins, game_host, rules_folder;
  std::string target, store = "memory";
  std::vector<std::string> host_args;
  bool club = false;
  pid_t host_pid = 0;
  double max_growth = -1;

  CLI::App app{
      "Plays many online tables at once against a game-host's TableService: two bots per "
      "table and spectators watching, and reports moves/s, latency, the host's threads and "
      "memory."};
  auto* spawn =
      app.add_option("--plugins", plugins,
                     "start game-host with the plugins of this folder, stop it at the end")
          ->check(CLI::ExistingDirectory);
  app.add_option("--game-host", game_host, "the game-host to start (default: next to table-load)")
      ->needs(spawn)
      ->check(CLI::ExistingFile);
  app.add_option("--store", store, "the started host's --store: memory, sqlite:PATH or postgresql://…")
      ->needs(spawn)
      ->capture_default_str();
  app.add_option("--host-arg", host_args,
                 "one more argument for the started host, e.g. --host-arg=--max-watchers=8 "
                 "(repeatable)")
      ->needs(spawn)
      ->allow_extra_args(false);
  app.add_option("--hosts", o.hosts,
                 "game-hosts to start, in club mode on the one --store (postgresql:// only); "
                 "each table is created on one, played through two and watched on a third")
      ->needs(spawn)
      ->capture_default_str()
      ->check(CLI::Range(1, 64));
  app.add_flag("--club", club,
               "start the hosts in club mode even with --hosts 1 (--hosts 2 or more implies it)")
      ->needs(spawn);
  auto* attach =
      app.add_option("--target", target, "address of a running game-host instead")->excludes(spawn);
  app.add_option("--host-pid", host_pid, "process id of that game-host, to watch it")
      ->needs(attach);
  attach->needs(app.get_option("--host-pid"));
  app.add_option("--rules", rules_folder,
                 "plugin folder the bots read the game's rules from, in-process (default: "
                 "--plugins, else this installation's plugin folder)")
      ->check(CLI::ExistingDirectory);
  app.add_option("--game", o.game, "the game the tables play")->capture_default_str();
  app.add_option("--tables", o.tables, "tables played at once")
      ->capture_default_str()
      ->check(CLI::Range(1, 100000));
  app.add_option("--spectators", o.spectators, "spectators per table, one Watch stream each")
      ->capture_default_str()
      ->check(CLI::Range(0, 1000));
  app.add_option("--channels", o.channels, "connections to each host, tables dealt round-robin")
      ->capture_default_str()
      ->check(CLI::Range(1, 256));
  app.add_option("--seconds", o.seconds, "measured seconds, after the warm-up")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  app.add_option("--warmup-seconds", o.warmup,
                 "seconds of play before the measurement (and the memory it is compared to)")
      ->capture_default_str()
      ->check(CLI::NonNegativeNumber);
  app.add_option("--max-growth", max_growth,
                 "fail when the host's resident memory grows this many percent or more after the "
                 "warm-up (default 10; with --store memory, which keeps every event in RAM by "
                 "design, no limit unless given)")
      ->check(CLI::NonNegativeNumber);
  app.add_option("--seed", o.seed, "seed of the bots' choices")->capture_default_str();
  CLI11_PARSE(app, argc, argv);
  if (plugins.empty() && target.empty()) {
    std::cerr << "table-load: give --plugins to start a game-host, or --target and --host-pid\n";
    return 2;
  }
  club = club || o.hosts > 1;
  if (club && !is_postgresql(store)) {
    std::cerr << "table-load: --hosts " << o.hosts << (o.hosts > 1 ? "" : " --club")
              << " needs a club's shared store: give --store postgresql://…, not " << store
              << "\n";
    return 2;
  }
  // A negative limit: the growth is reported, not judged.
  const bool in_ram = !plugins.empty() && store == "memory";
  if (max_growth < 0 && !in_ram) max_growth = 10;
  const fs::path bin = fs::read_symlink("/proc/self/exe").parent_path();
  if (game_host.empty()) game_host = bin / "game-host";
  if (rules_folder.empty())
    rules_folder = plugins.empty() ? fs::path(boardgame::host::default_plugin_folder()) : plugins;

  try {
    std::vector<Host> hosts;
    if (plugins.empty()) {
      hosts.emplace_back();
      hosts.back().process = std::make_unique<HostProcess>(HostProcess::attach(target, host_pid));
    } else {
      // One after another: each listens, its store ready, before the next starts.
      for (int h = 0; h < o.hosts; ++h)
        hosts.push_back(start_host(game_host, plugins, store, host_args, club, h));
    }
    for (Host& h : hosts) {
      if (!h.memory.sample(h.pid(), &h.memory.start))
        throw std::runtime_error("cannot read the memory of process " + std::to_string(h.pid()));
      h.threads_start = h.threads_peak = thread_count(h.pid());
      h.cpu_start = cpu_seconds(h.pid());
    }
    const double own_cpu_start = cpu_seconds(getpid());
    Window window;
    window.with_postgres = !plugins.empty() && is_postgresql(store);
    if (window.with_postgres) window.postgres.port = postgresql_port(store);

    Run run;
    run.options = o;
    const boardgame::host::LoadResult rules = boardgame::host::load_plugins(rules_folder);
    for (const auto& game : rules.games)
      if (game.game_id() == o.game) run.rules = &game;
    if (run.rules == nullptr)
      throw std::runtime_error("no plugin in " + rules_folder.string() + " serves \"" + o.game +
                               "\" for the bots' rules");
    for (const Host& h : hosts)
      for (int c = 0; c < o.channels; ++c)
        run.tables.push_back(v1::TableService::NewStub(
            open_channel(h.process->address(), int(run.tables.size()))));
    for (int t = 0; t < o.tables; ++t) hosts[std::size_t(t % o.hosts)].tables_owned += 1;
    fmt::print("table-load: {} tables of {}, 2 bots and {} spectators each, {} channels{}, "
               "warm-up {} s, measured {} s, seed {}\n",
               o.tables, o.game, o.spectators, o.channels, o.hosts > 1 ? " per host" : "",
               o.warmup, o.seconds, o.seed);
    for (const Host& h : hosts)
      fmt::print("game-host {}{} (pid {}, {}){}\n", h.process->address(), h.label(), h.pid(),
                 h.process->started_here() ? "started by table-load" : "already running",
                 h.process->started_here() ? ", --store " + store : "");
    if (o.hosts > 1)
      fmt::print("club of {} hosts: table t created and seat 1 played on host t % {}, seat 2 "
                 "on the next, spectators on the one after\n",
                 o.hosts, o.hosts);
    fmt::print("load average before: {}\n", load_average());
    std::fflush(stdout);

    // Open every table; play starts at each as soon as its second bot sits.
    const auto opened = Clock::now();
    std::vector<std::unique_ptr<TableRun>> tables;
    for (int i = 0; i < o.tables; ++i) tables.push_back(std::make_unique<TableRun>(run, i));
    // The end is unknown until every table is open: keep them playing.
    for (auto& t : tables) t->start();
    {
      std::unique_lock lock(run.done_mutex);
      run.done_changed.wait_for(lock, std::chrono::seconds(60), [&] {
        return run.tables_ready + run.tables_failed >= o.tables;
      });
    }
    const auto ready = Clock::now();
    for (Host& h : hosts) h.memory.sample(h.pid(), &h.memory.ready);
    const auto warm_at = ready + std::chrono::duration_cast<Clock::duration>(
                                     std::chrono::duration<double>(o.warmup));
    run.end = warm_at + std::chrono::duration_cast<Clock::duration>(
                            std::chrono::duration<double>(o.seconds));
    run.warm_at = warm_at;
    fmt::print("tables open and playing: {} of {} in {:.2f} s\n", run.tables_ready.load(),
               o.tables, seconds_between(opened, ready));
    std::fflush(stdout);

    const auto half = std::chrono::duration_cast<Clock::duration>(
        std::chrono::duration<double>(o.seconds / 2));
    long watches_held_min = LONG_MAX, watches_held_max = 0;
    const auto any_lost = [&] {
      return std::any_of(hosts.begin(), hosts.end(), [](const Host& h) { return h.memory.lost; });
    };
    while (run.tables_done < o.tables) {
      // Woken at the window's edges too, so that its CPU samples are taken
      // within a millisecond of them rather than up to 100 ms late.
      const auto edge = !window.opened ? run.warm_at.load() : run.end.load();
      std::this_thread::sleep_until(
          std::min(Clock::now() + std::chrono::milliseconds(100),
                   window.closed ? Clock::time_point::max() : edge));
      const auto now = Clock::now();
      if (!window.opened && now >= run.warm_at.load()) window.open(hosts);
      if (window.opened && !window.closed && now >= run.end.load()) window.close(hosts);
      if (any_lost()) {
        run.stop = true;
        continue;
      }
      for (Host& h : hosts) watch_host(h, run, now, ready, half);
      if (run.measuring(now)) {
        watches_held_min = std::min(watches_held_min, run.watches_open.load());
        watches_held_max = std::max(watches_held_max, run.watches_open.load());
      }
      if (now > run.end.load() + std::chrono::seconds(60)) {
        run.problems.note(Problems::kStatus, "tables still waiting for an answer 60 s after the end");
        break;
      }
    }
    // Tables stopped early (a failure): the window ends here.
    if (window.opened && !window.closed) window.close(hosts);
    const auto stopped = Clock::now();
    const long watches_at_end = run.watches_open;
    for (Host& h : hosts) {
      h.threads_end = thread_count(h.pid());
      h.cpu_run = cpu_seconds(h.pid()) - h.cpu_start;
    }
    const double own_cpu = cpu_seconds(getpid()) - own_cpu_start;
    const double run_seconds = seconds_between(opened, stopped);

    // Every spectator must reach its table's last version.
    const auto catch_up_until = Clock::now() + std::chrono::seconds(10);
    long behind = 0;
    for (;;) {
      behind = 0;
      for (const auto& t : tables) behind += t->spectators_behind();
      if (behind == 0 || Clock::now() >= catch_up_until || any_lost()) break;
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    const double catch_up_s = seconds_between(stopped, Clock::now());
    for (long i = 0; i < behind; ++i)
      run.problems.note(Problems::kBehind, "a spectator had not caught up 10 s after the end");
    for (Host& h : hosts) h.memory.sample(h.pid(), &h.memory.end);
    const std::string load_after = load_average();
    const long client_threads = thread_count(getpid());

    // Close the watches and wait for them to end.
    run.closing = true;
    for (auto& t : tables) t->close_watches();
    {
      std::unique_lock lock(run.done_mutex);
      if (!run.done_changed.wait_for(lock, std::chrono::seconds(20),
                                     [&] { return run.watches_open == 0; }))
        run.problems.note(Problems::kStatus, "watches still open 20 s after being cancelled");
    }

    CallTimes play_times, spectator_times, after_ack_times, after_host_times;
    for (auto& t : tables) {
      play_times.merge(t->play_times);
      spectator_times.merge(t->spectator_times);
      after_ack_times.merge(t->spectator_after_ack_times);
      after_host_times.merge(t->spectator_after_host_times);
    }
    std::vector<std::string> host_endings;
    for (Host& h : hosts)
      host_endings.push_back(h.memory.lost || !h.process->started_here() ? "" : h.process->stop());
    const double measured = o.seconds;
    const long moves = run.moves_in_window;

    fmt::print("load average after: {}\n", load_after);
    fmt::print("tables: {} played, {} stopped by an unexpected result\n",
               o.tables - run.tables_failed, run.tables_failed.load());
    fmt::print("acknowledged moves: {} in all, {} in the measured {:.1f} s: {:.0f} moves/s\n",
               run.moves_acked.load(), moves, measured, double(moves) / measured);
    fmt::print("games: {} ended, {} next games started\n", run.games_over.load(),
               run.next_games.load());
    fmt::print("calls: {} (CreateTable, JoinTable, Play, NextGame, GetTable; the bots read the "
               "rules in-process)\n",
               run.calls.load());
    print_latency("move latency (Play sent to answered)", play_times);
    print_latency("move to spectator latency (Play sent to MOVE event received)", spectator_times);
    print_latency("move to spectator latency (Play answered to MOVE event received, when after)",
                  after_ack_times);
    print_latency("move to spectator latency (host took the move to MOVE event received, 1 ms steps)",
                  after_host_times);
    fmt::print("MOVE events received before their Play's answer (measured window): {}\n",
               run.spectator_samples_early.load());
    fmt::print("concurrent watch streams held: {} at the end of the measurement (min {}, max {} "
               "during it); {} opened in all, {} resumed\n",
               watches_at_end, watches_held_min == LONG_MAX ? 0 : watches_held_min,
               watches_held_max, run.watches_opened.load(), run.watch_resumes.load());
    fmt::print("spectator events: {} received, {} MOVE, {} CPU_STANDING_IN; caught up in {:.2f} s\n",
               run.events_seen.load(), run.move_events_seen.load(), run.stand_ins_seen.load(),
               catch_up_s);
    for (const Host& h : hosts)
      fmt::print("host threads{}: {} at start, {} at the end (peak {})\n", h.label(),
                 h.threads_start, h.threads_end, h.threads_peak);
    fmt::print("table-load threads: {}\n", client_threads);
    print_cpu(hosts, run_seconds, own_cpu, window, moves);
    if (window.with_postgres) print_postgres(window, moves);

    bool passed = true;
    for (const Host& h : hosts)
      passed = print_memory(h, max_growth, moves) && passed;
    for (const auto& [what, n] : run.allowed.counts())
      fmt::print("refused as the protocol allows ({} times): {}\n", n, what);
    fmt::print("unexpected statuses: {}\nwrong answers: {}\n", run.problems.count(Problems::kStatus),
               run.problems.count(Problems::kWrongAnswer));
    fmt::print("spectator events missed: {}, repeated: {}, spectators behind at the end: {}\n",
               run.problems.count(Problems::kMissing), run.problems.count(Problems::kRepeated),
               run.problems.count(Problems::kBehind));
    for (const auto& [what, n] : run.problems.described())
      fmt::print("unexpected ({} times): {}\n", n, what);
    if (run.problems.total() > 0 || run.tables_ready < o.tables) passed = false;
    for (std::size_t i = 0; i < hosts.size(); ++i)
      if (!host_endings[i].empty()) {
        fmt::print("game-host{}: {}\n", hosts[i].label(), host_endings[i]);
        passed = false;
      }
    fmt::print("{}\n", passed ? "PASS" : "FAIL");
    std::fflush(stdout);
    tables.clear();
    return passed ? 0 : 1;
  } catch (const std::exception& e) {
    std::cerr << "table-load: " << e.what() << "\n";
    return 1;
  }
}
