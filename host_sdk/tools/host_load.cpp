// host-load: many clients on loopback play whole games against a game-host,
// with legal moves and with moves the host must refuse, and the host's
// memory is watched while they do.
//
//     host-load --plugins build/plugins --clients 64 --seconds 60
//     host-load --target 127.0.0.1:50051 --host-pid 1234
//
// With --plugins it starts the game-host next to it on a free loopback port
// and stops it at the end; with --target it loads a running host. Each
// client has its own connection. Every request sent to be refused must get
// exactly the status docs/errors.md gives it; anything else, a wrong answer,
// or the host's resident memory growing by --max-growth percent or more
// after the warm-up makes the exit status 1.
#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <atomic>
#include <climits>
#include <fstream>
#include <iostream>
#include <thread>

#include "boardgame/host/status_names.h"
#include "call_times.h"
#include "host_process.h"
#include "load_client.h"

namespace v1 = boardgame::v1;
namespace fs = std::filesystem;
using namespace host_tools;

namespace {

std::vector<std::string> served_games(const std::shared_ptr<grpc::Channel>& channel) {
  grpc::ClientContext context;
  context.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(10));
  v1::ListGamesResponse listed;
  const grpc::Status s =
      v1::GameService::NewStub(channel)->ListGames(&context, v1::ListGamesRequest(), &listed);
  if (!s.ok()) throw std::runtime_error("ListGames failed: " + s.error_message());
  std::vector<std::string> games;
  for (const v1::GameInfo& g : listed.games()) games.push_back(g.id());
  if (games.empty()) throw std::runtime_error("the host serves no game");
  return games;
}

// The host's resident memory at the moments the report compares.
struct Memory : MemoryWatch {
  Resident start, warm, end;
  bool warmed = false;
};

void print_times(Tally& tally, double seconds) {
  fmt::print("{:<14} {:>10} {:>10} {:>10} {:>10}\n", "method", "calls", "calls/s", "p50 us",
             "p99 us");
  CallTimes all;
  for (std::size_t m = 0; m < kMethods; ++m) {
    CallTimes& t = tally.times[m];
    if (!t.count()) continue;
    all.merge(t);
    fmt::print("{:<14} {:>10} {:>10.0f} {:>10.0f} {:>10.0f}\n", name_of(Method(m)), t.count(),
               double(t.count()) / seconds, t.percentile(0.50), t.percentile(0.99));
  }
  fmt::print("{:<14} {:>10} {:>10.0f} {:>10.0f} {:>10.0f}\n", "all", all.count(),
             double(all.count()) / seconds, all.percentile(0.50), all.percentile(0.99));
}

void print_statuses(const Tally& tally) {
  fmt::print("{:<22} {:>10} {:>10}\n", "status", "expected", "unexpected");
  for (const auto& [code, counts] : tally.statuses)
    fmt::print("{:<22} {:>10} {:>10}\n", boardgame::host::status_name(code), counts[0], counts[1]);
  fmt::print("{:<22} {:>10} {:>10}\n", "wrong answers (OK)", "", tally.wrong_answers);
  std::string sent;
  for (const auto& [code, n] : tally.deliberate)
    sent +=
        fmt::format("{}{} for {}", sent.empty() ? "" : ", ", n, boardgame::host::status_name(code));
  fmt::print("requests sent to be refused: {}\n", sent.empty() ? "none" : sent);
  for (const auto& [what, n] : tally.surprises) fmt::print("unexpected ({} times): {}\n", n, what);
}

// Prints the host's memory figures; false when they fail the test. The
// verdict is on the whole resident size; its anonymous part, where a leak
// would show, is printed beside it.
bool report_memory(const Memory& memory, double max_growth) {
  if (memory.lost) {
    fmt::print("host memory (VmRSS): start {}; the host's process went away during the run\n",
               mib(memory.start.total_kib));
    return false;
  }
  const std::string not_reached = "not reached";
  fmt::print("host memory (VmRSS): start {}, after warm-up {}, end {}, peak {}\n",
             mib(memory.start.total_kib), memory.warmed ? mib(memory.warm.total_kib) : not_reached,
             mib(memory.end.total_kib), mib(memory.peak_kib));
  fmt::print("  of which anonymous (RssAnon): start {}, after warm-up {}, end {}\n",
             mib(memory.start.anonymous_kib),
             memory.warmed ? mib(memory.warm.anonymous_kib) : not_reached,
             mib(memory.end.anonymous_kib));
  if (!memory.warmed) {
    fmt::print("memory growth after warm-up: not measured, the run ended during warm-up\n");
    return true;
  }
  const double growth = growth_percent(memory.warm.total_kib, memory.end.total_kib);
  fmt::print("memory growth after warm-up: {:+.2f}% (limit {}%); anonymous: {:+.2f}%\n", growth,
             max_growth, growth_percent(memory.warm.anonymous_kib, memory.end.anonymous_kib));
  return growth < max_growth;
}

}  // namespace

int main(int argc, char** argv) {
  fs::path plugins, game_host;
  std::string target;
  pid_t host_pid = 0;
  int clients = 64;
  double seconds = 60;
  double warmup = 0;
  long games = 0;
  std::uint64_t seed = 1;
  double max_growth = 5;
  LoadPlan plan;

  CLI::App app{
      "Plays whole games from many concurrent clients against a game-host, with legal "
      "and refused moves, and reports calls/s, latency, statuses and the host's memory."};
  auto* spawn =
      app.add_option("--plugins", plugins,
                     "start game-host with the plugins of this folder, stop it at the end")
          ->check(CLI::ExistingDirectory);
  app.add_option("--game-host", game_host, "the game-host to start (default: next to host-load)")
      ->needs(spawn)
      ->check(CLI::ExistingFile);
  auto* attach =
      app.add_option("--target", target, "address of a running game-host instead")->excludes(spawn);
  app.add_option("--host-pid", host_pid, "process id of that game-host, to watch its memory")
      ->needs(attach);
  attach->needs(app.get_option("--host-pid"));
  app.add_option("--clients", clients, "concurrent clients, one connection each")
      ->capture_default_str()
      ->check(CLI::Range(1, 4096));
  app.add_option("--seconds", seconds, "time limit; no call starts after it")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  app.add_option("--games", games, "stop after this many games in all; 0: no limit but --seconds")
      ->capture_default_str()
      ->check(CLI::NonNegativeNumber);
  app.add_option("--warmup", warmup,
                 "seconds of load before the memory the growth is measured from "
                 "(default: a sixth of --seconds)")
      ->check(CLI::PositiveNumber);
  app.add_option("--max-growth", max_growth,
                 "fail when the host's memory grows this many percent or more after the warm-up")
      ->capture_default_str()
      ->check(CLI::NonNegativeNumber);
  app.add_option("--seed", seed, "seed of the clients' choices")->capture_default_str();
  app.add_option("--bad-moves", plan.bad_move_percent,
                 "percent of turns that first send a move the host must refuse")
      ->capture_default_str()
      ->check(CLI::Range(0, 100));
  app.add_option("--suggest", plan.suggest_percent,
                 "percent of turns played by SuggestMove on a tiny budget")
      ->capture_default_str()
      ->check(CLI::Range(0, 100));
  CLI11_PARSE(app, argc, argv);
  if (plugins.empty() && target.empty()) {
    std::cerr << "host-load: give --plugins to start a game-host, or --target and --host-pid\n";
    return 2;
  }
  if (warmup == 0) warmup = seconds / 6;
  if (warmup >= seconds) {
    std::cerr << "host-load: --warmup must be shorter than --seconds\n";
    return 2;
  }
  if (game_host.empty()) game_host = fs::read_symlink("/proc/self/exe").parent_path() / "game-host";

  try {
    // Before any thread starts: this forks.
    HostProcess host = plugins.empty() ? HostProcess::attach(target, host_pid)
                                       : HostProcess::start(game_host, plugins, {"--store", "memory"});
    Memory memory;
    if (!memory.sample(host.pid(), &memory.start))
      throw std::runtime_error("cannot read the memory of process " + std::to_string(host.pid()));
    plan.games = served_games(connect_to_host(host.address()));

    // Each client its own TCP connection, as separate players would have.
    grpc::ChannelArguments own_connection;
    own_connection.SetInt(GRPC_ARG_USE_LOCAL_SUBCHANNEL_POOL, 1);
    std::atomic<long> games_left{games ? games : LONG_MAX};
    plan.games_left = &games_left;
    std::vector<std::unique_ptr<LoadClient>> players;
    for (int i = 0; i < clients; ++i)
      players.push_back(
          std::make_unique<LoadClient>(connect_to_host(host.address(), own_connection), plan,
                                       seed * 1000003 + std::uint64_t(i)));

    std::string games_list;
    for (const auto& g : plan.games) games_list += (games_list.empty() ? "" : ", ") + g;
    fmt::print("host-load: {} clients, {} s (warm-up {:.1f} s), {}, seed {}\n", clients, seconds,
               warmup, games ? fmt::format("{} games at most", games) : "no game limit", seed);
    fmt::print("game-host {} (pid {}, {}), games: {}\n", host.address(), host.pid(),
               host.started_here() ? "started by host-load" : "already running", games_list);
    fmt::print("load average before: {}\n", load_average());
    std::fflush(stdout);

    const auto began = Clock::now();
    plan.end =
        began + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
    const auto warm_at =
        began + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(warmup));
    std::atomic<int> running{clients};
    std::vector<std::thread> threads;
    for (auto& p : players)
      threads.emplace_back([&running, client = p.get()] {
        client->run();
        running -= 1;
      });
    Resident ignored;
    while (running > 0) {
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
      if (memory.lost) continue;
      if (!memory.warmed && Clock::now() >= warm_at)
        memory.warmed = memory.sample(host.pid(), &memory.warm);
      else
        memory.sample(host.pid(), &ignored);  // for the peak
      plan.host_gone = memory.lost;
    }
    for (auto& t : threads) t.join();
    const double elapsed = std::chrono::duration<double>(Clock::now() - began).count();
    memory.sample(host.pid(), &memory.end);
    const std::string load_after = load_average();

    Tally tally;
    for (const auto& p : players) tally.merge(p->tally());
    players.clear();
    const std::string host_ending = host.stop();

    fmt::print("load average after:  {}\n", load_after);
    fmt::print("games: {} finished, {} cut short by the time limit or an unexpected result\n",
               tally.games_finished, tally.games_cut);
    long calls = 0;
    for (const auto& t : tally.times) calls += long(t.count());
    fmt::print("calls: {} in {:.1f} s: {:.0f} calls/s\n", calls, elapsed, double(calls) / elapsed);
    print_times(tally, elapsed);
    print_statuses(tally);

    bool passed = report_memory(memory, max_growth) && tally.unexpected() == 0;
    if (!host_ending.empty()) {
      fmt::print("game-host: {}\n", host_ending);
      passed = false;
    }
    fmt::print("unexpected results: {}\n{}\n", tally.unexpected(), passed ? "PASS" : "FAIL");
    return passed ? 0 : 1;
  } catch (const std::exception& e) {
    std::cerr << "host-load: " << e.what() << "\n";
    return 1;
  }
}
