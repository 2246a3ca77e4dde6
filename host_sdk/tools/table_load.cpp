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
#include <climits>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <iterator>
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

}  // namespace

int main(int argc, char** argv) {
  boardgame::host::skip_lock_order_checks();
  Options o;
  fs::path plugins, game_host, rules_folder;
  std::string target, store = "memory";
  std::vector<std::string> host_args;
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
  app.add_option("--channels", o.channels, "connections to the host, tables dealt round-robin")
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
  // A negative limit: the growth is reported, not judged.
  const bool in_ram = !plugins.empty() && store == "memory";
  if (max_growth < 0 && !in_ram) max_growth = 10;
  const fs::path bin = fs::read_symlink("/proc/self/exe").parent_path();
  if (game_host.empty()) game_host = bin / "game-host";
  if (rules_folder.empty())
    rules_folder = plugins.empty() ? fs::path(boardgame::host::default_plugin_folder()) : plugins;

  try {
    std::unique_ptr<HostProcess> host;
    if (plugins.empty()) {
      host = std::make_unique<HostProcess>(HostProcess::attach(target, host_pid));
    } else {
      std::vector<std::string> extra = {"--store", store};
      extra.insert(extra.end(), host_args.begin(), host_args.end());
      host = std::make_unique<HostProcess>(HostProcess::start(game_host, plugins, extra));
    }
    Memory memory;
    if (!memory.sample(host->pid(), &memory.start))
      throw std::runtime_error("cannot read the memory of process " + std::to_string(host->pid()));
    const long threads_start = thread_count(host->pid());
    const double host_cpu_start = cpu_seconds(host->pid());
    const double own_cpu_start = cpu_seconds(getpid());

    Run run;
    run.options = o;
    const boardgame::host::LoadResult rules = boardgame::host::load_plugins(rules_folder);
    for (const auto& game : rules.games)
      if (game.game_id() == o.game) run.rules = &game;
    if (run.rules == nullptr)
      throw std::runtime_error("no plugin in " + rules_folder.string() + " serves \"" + o.game +
                               "\" for the bots' rules");
    for (int c = 0; c < o.channels; ++c)
      run.tables.push_back(v1::TableService::NewStub(open_channel(host->address(), c)));
    fmt::print("table-load: {} tables of {}, 2 bots and {} spectators each, {} channels, "
               "warm-up {} s, measured {} s, seed {}\n",
               o.tables, o.game, o.spectators, o.channels, o.warmup, o.seconds, o.seed);
    fmt::print("game-host {} (pid {}, {}){}\n", host->address(), host->pid(),
               host->started_here() ? "started by table-load" : "already running",
               host->started_here() ? ", --store " + store : "");
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
    memory.sample(host->pid(), &memory.ready);
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
    long threads_peak = threads_start;
    while (run.tables_done < o.tables) {
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
      const auto now = Clock::now();
      if (memory.lost) {
        run.stop = true;
        continue;
      }
      if (!memory.warmed && now >= run.warm_at.load()) {
        memory.warmed = memory.sample(host->pid(), &memory.warm);
      } else if (memory.warmed && !memory.halfway && now >= run.warm_at.load() + half) {
        memory.halfway = memory.sample(host->pid(), &memory.middle);
      } else {
        Resident now_kib;
        if (memory.sample(host->pid(), &now_kib) &&  // for the peak, and every 5 s
            now - ready >= std::chrono::seconds(5) * long(memory.every_5s.size() + 1))
          memory.every_5s.push_back(now_kib.total_kib);
      }
      threads_peak = std::max(threads_peak, thread_count(host->pid()));
      if (run.measuring(now)) {
        watches_held_min = std::min(watches_held_min, run.watches_open.load());
        watches_held_max = std::max(watches_held_max, run.watches_open.load());
      }
      if (now > run.end.load() + std::chrono::seconds(60)) {
        run.problems.note(Problems::kStatus, "tables still waiting for an answer 60 s after the end");
        break;
      }
    }
    const auto stopped = Clock::now();
    const long watches_at_end = run.watches_open;
    const long threads_end = thread_count(host->pid());
    const double host_cpu = cpu_seconds(host->pid()) - host_cpu_start;
    const double own_cpu = cpu_seconds(getpid()) - own_cpu_start;
    const double run_seconds = seconds_between(opened, stopped);

    // Every spectator must reach its table's last version.
    const auto catch_up_until = Clock::now() + std::chrono::seconds(10);
    long behind = 0;
    for (;;) {
      behind = 0;
      for (const auto& t : tables) behind += t->spectators_behind();
      if (behind == 0 || Clock::now() >= catch_up_until || memory.lost) break;
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    const double catch_up_s = seconds_between(stopped, Clock::now());
    for (long i = 0; i < behind; ++i)
      run.problems.note(Problems::kBehind, "a spectator had not caught up 10 s after the end");
    memory.sample(host->pid(), &memory.end);
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
    const bool owned = host->started_here();
    const std::string host_ending = memory.lost ? "" : host->stop();
    const double window = o.seconds;

    fmt::print("load average after: {}\n", load_after);
    fmt::print("tables: {} played, {} stopped by an unexpected result\n",
               o.tables - run.tables_failed, run.tables_failed.load());
    fmt::print("acknowledged moves: {} in all, {} in the measured {:.1f} s: {:.0f} moves/s\n",
               run.moves_acked.load(), run.moves_in_window.load(), window,
               double(run.moves_in_window) / window);
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
    fmt::print("host threads: {} at start, {} at the end (peak {})\n", threads_start, threads_end,
               threads_peak);
    fmt::print("table-load threads: {}\n", client_threads);
    fmt::print("CPU time over the {:.1f} s run: game-host {:.1f} s ({:.2f} cores), table-load "
               "{:.1f} s ({:.2f} cores)\n",
               run_seconds, host_cpu, host_cpu / run_seconds, own_cpu, own_cpu / run_seconds);

    bool passed = true;
    if (memory.lost) {
      fmt::print("host memory (VmRSS): start {}; the host's process went away during the run\n",
                 mib(memory.start.total_kib));
      passed = false;
    } else {
      fmt::print("host memory (VmRSS): start {}, tables open {}, after warm-up {}, end {}, peak {}\n",
                 mib(memory.start.total_kib), mib(memory.ready.total_kib),
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
        fmt::print("host memory (VmRSS) every 5 s after the tables opened: {} MiB\n", timeline);
      fmt::print("host memory per table: {:.1f} KiB with the tables open, {:.1f} KiB at the end\n",
                 double(memory.ready.total_kib - memory.start.total_kib) / o.tables,
                 double(memory.end.total_kib - memory.start.total_kib) / o.tables);
      if (memory.warmed) {
        const double growth = growth_percent(memory.warm.total_kib, memory.end.total_kib);
        fmt::print("memory growth after warm-up: {:+.2f}% ({}); anonymous: {:+.2f}%; "
                   "{:.2f} KiB per acknowledged move\n",
                   growth,
                   max_growth >= 0 ? fmt::format("limit {}%", max_growth)
                                   : std::string("no limit: the memory store keeps every event"),
                   growth_percent(memory.warm.anonymous_kib, memory.end.anonymous_kib),
                   run.moves_in_window
                       ? double(memory.end.total_kib - memory.warm.total_kib) /
                             double(run.moves_in_window)
                       : 0.0);
        if (memory.halfway)
          fmt::print("memory growth over the second half of the measurement: {:+.2f}% (a cache "
                     "that fills levels off, a leak does not)\n",
                     growth_percent(memory.middle.total_kib, memory.end.total_kib));
        if (max_growth >= 0 && growth >= max_growth) passed = false;
      } else {
        fmt::print("memory growth after warm-up: not measured\n");
      }
    }
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
    if (owned && !host_ending.empty()) {
      fmt::print("game-host: {}\n", host_ending);
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
