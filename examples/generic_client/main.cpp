// game-client: plays any turn-based game a game-host serves, in a terminal,
// on one screen, against the computer, or online at a table the host keeps.
//
//     game-client --host 127.0.0.1:50051 [--game ID] [--lang es|pt|de|en]
//     game-client --create | --join CODE | --watch CODE  [--name NAME]
//     game-client --play-now [GAME] [--casual] | --standings [GAME] | --player [ID]
//     game-client --transfer-out | --transfer-in CODE
//
// See docs/client.md.
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <string_view>
#include <sys/ioctl.h>
#include <unistd.h>

#include <CLI/CLI.hpp>

#include "client_strings.h"
#include "session.h"

namespace {

using game_client::Level;
using game_client::Mode;

std::size_t terminal_width() {
  winsize size{};
  if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col >= 40) return size.ws_col;
  return 80;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Plays the games a game-host serves, in the terminal. See docs/client.md."};
  std::string host = game_client::kDefaultHost, lang, mode, level = "normal", color = "auto", data_dir;
  game_client::Options options;
  app.add_option("--host", host, "address:port of the game host")->capture_default_str();
  app.add_option("--game", options.game_id, "id of the game to play (default: choose from a list)");
  app.add_option("--lang", lang,
                 "language: es, pt, de or en, or any BCP 47 tag (default: from LC_ALL, LC_MESSAGES "
                 "or LANG; English when none fits)");
  app.add_option("--mode", mode, "start at once: two (players), cpu (against the computer), demo "
                                 "(one computer-against-computer game, then exit)")
      ->check(CLI::IsMember({"two", "cpu", "demo"}));
  app.add_option("--level", level, "the computer's level: novato, normal or experto")
      ->check(CLI::IsMember({"novato", "novice", "normal", "experto", "expert"}))
      ->capture_default_str();
  app.add_option("--seat", options.seat, "your seat against the computer (1 opens the first game)")
      ->check(CLI::Range(1, 8));
  app.add_option("--cpu-ms", options.cpu_ms, "the computer's thinking time per move, in milliseconds")
      ->check(CLI::Range(1, 60000))
      ->capture_default_str();
  app.add_option("--color", color, "colours: auto (on a terminal unless NO_COLOR is set), always, never")
      ->check(CLI::IsMember({"auto", "always", "never"}))
      ->capture_default_str();
  app.add_option("--data-dir", data_dir,
                 "where the scoreboard and an unfinished game are kept (default: "
                 "$XDG_DATA_HOME/club-games or ~/.local/share/club-games)");
  std::string plugins;
  app.add_option("--plugins", plugins,
                 "folder of game plugins, for replaying and checking games while no host answers "
                 "(default: the installed plugin folder, or plugins/ beside a build tree's bin/, as game-host)");
  auto* create = app.add_flag("--create", options.create,
                               "open a table online at once, for you and a friend, and print its invite code");
  auto* join = app.add_option("--join", options.join, "join the table with this invite code (or table id)");
  auto* watch = app.add_option("--watch", options.watch, "watch the table with this invite code (or table id)");
  std::string play_now_game, standings_game, player_id;
  auto* play_now = app.add_option("--play-now", play_now_game,
                                  "look for an opponent online and play at once (a rated game unless --casual), "
                                  "in GAME or the game chosen")
                       ->expected(0, 1);
  auto* casual = app.add_flag("--casual", options.casual, "with --play-now: a casual game, which changes no rating");
  casual->needs(play_now);
  auto* standings = app.add_option("--standings", standings_game,
                                   "show the best-rated players of GAME (default: --game, else the club's flagship)")
                        ->expected(0, 1);
  auto* player = app.add_option("--player", player_id,
                                "show a player's ratings and latest rated games (default: yours)")
                     ->expected(0, 1);
  auto* transfer_out = app.add_flag("--transfer-out", options.transfer_out,
                                    "show a code that moves your player to another device");
  auto* transfer_in = app.add_option("--transfer-in", options.transfer_in,
                                     "play on this device as the player of that code, from another device");
  // One thing to do at start.
  const std::vector<CLI::Option*> starts = {create,    join,   watch,        play_now,
                                            standings, player, transfer_out, transfer_in};
  for (std::size_t i = 0; i < starts.size(); ++i)
    for (std::size_t k = i + 1; k < starts.size(); ++k) starts[i]->excludes(starts[k]);
  app.add_option("--name", options.name, "your name at online tables (1 to 32 characters)");
  app.add_option("--names", options.names,
                 "two players on one screen: their names, e.g. --names Ana,Bruno (default: asked)")
      ->delimiter(',')
      ->expected(2)
      ->check([](const std::string& name) {
        return game_client::valid_player_name(name) ? std::string() : "a name is 1 to 32 characters";
      });
  int demo_pause_ms = 700;
  app.add_option("--demo-pause-ms", demo_pause_ms, "pause between demo moves on a terminal")
      ->check(CLI::Range(0, 10000))
      ->capture_default_str();
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::cerr << "game-client: " << e.what() << "\n\n" << app.help();
    return 2;
  }

  auto language = game_client::choose_language(lang, [](const char* name) { return std::getenv(name); },
                                                game_client::client_locales());
  if (!language) {
    std::cerr << "game-client: --lang: " << language.error << "\n";
    return 2;
  }
  options.language = language.value;
  options.play_now = play_now->count() > 0;
  if (!play_now_game.empty()) options.game_id = play_now_game;
  if (standings->count() > 0) options.standings = standings_game;
  if (player->count() > 0) options.player_page = player_id;
  if (options.names.size() == 2 && options.names[0] == options.names[1]) {
    std::cerr << "game-client: --names: the two players need different names\n";
    return 2;
  }
  if (mode == "two") options.mode = Mode::kTwoPlayers;
  if (mode == "cpu") options.mode = Mode::kAgainstCpu;
  if (mode == "demo") options.mode = Mode::kDemo;
  if (level == "novato" || level == "novice") options.level = boardgame::v1::SuggestMoveRequest::NOVATO;
  if (level == "experto" || level == "expert") options.level = boardgame::v1::SuggestMoveRequest::EXPERTO;
  options.data_dir = data_dir.empty()
                         ? game_client::Store::default_directory([](const char* n) { return std::getenv(n); })
                         : std::filesystem::path(data_dir);
  options.plugin_dir = plugins;
  options.interactive = isatty(STDIN_FILENO) == 1;
  options.demo_pause = std::chrono::milliseconds(options.interactive ? demo_pause_ms : 0);
  options.width = terminal_width();
  // A command to copy works as shown: the PATH finds a bare name, anything
  // else is made absolute so that another terminal, in another folder,
  // runs the same program.
  if (std::string_view(argv[0]).find('/') != std::string_view::npos) {
    std::error_code ec;
    const std::filesystem::path self = std::filesystem::weakly_canonical(std::filesystem::absolute(argv[0]), ec);
    options.program = ec ? argv[0] : self.string();
  } else {
    options.program = argv[0];
  }

  game_client::Style style(game_client::want_color(color));
  game_client::Console console(STDIN_FILENO, std::cout, style, /*echo=*/!options.interactive);
  // Only a terminal wraps a line on its own; a transcript keeps its lines.
  if (isatty(STDOUT_FILENO) == 1) console.set_width(options.width);
  console.set_discard_typeahead(options.interactive);
  // Editing needs a terminal on both sides: it draws the line it edits.
  console.set_line_editing(options.interactive && isatty(STDOUT_FILENO) == 1);
  game_client::HostLink link(host);
  game_client::Session session(console, link, options);
  return session.run();
}
