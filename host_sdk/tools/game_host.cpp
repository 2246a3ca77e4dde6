// game-host: serves every game plugin of a folder over gRPC.
//
//     game-host --listen 127.0.0.1:50051 --plugins build/plugins [--http 127.0.0.1:8080]
#include <CLI/CLI.hpp>
#include <csignal>
#include <iostream>
#include <optional>
#include <pthread.h>
#include <thread>

#include "boardgame/host/loader.h"
#include "boardgame/host/rules_site.h"
#include "boardgame/host/server.h"

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

}  // namespace

int main(int argc, char** argv) {
  boardgame::host::ServerOptions options;
  options.listen = "127.0.0.1:50051";
  std::string plugins;
  CLI::App app{"Serves the board games of a plugin folder over gRPC "
               "(boardgame.v1.GameService, health, reflection)."};
  app.add_option("--listen", options.listen, "address:port to serve on; port 0 picks a free one")
      ->capture_default_str();
  app.add_option("--plugins", plugins, "folder of game plugins")->required();
  std::string http;
  app.add_option("--http", http,
                 "also serve the rules pages over HTTP on address:port (/rules/<game>/<lang>)");
  app.add_option("--max-message-bytes", options.max_message_bytes,
                 "largest request or response accepted")
      ->capture_default_str()
      ->check(CLI::Range(1024, 64 << 20));
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

  std::optional<int> http_port;
  if (!http.empty() && !(http_port = port_part(http))) {
    std::cerr << "game-host: --http takes address:port, such as 127.0.0.1:8080\n";
    return 2;
  }
  // Copies of the games share their libraries with the gRPC service.
  boardgame::host::RulesSite site(loaded.games);
  boardgame::host::GameService service(std::move(loaded.games));
  boardgame::host::RunningServer running;
  try {
    running = boardgame::host::start_server(service, options);
  } catch (const std::exception& e) {
    std::cerr << "game-host: " << e.what() << "\n";
    return 1;
  }
  std::cout << "listening on " << host_part(options.listen) << ':' << running.port << std::endl;
  std::thread http_thread;
  if (http_port) {
    const int port = site.bind(host_part(http), *http_port);
    if (port < 0) {
      std::cerr << "game-host: cannot serve HTTP on " << http << "\n";
      running.server->Shutdown();
      return 1;
    }
    std::cout << "rules pages on http://" << host_part(http) << ':' << port
              << "/rules/<game>/<lang>" << std::endl;
    http_thread = std::thread([&site] { site.serve(); });
  }

  int signal = 0;
  sigwait(&stop_signals, &signal);
  std::cerr << "game-host: " << (signal == SIGINT ? "SIGINT" : "SIGTERM")
            << ", finishing the calls in progress\n";
  if (http_thread.joinable()) {
    site.stop();
    http_thread.join();
  }
  running.server->Shutdown(std::chrono::system_clock::now() + std::chrono::seconds(5));
  running.server->Wait();
  std::cerr << "game-host: stopped\n";
  return 0;
}
