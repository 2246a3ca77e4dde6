// game-host: serves every game plugin of a folder over gRPC, and keeps the
// tables people play at (docs/tables.md).
//
//     game-host --listen 127.0.0.1:50051 [--plugins DIR] [--flagship GAME]
//               [--http 127.0.0.1:8080 [--web DIR]]
//               [--store sqlite:PATH | --store postgresql://… | --store memory]
//               [--club-host-id ID --advertise HOST:PORT]   (several hosts on one PostgreSQL)
#include <pthread.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <mutex>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <optional>
#include <thread>

#include "boardgame/host/http_server.h"
#include "boardgame/host/json_api.h"
#include "boardgame/host/loader.h"
#include "boardgame/host/rules_site.h"
#include "boardgame/host/server.h"
#include "boardgame/host/web_files.h"
#include "boardgame/players/player_service.h"
#include "boardgame/tables/table_service.h"

namespace {

std::string host_part(const std::string& address) {
  const auto colon = address.rfind(':');
  return colon == std::string::npos ? address : address.substr(0, colon);
}

std::optional<int> port_part(const std::string& address) {
  const auto colon = address.rfind(':');
  if (colon == std::string::npos || colon + 1 == address.size()) return std::nullopt;
  int port = 0;
  for (char c : address.substr(colon + 1)) {
    if (c < '0' || c > '9' || port > 65535) return std::nullopt;
    port = port * 10 + (c - '0');
  }
  return port <= 65535 ? std::optional<int>(port) : std::nullopt;
}

// $XDG_STATE_HOME/club-games/tables.db, or under ~/.local/state.
std::string default_store() {
  if (const char* state = std::getenv("XDG_STATE_HOME"); state && *state)
    return std::string("sqlite:") + state + "/club-games/tables.db";
  if (const char* home = std::getenv("HOME"); home && *home)
    return std::string("sqlite:") + home + "/.local/state/club-games/tables.db";
  return "sqlite:club-games-tables.db";
}

}  // namespace

int main(int argc, char** argv) {
  boardgame::host::skip_lock_order_checks();
  boardgame::host::ServerOptions options;
  options.listen = "127.0.0.1:50051";
  std::string plugins;
  CLI::App app{
      "Serves the board games of a plugin folder over gRPC "
      "(boardgame.v1.GameService, health, reflection)."};
  app.add_option("--listen", options.listen, "address:port to serve on; port 0 picks a free one")
      ->capture_default_str();
  app.add_option("--plugins", plugins,
                 "folder of game plugins (default: the installed plugin folder, or "
                 "plugins/ beside a build tree's bin/)");
  std::string flagship;
  app.add_option("--flagship", flagship,
                 "a game to list first, in the lobby and on the rules index: the club's "
                 "flagship (default: every game in the order of its plugin's file name)");
  std::string http;
  app.add_option("--http", http,
                 "also serve over HTTP on address:port: the rules pages (/rules/<game>/<lang>), "
                 "the JSON API (/api/) and the browser client (/play/)");
  std::string web_folder;
  app.add_option("--web", web_folder,
                 "folder of the browser client's built files (default: web/ beside a build "
                 "tree's bin/, or the installed one)");
  app.add_option("--max-message-bytes", options.max_message_bytes,
                 "largest request or response accepted")
      ->capture_default_str()
      ->check(CLI::Range(1024, 64 << 20));
  std::string store = default_store();
  app.add_option(
         "--store", store,
         "where tables are kept: sqlite:PATH, postgresql://[USER@]HOST[:PORT]/DB, or memory "
         "(nothing survives a restart)")
      ->capture_default_str();
  boardgame::tables::ClubMembership club;
  app.add_option("--club-host-id", club.host_id,
                 "serve as this host of a club of hosts sharing one postgresql:// store "
                 "(docs/deploy.md); unique in the club")
      ->check([](const std::string& id) {
        return id.empty() || id.size() > 64 ? std::string("1 to 64 characters") : std::string();
      });
  app.add_option("--advertise", club.address,
                 "host:port at which the club's other hosts reach this one (default: --listen)");
  app.add_option("--club-lease-ms", club.lease_ms,
                 "how long the club waits for this host, once it stops answering, before others "
                 "take its tables over")
      ->capture_default_str()
      ->check(CLI::Range(std::int64_t(500), std::int64_t(600'000)));
  boardgame::tables::TableHostOptions tables;
  std::int64_t idle_expiry_s = tables.idle_expiry_ms / 1000;
  app.add_option("--grace-ms", tables.grace_ms,
                 "how long a player may be unreachable before the CPU stands in for them")
      ->capture_default_str()
      ->check(CLI::Range(std::int64_t(0), std::int64_t(3'600'000)));
  app.add_option("--idle-expiry-s", idle_expiry_s, "a table with no change for this long is closed")
      ->capture_default_str()
      ->check(CLI::Range(std::int64_t(1), std::int64_t(365) * 24 * 3600));
  app.add_option("--max-tables", tables.max_tables, "open tables at most")
      ->capture_default_str()
      ->check(CLI::Range(std::size_t(1), std::size_t(10'000'000)));
  app.add_option("--max-watchers", tables.max_watchers, "open watches per table at most")
      ->capture_default_str()
      ->check(CLI::Range(std::size_t(1), std::size_t(100'000)));
  std::size_t max_calls_at_once = boardgame::tables::TableService::kMaxCallsAtOnce;
  app.add_option("--max-calls-at-once", max_calls_at_once,
                 "table calls that change tables served at once; more wait their turn, before "
                 "the host takes them (0: no bound)")
      ->capture_default_str()
      ->check(CLI::Range(std::size_t(0), std::size_t(1'000'000)));
  app.add_option("--cpu-ms", tables.cpu_ms, "thinking time of the CPU's seats per move")
      ->capture_default_str()
      ->check(CLI::Range(1, 60'000));
  double clock_rate = 1.0;
  app.add_option("--clock-rate", clock_rate,
                 "for demos and tests: the tables' clocks (turns, grace, expiry) run this many "
                 "times as fast")
      ->capture_default_str()
      ->check(CLI::Range(1.0, 1000.0));
  app.add_option("--stand-in-ms", tables.stand_in_ms,
                 "thinking time of the CPU when it moves for an absent or out-of-time player")
      ->capture_default_str()
      ->check(CLI::Range(1, 60'000));
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::cerr << "game-host: " << e.what() << "\n\n" << app.help();
    return 2;
  }

  // Block the stop signals in every thread the server starts; the main
  // thread takes them with sigwait and shuts down in order.
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGINT);
  sigaddset(&stop_signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);

  if (plugins.empty()) {
    if ((plugins = boardgame::host::default_plugin_folder()).empty()) {
      std::cerr << "game-host: no plugin folder found beside this program; name one with "
                   "--plugins\n";
      return 2;
    }
    std::cerr << "game-host: plugins from " << plugins << "\n";
  }
  boardgame::host::LoadResult loaded;
  try {
    loaded = boardgame::host::load_plugins(plugins);
  } catch (const std::exception& e) {
    std::cerr << "game-host: cannot read the plugin folder: " << e.what() << "\n";
    return 1;
  }
  for (const auto& note : loaded.notes)
    std::cerr << "game-host: " << boardgame::host::describe(note) << "\n";
  std::cerr << "game-host: serving " << loaded.games.size() << " game(s)\n";
  if (!flagship.empty()) {
    const auto first = std::stable_partition(
        loaded.games.begin(), loaded.games.end(),
        [&](const boardgame::host::GamePlugin& game) { return game.game_id() == flagship; });
    if (first == loaded.games.begin()) {
      std::string ids;
      for (const auto& game : loaded.games) ids += (ids.empty() ? "" : ", ") + game.game_id();
      std::cerr << "game-host: --flagship " << flagship << ": no game of " << plugins
                << " has that id (it serves: " << (ids.empty() ? "none" : ids) << ")\n";
      return 2;
    }
  }

  std::optional<int> http_port;
  if (!http.empty() && !(http_port = port_part(http))) {
    std::cerr << "game-host: --http takes address:port, such as 127.0.0.1:8080\n";
    return 2;
  }
  std::optional<boardgame::host::WebFiles> web_files;
  const bool web_named = app.count("--web") > 0;
  if (web_named && !http_port) {
    std::cerr << "game-host: --web is served by the HTTP server: add --http ADDRESS:PORT\n";
    return 2;
  }
  if (http_port) {
    if (!web_named) web_folder = boardgame::host::WebFiles::default_folder();
    if (web_folder.empty() && !web_named) {
      std::cerr << "game-host: no browser client found beside this program; serving none "
                   "(name its folder with --web)\n";
    } else {
      try {
        web_files.emplace(web_folder);
      } catch (const std::exception& e) {
        std::cerr << "game-host: cannot serve the browser client: " << e.what() << "\n";
        // A broken default is a broken install, not a wrong command line.
        return web_named ? 2 : 1;
      }
      std::cerr << "game-host: browser client from " << web_folder << " ("
                << web_files->file_count() << " files)\n";
    }
  }
  tables.idle_expiry_ms = idle_expiry_s * 1000;
  const bool in_club = !club.host_id.empty();
  if (in_club) {
    if (club.address.empty()) club.address = options.listen;
    if (port_part(club.address).value_or(0) == 0) {
      std::cerr << "game-host: a club's host needs a fixed port the others can reach: give "
                   "--listen or --advertise as host:port, port not 0\n";
      return 2;
    }
    tables.club_round_ms = std::max<std::int64_t>(100, club.lease_ms / 2);
  } else if (app.count("--advertise") || app.count("--club-lease-ms")) {
    std::cerr << "game-host: --advertise and --club-lease-ms are for a club's host: add "
                 "--club-host-id\n";
    return 2;
  }
  // Copies of the games share their libraries with the gRPC service.
  boardgame::host::RulesSite site(loaded.games);
  const std::vector<boardgame::host::GamePlugin> table_games = loaded.games;
  boardgame::host::GameService service(std::move(loaded.games));
  const boardgame::tables::SystemClock clock(clock_rate);
  std::vector<std::string> game_ids;
  for (const boardgame::host::GamePlugin& game : table_games) game_ids.push_back(game.game_id());
  // Every store keeps players too; the table host, which owns the store,
  // goes first.
  std::optional<boardgame::players::Players> players;
  // A host whose store failed serves no change any more: health says so,
  // so that a load balancer sends players elsewhere.
  std::mutex serving_mutex;
  grpc::Server* serving = nullptr;  // while the server lives
  tables.on_store_failed = [&] {
    std::lock_guard lock(serving_mutex);
    if (serving) serving->GetHealthCheckService()->SetServingStatus(false);
  };
  std::unique_ptr<boardgame::tables::TableHost> table_host;
  try {
    std::unique_ptr<boardgame::tables::TableStore> opened =
        boardgame::tables::open_store(store, in_club ? &club : nullptr);
    if (in_club) tables.club = dynamic_cast<boardgame::tables::ClubStore*>(opened.get());
    players.emplace(opened->players(), clock, game_ids);
    tables.players = &*players;
    table_host = std::make_unique<boardgame::tables::TableHost>(table_games, std::move(opened),
                                                                clock, tables);
  } catch (const std::exception& e) {
    std::cerr << "game-host: --store " << boardgame::tables::shown_store(store) << ": " << e.what()
              << "\n";
    return 1;
  }
  std::cerr << "game-host: " << table_host->table_count() << " open table(s) in "
            << boardgame::tables::shown_store(store)
            << (in_club ? " as host " + club.host_id + " of a club, at " + club.address : "")
            << "\n";
  boardgame::tables::TableService table_service(*table_host, max_calls_at_once);
  boardgame::players::Seeks seeks(*players, *table_host, clock);
  boardgame::players::Matchmaker matchmaker(tables.club);
  boardgame::players::PlayerService player_service(*players, seeks, matchmaker);
  boardgame::host::RunningServer running;
  try {
    running = boardgame::host::start_server({&service, &table_service, &player_service}, options);
  } catch (const std::exception& e) {
    std::cerr << "game-host: " << e.what() << "\n";
    return 1;
  }
  {
    std::lock_guard lock(serving_mutex);
    serving = running.server.get();
  }
  // Forgets the server before it goes, however main returns.
  struct Forget {
    std::mutex& mutex;
    grpc::Server*& server;
    ~Forget() {
      std::lock_guard lock(mutex);
      server = nullptr;
    }
  } forget{serving_mutex, serving};
  std::cout << "listening on " << host_part(options.listen) << ':' << running.port << std::endl;
  // The JSON API calls this host's own services, through their checks.
  const boardgame::host::JsonApi api(running.server->InProcessChannel(grpc::ChannelArguments()),
                                     {boardgame::v1::GameService::service_full_name(),
                                      boardgame::v1::TableService::service_full_name(),
                                      boardgame::v1::PlayerService::service_full_name()});
  boardgame::host::HttpServer web([&](const boardgame::host::HttpRequest& request,
                                      boardgame::host::HttpServer::Respond respond) {
    if (boardgame::host::JsonApi::handles(request)) return api.call(request, respond);
    if (web_files) {
      if (std::optional<boardgame::host::HttpResponse> file = web_files->route(request))
        return respond(std::move(*file));
    }
    respond(site.route(request));
  });
  std::thread http_thread;
  if (http_port) {
    const int port = web.bind(host_part(http), *http_port);
    if (port < 0) {
      std::cerr << "game-host: cannot serve HTTP on " << http << "\n";
      running.server->Shutdown();
      return 1;
    }
    const std::string at = "http://" + host_part(http) + ':' + std::to_string(port);
    std::cout << "rules pages on " << at << "/rules/<game>/<lang>" << std::endl;
    std::cout << "JSON API on " << at << "/api/<service>/<method>" << std::endl;
    if (web_files) std::cout << "web client on " << at << "/play/" << std::endl;
    http_thread = std::thread([&web] { web.serve(); });
  }

  int signal = 0;
  sigwait(&stop_signals, &signal);
  std::cerr << "game-host: " << (signal == SIGINT ? "SIGINT" : "SIGTERM")
            << ", finishing the calls in progress\n";
  // Watches never end by themselves: close them, then let the calls finish.
  table_host->shutdown();
  if (http_thread.joinable()) {
    // The browsers' streams have ended with the watches: let them say so.
    api.drain(std::chrono::seconds(5));
    web.stop();
    http_thread.join();
  }
  running.server->Shutdown(std::chrono::system_clock::now() + std::chrono::seconds(5));
  running.server->Wait();
  // The API's calls have ended with the server; the last of them may still
  // be letting go of its client's connection, which `web` owns.
  api.drain();
  std::cerr << "game-host: stopped\n";
  return 0;
}
