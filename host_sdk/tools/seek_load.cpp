// seek-load: Play now under load. Many club players each seek an opponent
// in a loop against game-hosts' PlayerService: Seek, wait for `paired`,
// seek again. It reports the tables made per second and the time from a
// Seek call's start to its `paired` event.
//
//     seek-load                                   # one host on a fresh SQLite file
//     seek-load --store postgresql://… --hosts 3  # a club of three hosts
//     seek-load --host 127.0.0.1:50051            # a running host
//
// Without --host it starts game-host (host_process.h) next to it with the
// plugins of --plugins, on --store, with --max-tables high enough for
// every pairing of the run, and stops it at the end. The players are made
// with CreatePlayer and dealt round robin onto the hosts (each host pairs
// only the seeks made on it), and onto --channels connections per host;
// every Seek is asynchronous (gRPC's callback API, seek_load_players.h).
//
// With --pause-ms a player waits that long, on average, before seeking
// again, as it would while it plays; without, it seeks again at once.
//
// At the end of --seconds no seek starts any more; the seeks under way run
// until only open seeks remain, which are then cancelled and counted.
//
// What it checks: every Seek ends OK with one `paired`; every table is
// seen by exactly two different players of one host, in seats 1 and 2;
// and, from GetTable on a sample of the tables, the seats hold those two
// players. Anything else makes the exit status 1.
#include <fmt/format.h>
#include <stdlib.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <thread>

#include "boardgame/host/loader.h"
#include "boardgame/host/server.h"
#include "host_process.h"
#include "seek_load_players.h"

namespace fs = std::filesystem;
using namespace host_tools;
using namespace seek_load;

namespace {

using namespace std::chrono_literals;

struct Options {
  int players = 1000;
  int channels = 32;  // per host
  double seconds = 10;
  std::string game = "tictactoe";
  bool casual = false;
  int pause_ms = 0;
  int sample = 200;  // tables read back with GetTable
  std::size_t max_tables = 1'000'000;
};

// A host of the run: started here or given by --host.
struct Host {
  explicit Host(HostProcess started) : process(std::move(started)) {}
  HostProcess process;
  HostLink link;
  double cpu_before = 0, cpu_used = -1;  // -1: not measured (not started here)
};
using Hosts = std::vector<std::unique_ptr<Host>>;

bool is_postgresql(const std::string& store) {
  return store.rfind("postgresql://", 0) == 0 || store.rfind("postgres://", 0) == 0;
}

// Starts one host, in a club on a port chosen here, since it must be told
// the address the others reach it at (--advertise) before it starts.
HostProcess start_host(const fs::path& game_host, const fs::path& plugins,
                       const std::string& store, const Options& o, bool club, int index,
                       std::string* label) {
  std::vector<std::string> extra = {
      "--store", store, "--max-tables", std::to_string(o.max_tables),
      // The players never come to their tables: were the CPU to stand in
      // for them, it would play thousands of tables beside the pairing
      // this measures.
      "--grace-ms", "3600000"};
  std::string listen = "127.0.0.1:0";
  if (club) {
    *label = fmt::format("load-{}", index + 1);
    listen = fmt::format("127.0.0.1:{}", free_loopback_port());
    extra.insert(extra.end(), {"--club-host-id", *label, "--advertise", listen});
  }
  return HostProcess::start(game_host, plugins, extra, listen);
}

void connect(Host& host, int channels) {
  for (int c = 0; c < channels; ++c) {
    grpc::ChannelArguments arguments;
    // A connection of its own: no subchannel shared with the other channels.
    arguments.SetInt(GRPC_ARG_USE_LOCAL_SUBCHANNEL_POOL, 1);
    arguments.SetInt("seek_load.channel", c);
    const auto channel = connect_to_host(host.link.address, arguments);
    host.link.channels.push_back(v1::PlayerService::NewStub(channel));
    if (c == 0) host.link.tables = v1::TableService::NewStub(channel);
  }
}

// Makes every player with CreatePlayer, all at once.
void create_players(std::vector<std::unique_ptr<Player>>& players, Run& run) {
  struct Call {
    grpc::ClientContext context;
    v1::CreatePlayerRequest request;
    v1::PlayerKeyResponse response;
  };
  std::atomic<long> left{long(players.size())};
  Tally failed;
  for (auto& player : players) {
    auto call = std::make_shared<Call>();
    call->context.set_deadline(std::chrono::system_clock::now() + 60s);
    call->request.set_name(fmt::format("seeker {}", player->index()));
    Player* p = player.get();
    p->stub().async()->CreatePlayer(
        &call->context, &call->request, &call->response,
        [&, call, p](const grpc::Status& status) {
          if (status.ok())
            p->key = call->response.key();
          else
            failed.note(boardgame::host::status_name(status.error_code()) + " " +
                            boardgame::host::error_detail_of(call->context).reason(),
                        status.error_message());
          if (--left == 0) run.notify();
        });
  }
  std::unique_lock lock(run.mutex);
  run.changed.wait(lock, [&] { return left == 0; });
  for (const auto& [what, entry] : failed.counts())
    throw std::runtime_error(fmt::format("CreatePlayer failed {} times: {}: {}", entry.first,
                                         what, entry.second));
}

// Waits for the seeks under way at the end to be paired, until each host's
// pool holds all that remain (no pairing can follow: two compatible seeks
// never wait together) for half a second; then cancels those. Answers how
// many were open on each host.
std::vector<long> drain(Hosts& hosts, std::vector<std::unique_ptr<Player>>& players,
                        Run& run) {
  const auto give_up = Clock::now() + 30s;
  auto settled_since = Clock::time_point::max();
  while (Clock::now() < give_up && run.seeking > 0) {
    const bool settled = std::all_of(hosts.begin(), hosts.end(), [](const auto& h) {
      return h->link.in_flight == h->link.open;
    });
    if (!settled) settled_since = Clock::time_point::max();
    if (settled && settled_since == Clock::time_point::max()) settled_since = Clock::now();
    if (Clock::now() - settled_since >= 500ms) break;
    std::this_thread::sleep_for(10ms);
  }
  std::vector<long> open;
  for (const auto& h : hosts) {
    open.push_back(h->link.in_flight);
    if (const long lost = h->link.in_flight - h->link.open; lost > 0)
      run.wrong.note(fmt::format("Seek: {} calls on {} neither open nor paired 30 s after the end",
                                 lost, h->link.label));
  }
  run.closing = true;
  for (auto& p : players) p->cancel();
  std::unique_lock lock(run.mutex);
  if (!run.changed.wait_for(lock, 20s, [&] { return run.seeking == 0; }))
    throw std::runtime_error("Seek calls still under way 20 s after being cancelled");
  return open;
}

// One row of the figures: a host's or the total.
struct Figures {
  std::string name;
  long players = 0, tables = 0, tables_in_window = 0, open_at_end = 0, errors = 0;
  double seconds = 0;
  CallTimes paired, at_once, open;

  void add(const Player& p) {
    players += 1;
    paired.merge(p.paired_times);
    at_once.merge(p.at_once_times);
    open.merge(p.open_times);
  }
  double rate() const { return double(tables_in_window) / seconds; }
  double ms(CallTimes& times, double p) { return times.percentile(p) / 1000; }
};

void print_row(Figures& f) {
  fmt::print("{:<18} {:>7} {:>7} {:>7} {:>9.0f} {:>8.1f} {:>8.1f} {:>8.1f} {:>8.1f} {:>5} {:>6}\n",
             f.name, f.players, f.paired.count(), f.tables, f.rate(), f.ms(f.paired, 0.5),
             f.ms(f.paired, 0.9), f.ms(f.paired, 0.99), f.ms(f.paired, 1.0), f.open_at_end,
             f.errors);
}

// Where the latency goes: seeks paired at once (the second of two: the
// table is made during their call) and the time to be listed as open.
void print_parts(Figures& f) {
  fmt::print("{}: paired at once {} (p50 {:.1f} ms, p99 {:.1f} ms); Seek to `open` {} (p50 "
             "{:.1f} ms, p99 {:.1f} ms)\n",
             f.name, f.at_once.count(), f.ms(f.at_once, 0.5), f.ms(f.at_once, 0.99),
             f.open.count(), f.ms(f.open, 0.5), f.ms(f.open, 0.99));
}

std::string json_row(Figures& f) {
  return fmt::format(
      R"({{"name": "{}", "players": {}, "pairings": {}, "tables": {}, "tables_per_s": {:.1f}, )"
      R"("p50_ms": {:.2f}, "p90_ms": {:.2f}, "p99_ms": {:.2f}, "max_ms": {:.2f}, )"
      R"("open_at_end": {}, "errors": {}}})",
      f.name, f.players, f.paired.count(), f.tables, f.rate(), f.ms(f.paired, 0.5),
      f.ms(f.paired, 0.9), f.ms(f.paired, 0.99), f.ms(f.paired, 1.0), f.open_at_end, f.errors);
}

// The figures per host and in all, from what the players saw.
std::vector<Figures> figures(const Hosts& hosts,
                             const std::vector<std::unique_ptr<Player>>& players,
                             const Tables& tables, const std::vector<long>& open_at_end,
                             double seconds) {
  std::vector<Figures> rows(hosts.size() + 1);  // the hosts', then the total
  std::map<const HostLink*, std::size_t> row_of;
  for (std::size_t h = 0; h < hosts.size(); ++h) {
    row_of[&hosts[h]->link] = h;
    rows[h].name = hosts[h]->link.label;
    rows[h].open_at_end = open_at_end[h];
    rows[h].errors = hosts[h]->link.errors.total();
  }
  Figures& total = rows.back();
  total.name = "total";
  for (const auto& p : players) {
    rows[row_of[&p->host()]].add(*p);
    total.add(*p);
  }
  for (const auto& [id, seen] : tables) {
    Figures& row = rows[row_of[&seen[0].player->host()]];
    // A table counts as made in the measured seconds when a pairing of
    // it arrived in them.
    const bool in_window =
        std::any_of(seen.begin(), seen.end(), [](const Seen& s) { return s.in_window; });
    row.tables += 1;
    row.tables_in_window += in_window;
  }
  for (std::size_t h = 0; h < hosts.size(); ++h) {
    total.tables += rows[h].tables;
    total.tables_in_window += rows[h].tables_in_window;
    total.open_at_end += rows[h].open_at_end;
    total.errors += rows[h].errors;
  }
  for (Figures& row : rows) row.seconds = seconds;
  return rows;
}

void print_figures(std::vector<Figures>& rows) {
  fmt::print("\n{:<18} {:>7} {:>7} {:>7} {:>9} {:>8} {:>8} {:>8} {:>8} {:>5} {:>6}\n", "host",
             "players", "paired", "tables", "tables/s", "p50 ms", "p90 ms", "p99 ms", "max ms",
             "open", "errors");
  // The total only when it differs from the one host's row.
  for (std::size_t r = 0; r < rows.size(); ++r)
    if (r + 1 < rows.size() || rows.size() > 2) print_row(rows[r]);
  fmt::print("(paired: `paired` events, each a Seek's time to its table; tables/s: tables made "
             "in the measured seconds; open: seeks still open at the end, cancelled)\n\n");
  for (Figures& row : rows) print_parts(row);
}

void print_tally(const std::string& what, const Tally& tally) {
  for (const auto& [description, entry] : tally.counts())
    fmt::print("{} ({} times): {}{}\n", what, entry.first, description,
               entry.second.empty() ? "" : " (" + entry.second + ")");
}

void write_json(const std::string& path, std::vector<Figures>& rows, long violations) {
  std::ofstream out(path);
  out << "{\"hosts\": [";
  for (std::size_t r = 0; r + 1 < rows.size(); ++r) out << (r ? ", " : "") << json_row(rows[r]);
  out << "], \"total\": " << json_row(rows.back()) << ", \"violations\": " << violations << "}\n";
  if (!out) throw std::runtime_error("cannot write " + path);
}

// Starts the hosts, or attaches to those of --host.
Hosts open_hosts(const std::vector<std::string>& addresses, const fs::path& game_host,
                 const fs::path& plugins, const std::string& store, const Options& o,
                 int count) {
  Hosts hosts;
  for (const std::string& address : addresses)
    hosts.push_back(std::make_unique<Host>(HostProcess::attach(address, -1)));
  // One after another, and before any thread: each forks.
  for (int h = 0; addresses.empty() && h < count; ++h) {
    std::string label;
    hosts.push_back(
        std::make_unique<Host>(start_host(game_host, plugins, store, o, count > 1, h, &label)));
    hosts.back()->link.label = label;
  }
  for (auto& h : hosts) {
    h->link.address = h->process.address();
    if (h->link.label.empty()) h->link.label = h->link.address;
  }
  return hosts;
}

// CPU seconds used while seeking, besides the hosts' own.
struct Cpu {
  double own = 0;
  // Every process named "postgres" on this machine: the store's server,
  // on a postgresql:// store (and any other server that runs).
  double postgres = 0;
};

// Seeks from every player for the measured seconds, then drains; answers
// the seeks open on each host at the end.
std::vector<long> seek(Hosts& hosts, std::vector<std::unique_ptr<Player>>& players, Run& run,
                       double seconds, Cpu* cpu) {
  for (auto& h : hosts)
    if (h->process.started_here()) h->cpu_before = cpu_seconds(h->process.pid());
  const double own_before = cpu_seconds(getpid());
  const auto postgres_before = cpu_seconds_named("postgres");
  run.end = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                               std::chrono::duration<double>(seconds));
  for (auto& p : players) p->start();
  std::this_thread::sleep_until(run.end.load());
  for (auto& h : hosts)
    if (h->process.started_here()) h->cpu_used = cpu_seconds(h->process.pid()) - h->cpu_before;
  cpu->own = cpu_seconds(getpid()) - own_before;
  int ended = 0;
  cpu->postgres = cpu_seconds_between(postgres_before, cpu_seconds_named("postgres"), &ended);
  return drain(hosts, players, run);
}

// Checks the pairings and prints the figures; answers the number of
// errors, wrong answers and violations.
long report(const Hosts& hosts, const std::vector<std::unique_ptr<Player>>& players, Run& run,
            const std::vector<long>& open_at_end, const Cpu& cpu, const Options& o,
            const std::string& store, const std::string& json_path) {
  Tables tables;
  for (const auto& p : players)
    for (const Sighting& s : p->pairings)
      tables[s.table_id].push_back({p.get(), s.seat, s.in_window});
  Tally violations;
  check_tables(tables, violations);
  const int sampled = check_sample(tables, o.sample, violations);
  std::vector<Figures> rows = figures(hosts, players, tables, open_at_end, o.seconds);

  print_figures(rows);
  for (const auto& h : hosts)
    if (h->cpu_used >= 0)
      fmt::print("CPU of game-host {} while seeking: {:.2f} cores\n", h->link.label,
                 h->cpu_used / o.seconds);
  if (is_postgresql(store))
    fmt::print("CPU of postgres processes while seeking: {:.2f} cores\n",
               cpu.postgres / o.seconds);
  fmt::print("CPU of seek-load while seeking: {:.2f} cores; load average after: {}\n",
             cpu.own / o.seconds, load_average());
  for (const auto& h : hosts) print_tally("Seek error on " + h->link.label, h->link.errors);
  print_tally("wrong answer", run.wrong);
  print_tally("violation", violations);
  const long stopped = std::count_if(players.begin(), players.end(),
                                     [](const auto& p) { return p->stopped_by_error; });
  fmt::print("checked: {} tables from the pairings, {} read back with GetTable; violations: {}, "
             "wrong answers: {}, players stopped by an error: {}\n",
             tables.size(), sampled, violations.total(), run.wrong.total(), stopped);
  const long problems = violations.total() + run.wrong.total();
  if (!json_path.empty()) write_json(json_path, rows, problems);
  return problems + rows.back().errors;
}

}  // namespace

int main(int argc, char** argv) {
  boardgame::host::skip_lock_order_checks();
  Options o;
  std::vector<std::string> addresses;
  fs::path game_host, plugins;
  std::string store, json_path;
  int host_count = 1;

  CLI::App app{
      "Many club players seek Play now against game-hosts, each again as soon as paired, and "
      "report the tables made per second and the time from Seek to `paired`."};
  auto* attach = app.add_option("--host", addresses,
                                "a running game-host to seek on instead of starting one "
                                "(repeatable: the hosts of a club)");
  app.add_option("--game-host", game_host, "the game-host to start (default: next to seek-load)")
      ->excludes(attach)
      ->check(CLI::ExistingFile);
  app.add_option("--plugins", plugins,
                 "plugin folder of the started hosts (default: this installation's)")
      ->excludes(attach)
      ->check(CLI::ExistingDirectory);
  app.add_option("--store", store,
                 "the started hosts' --store (default: a fresh sqlite: file in a temporary "
                 "folder, removed at the end)")
      ->excludes(attach);
  app.add_option("--hosts", host_count,
                 "hosts to start, in club mode on the one --store (postgresql:// only)")
      ->excludes(attach)
      ->capture_default_str()
      ->check(CLI::Range(1, 64));
  app.add_option("--max-tables", o.max_tables,
                 "the started hosts' --max-tables: every pairing of the run opens a table")
      ->excludes(attach)
      ->capture_default_str();
  app.add_option("--players", o.players, "players, dealt round robin onto the hosts")
      ->capture_default_str()
      ->check(CLI::Range(2, 100000));
  app.add_option("--channels", o.channels, "connections to each host, players dealt onto them")
      ->capture_default_str()
      ->check(CLI::Range(1, 1024));
  app.add_option("--seconds", o.seconds, "seconds of seeking")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  app.add_option("--game", o.game, "the game sought")->capture_default_str();
  app.add_flag("--casual", o.casual, "seek casual games (default: rated)");
  app.add_option("--pause-ms", o.pause_ms,
                 "time a player stays at its table before seeking again, on average (0: at "
                 "once, the most the hosts can take)")
      ->capture_default_str()
      ->check(CLI::Range(0, 600'000));
  app.add_option("--sample", o.sample, "tables read back with GetTable to check their seats")
      ->capture_default_str()
      ->check(CLI::NonNegativeNumber);
  app.add_option("--json", json_path, "also write the figures as JSON to this file");
  CLI11_PARSE(app, argc, argv);

  if (host_count > 1 && !is_postgresql(store)) {
    std::cerr << "seek-load: --hosts " << host_count
              << " needs a club's shared store: give --store postgresql://…\n";
    return 2;
  }
  fs::path temporary;  // of the default store
  try {
    if (addresses.empty()) {
      if (game_host.empty())
        game_host = fs::read_symlink("/proc/self/exe").parent_path() / "game-host";
      if (plugins.empty()) plugins = boardgame::host::default_plugin_folder();
      if (store.empty()) {
        char folder[] = "/tmp/seek-load.XXXXXX";
        if (!mkdtemp(folder)) throw std::runtime_error("cannot make a temporary folder");
        temporary = folder;
        store = "sqlite:" + (temporary / "club.db").string();
      }
    }
    Hosts hosts = open_hosts(addresses, game_host, plugins, store, o, host_count);
    for (auto& h : hosts) connect(*h, o.channels);

    Run run;
    run.game = o.game;
    run.rated = !o.casual;
    run.pause = std::chrono::milliseconds(o.pause_ms);
    // Player i seeks on host i % hosts, so that each has its share; the
    // players of a host are dealt onto its channels in turn.
    std::vector<std::unique_ptr<Player>> players;
    for (int i = 0; i < o.players; ++i) {
      HostLink& link = hosts[std::size_t(i) % hosts.size()]->link;
      const std::size_t k = std::size_t(i) / hosts.size();
      players.push_back(
          std::make_unique<Player>(run, link, *link.channels[k % link.channels.size()], i));
    }
    fmt::print(
        "seek-load: {} players seeking {} {} for {} s, {} ms at the table between seeks, {} "
        "channels per host\n",
        o.players, run.rated ? "rated" : "casual", o.game, o.seconds, o.pause_ms, o.channels);
    for (const auto& h : hosts)
      fmt::print("game-host {}{} ({})\n", h->link.address,
                 h->link.label == h->link.address ? "" : ", " + h->link.label,
                 h->process.started_here()
                     ? fmt::format("pid {}, started here, --store {}", h->process.pid(), store)
                     : std::string("running"));
    std::fflush(stdout);
    const auto creating = Clock::now();
    create_players(players, run);
    fmt::print("players made in {:.2f} s; seeking\n",
               std::chrono::duration<double>(Clock::now() - creating).count());
    std::fflush(stdout);

    Cpu cpu;
    const std::vector<long> open_at_end = seek(hosts, players, run, o.seconds, &cpu);
    const long problems = report(hosts, players, run, open_at_end, cpu, o, store, json_path);
    bool passed = problems == 0;
    players.clear();
    for (auto& h : hosts)
      if (const std::string ending = h->process.stop(); !ending.empty()) {
        fmt::print("game-host {}: {}\n", h->link.label, ending);
        passed = false;
      }
    if (!temporary.empty()) fs::remove_all(temporary);
    fmt::print("{}\n", passed ? "PASS" : "FAIL");
    return passed ? 0 : 1;
  } catch (const std::exception& e) {
    std::cerr << "seek-load: " << e.what() << "\n";
    if (!temporary.empty()) fs::remove_all(temporary);
    return 1;
  }
}
