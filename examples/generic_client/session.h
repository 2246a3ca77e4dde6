// The client's conversation with the player: choosing a game and a mode,
// the settings, the rules page and the scoreboard (session.cpp), and
// playing: undo, resigning, the end of a game, another game and the replay
// (play.cpp). Everything game-specific
// comes from the host: GameInfo, the BoardView of each state, Move
// descriptions and the game's UI strings.
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "board_render.h"
#include "catalog.h"
#include "console.h"
#include "host_link.h"
#include "language.h"
#include "match.h"
#include "move_input.h"
#include "store.h"

namespace game_client {

struct Options {
  std::string game_id;                       // --game, "" to choose
  LanguageChoice language;
  std::optional<Mode> mode;                  // --mode: start at once
  Level level = v1::SuggestMoveRequest::NORMAL;
  std::uint32_t seat = 0;                    // --seat against the CPU; 0: ask
  std::uint32_t cpu_ms = 300;                // the CPU's thinking time per move
  std::filesystem::path data_dir;            // "" saves nothing
  std::chrono::milliseconds demo_pause{0};   // between demo moves on a terminal
  bool interactive = false;                  // input comes from a terminal
  std::size_t width = 80;                    // terminal columns
};

class Session {
 public:
  Session(Console& console, HostLink& host, Options options);
  // The process exit status.
  int run();

 private:
  struct Game {
    v1::GameInfo info;         // in the player's language
    v1::RulesDocument rules;   // the rules page and the game's UI strings
    Catalog text;
    std::vector<v1::Setting> settings;  // the values the next game starts with
    KnownMoves known;                   // every move seen, to name illegal ones
  };
  enum class Next { kAnother, kMenu, kQuit };

  // --- Around games ---
  bool open_game(const std::string& game_id, Game* out);
  bool game_menu(Game& game);  // false: quit
  Next run_series(Game& game, MatchPlan plan, std::vector<std::uint32_t> moves = {});
  std::optional<MatchPlan> plan_against_cpu(const Game& game);
  std::optional<MatchPlan> plan_demo(const Game& game);
  MatchPlan plan_for(const Game& game, Mode mode) const;
  std::optional<Next> offer_resume();
  void settings_menu(Game& game);
  void show_rules(const Game& game);
  void show_scoreboard(const Game& game);

  // --- One game ---
  Next play(Game& game, Match& match);
  Next finish(Game& game, Match& match);
  enum class Turn { kPlayed, kStay, kLeave, kQuit };
  Turn human_turn(Game& game, Match& match, const std::vector<v1::Move>& moves);
  // Learns the moves of the starting position, so that a move typed when
  // it is no longer legal can still be named to the game.
  void learn_opening_moves(Game& game, const Match& match);
  // Plays the CPU's move for the seat to move, and says so.
  bool cpu_move(Game& game, Match& match, Level level);
  void replay(Game& game, const Match& match);
  bool undo(Game& game, Match& match);  // true when moves were taken back
  void where(Game& game, const Match& match, const std::vector<v1::Move>& moves,
             const std::string& argument);
  void show_help(const Match& match, const std::vector<v1::Move>& moves);
  void show_position(const Game& game, const Match& match, const v1::GameState& state);
  void print_board(const Game& game, const v1::BoardView& view,
                   std::optional<std::uint32_t> lit_region = std::nullopt);
  void announce(const Game& game, const Match& match);

  // --- Words ---
  std::string player_name(const MatchPlan& plan, std::uint32_t seat) const;
  std::string side_of(const Game& game, const v1::GameState& state, std::uint32_t seat) const;
  std::string level_name(Level level) const;
  // "X: you play 5/5." or "O: Computer (Normal) plays 5/1."
  std::string played_line(const MatchPlan& plan, std::uint32_t seat, const std::string& side,
                          const std::string& move) const;
  std::string mode_name(const MatchPlan& plan) const;
  std::string move_text(const v1::BoardView& view, const v1::Move& move) const;
  std::string explain(const Failure& failure, const Game* game) const;
  std::string say(std::string_view key, const Args& args = {}) const { return ui_.text(key, args); }
  void error(std::string_view text);

  // --- Prompts ---
  std::optional<int> choose(std::string_view question, int first, int last, int fallback);
  std::optional<bool> ask_yes_no(std::string_view question, bool fallback);
  std::optional<Level> choose_level(std::string_view question);

  // --- Saving ---
  void save();
  void keep_unfinished(const Match& match);
  void drop_unfinished();

  Console& con_;
  HostLink& host_;
  Options opt_;
  Catalog ui_;
  std::optional<Store> store_;
  ClientData data_;
  std::vector<v1::GameInfo> games_;
  bool save_failed_ = false;
  bool single_demo_ = false;  // --mode demo: one game, its result line, the end
};

}  // namespace game_client
