// The client's conversation with the player: choosing a game and a mode,
// the settings, the rules page and the scoreboard (session.cpp), and
// playing: undo, resigning, the end of a game, another game and the replay
// (play.cpp); playing and watching online at a table the host keeps
// (online_play.cpp); the club's player (club_player.cpp), its ratings and
// the standings (player_pages.cpp), and Play now (play_now.cpp); with no
// host, what is kept here (offline.cpp). Everything game-specific comes
// from the host, or with no host from the game's plugin: GameInfo, the
// BoardView of each state, Move descriptions and the game's UI strings.
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "board_render.h"
#include "catalog.h"
#include "commands.h"
#include "console.h"
#include "host_link.h"
#include "language.h"
#include "local_rules.h"
#include "match.h"
#include "move_input.h"
#include "store.h"
#include "table_watch.h"

namespace game_client {

// Where game-client looks for a host without --host.
inline constexpr char kDefaultHost[] = "127.0.0.1:50051";
// The game Enter picks from a host's list, when the host serves it: the
// club's flagship (README.md), a choice of the club, not of the client's code.
inline constexpr char kFlagshipGame[] = "uttt";

struct Options {
  std::string game_id;                       // --game, "" to choose
  LanguageChoice language;
  std::optional<Mode> mode;                  // --mode: start at once
  Level level = v1::SuggestMoveRequest::NORMAL;
  std::uint32_t seat = 0;                    // --seat against the CPU; 0: ask
  std::uint32_t cpu_ms = 300;                // the CPU's thinking time per move
  std::filesystem::path data_dir;            // "" saves nothing
  // --plugins: the games' rules when no host answers; "" for the plugin
  // folder game-host would find beside this program.
  std::filesystem::path plugin_dir;
  std::chrono::milliseconds demo_pause{0};   // between demo moves on a terminal
  bool interactive = false;                  // input comes from a terminal
  std::size_t width = 80;                    // terminal columns
  // How to run this client again, as shown in commands to copy: its name
  // when found on the PATH, else its absolute path.
  std::string program = "game-client";
  // Online (docs/client.md, "Playing online"): at most one of these.
  bool create = false;                       // --create: open a table at once
  std::string join;                          // --join CODE
  std::string watch;                         // --watch CODE or table id
  std::string name;                          // --name: the name shown at tables
  std::vector<std::string> names;            // --names: two people on one screen
  // The club's player (docs/client.md, "Players and ratings"): at most one
  // of these, and none of the above.
  bool play_now = false;                     // --play-now [GAME] (the game in game_id)
  bool casual = false;                       // --casual: Play now for an unrated game
  std::optional<std::string> standings;      // --standings [GAME]; "" for game_id's
  std::optional<std::string> player_page;    // --player [ID]; "" for your own
  bool transfer_out = false;                 // --transfer-out
  std::string transfer_in;                   // --transfer-in CODE
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

  // A table being played or watched.
  struct Online {
    OnlineSeat seat;                // seat 0: a spectator
    v1::Table table;                // the newest version known
    std::uint64_t shown = 0;        // the version of the last event printed
    std::vector<v1::Move> moves;    // the legal moves when it is our turn
    std::uint64_t moves_version = 0;  // the table version `moves` belong to
    std::uint64_t warned_turn = 0; // the turn whose "time is short" was said
    // A move or a resignation that ended the game was printed, and its
    // GAME_OVER, with the final board, not yet: no prompt until it is.
    bool end_to_come = false;
    // At a rated table: each player's rating change in game `rated_game`.
    std::uint32_t rated_game = 0;
    std::vector<std::string> rating_lines;
    bool spectator() const { return seat.seat == 0; }
  };

  // --- Around games ---
  // The game's description and rules documents, from `from` (the host
  // when null).
  bool open_game(const std::string& game_id, Game* out, GameRules* from = nullptr);
  // Who plays `game_id` for a replay: the host when it answers and serves
  // the game, else the game's plugin loaded here; nullptr when neither.
  GameRules* rules_for(const std::string& game_id);
  // The plugins of opt_.plugin_dir, loaded the first time they are needed.
  LocalRules& local_rules();
  // Why no rules for `game` are here while no host answers, in a sentence.
  std::string no_rules_here(const std::string& game);
  // The host's game of that id, or nullptr.
  const v1::GameInfo* served(const std::string& game_id) const;
  // That the host serves no such game, and which it serves.
  std::string unknown_game(const std::string& game_id) const;
  bool game_menu(Game& game);  // false: quit
  // `resumed`: the moves of a saved game, none at all included, to go on
  // from; without it, a new game, which may find its slot taken.
  Next run_series(Game& game, MatchPlan plan, std::optional<std::vector<std::uint32_t>> resumed = std::nullopt);
  std::optional<MatchPlan> plan_against_cpu(const Game& game);
  std::optional<MatchPlan> plan_demo(const Game& game);
  MatchPlan plan_for(const Game& game, Mode mode) const;
  std::optional<Next> offer_resume();
  // At start: the newest seat held at a table of this host, offered back.
  std::optional<Next> offer_return();
  Next resume(Game& game, const SavedGame& saved);
  void settings_menu(Game& game);
  void show_rules(const Game& game);
  void show_scoreboard(const Game& game);
  void show_scores(const std::string& game_id, const std::string& name);
  // While no host answers: the finished games, their texts and the
  // scoreboard (offline.cpp). True once a host answers.
  bool offline();
  // Two people's record: `people` are the names of a named pair's key, or
  // empty for "Player 1" and "Player 2".
  std::string two_players_line(const std::vector<std::string>& people, const Record& r) const;

  // --- Online (online_play.cpp) ---
  // Opens a table: with `ask`, the seats, settings and rating are asked;
  // without, a friend takes seat 2 and the saved settings apply.
  Next open_table(Game& game, bool ask);
  Next join_table(const std::string& code);
  Next watch_table(const std::string& code);
  Next return_to_table(const OnlineSeat& seat);
  // Sits down at `table` in the seat of `ticket`, just taken (a join, a
  // pairing), and plays there.
  Next sit_down(const v1::Table& table, const v1::SeatTicket& ticket);
  // `title`, the game's settings, and a chance to change them first; false
  // when the player left the question.
  bool review_settings(Game& game, std::string_view title);
  // The table's game, opened into `game`.
  bool open_table_game(const v1::Table& table, Game* game);
  Next run_table(Game& game, Online& on);
  // What the player typed at a table; nullopt to stay.
  std::optional<Next> table_input(Game& game, Online& on, TableWatch& watch, const std::string& text);
  void table_move(Game& game, Online& on, TableWatch& watch, const std::string& text);
  bool ensure_moves(Game& game, Online& on);
  void learn_moves_of(Game& game, const v1::GameState& state);
  std::string table_prompt(const Game& game, const Online& on) const;
  void show_event(Game& game, Online& on, const v1::TableEvent& event);
  void show_table(const Game& game, const Online& on, const v1::Table& table);
  void announce_table(const Game& game, const Online& on, const v1::Table& table);
  void finish_table(const Game& game, Online& on, const v1::Table& table);
  void show_table_score(const Online& on, const v1::Table& table);
  // The table's last game, for the history of the player at `on`.
  FinishedGame finished_at_table(const Online& on, const v1::Table& table) const;
  // A table's game as the history keeps it, read from `reader`'s seat (0:
  // no one's).
  FinishedGame seated_game(const google::protobuf::RepeatedPtrField<v1::Seat>& seats,
                           const v1::GameState& state, std::uint32_t reader) const;
  void leave_table(Online& on);
  void remember_seat(const OnlineSeat& seat);
  void forget_seat(const std::string& table_id);
  const OnlineSeat* saved_seat(const std::string& game_id) const;
  std::string invite_command(const char* option, const std::string& code) const;
  // `said`, then the command on a line of its own, never broken, so that it
  // can be copied whole from any terminal.
  void show_command(std::string_view said, const std::string& command, bool dim = false);
  std::string explain_online(const Failure& failure, const Game* game) const;

  // --- Offers between the people at a table (offers.cpp) ---
  // The token's seat offers a draw, a takeback or the next game.
  void make_offer(Game& game, Online& on, TableWatch& watch, v1::Offer::Kind kind);
  // Accepts, declines or withdraws the offer waiting.
  void answer_offer(Game& game, Online& on, TableWatch& watch, Command command);
  // The offer waiting at `table`, if any, as this seat sees it, with how to
  // answer it.
  void show_offer(const Online& on, const v1::Table& table, const v1::Offer& offer);
  // OFFERED and the answers; false for any other event.
  bool show_offer_event(const Online& on, const v1::TableEvent& event);
  // The help line of `command` at a table between people.
  static const char* offer_help_key(Command command, const char* key);
  void show_offer_help();
  // Seat names at a table: a person's name, "Computer (Normal)", a free seat.
  std::string table_player(const v1::Table& table, std::uint32_t seat) const;
  std::string seat_label(const Online& on, const v1::Table& table, std::uint32_t seat) const;
  std::string seats_line(const Game& game, const Online& on, const v1::Table& table) const;
  // Points as the texts' plurals and numbers take them: "2", "1.5".
  static std::string points_number(double points);

  // --- Who plays online (club_player.cpp) ---
  // The name for tables: --name, else asked (Enter keeps the last one).
  std::optional<std::string> player_name_for_tables();
  // Made once: the seats taken before this device had a player are its.
  const std::string& device_id();
  // This host's player, or nullptr.
  const ClubPlayer* kept_player() const;
  ClubPlayer* kept_player();
  void keep_player(const v1::PlayerKeyResponse& made);
  void forget_player();
  // Runs `call` as this host's club player: made first when this device
  // has none, with the name for tables (--name, else asked), renamed by a
  // --name that differs. A key the host refuses (bad_player_key) after a
  // transfer code was given out means the player moved: the refusal is
  // the answer. Otherwise (a host that lost its players) a new player is
  // made, once, and `call` runs again. nullopt: no name was given.
  std::optional<Failure> as_player(const std::function<Failure(const v1::PlayerKey&)>& call);
  bool transfer_out();
  bool transfer_in(const std::string& code);
  // --standings, --player, --transfer-out and --transfer-in: the exit
  // status, or nullopt when none was given.
  std::optional<int> run_player_option();

  // --- Ratings and standings (player_pages.cpp) ---
  // A player's ratings, history and latest rated games; "" for this
  // device's player. False when it could not be shown.
  bool show_player(const std::string& player_id);
  bool show_standings(const std::string& game_id);
  // The finished game behind a rated game: replay, export, save.
  void open_rated_game(const v1::RatedGame& rated, const std::string& player_id);
  // A game's name in the player's language, or its id.
  std::string game_name(const std::string& game_id) const;

  // --- Play now (play_now.cpp) ---
  // Looks for an opponent with the game's settings: with `ask`, the
  // settings and whether it is rated are asked; without, --casual says.
  Next play_now(Game& game, bool ask);
  // The lobby's open seeks of the game, one to accept.
  Next players_waiting(Game& game);
  // Seeks until paired (`pairing` set), stopped by the player or refused.
  Failure seek(const v1::SeekRequest& request, std::optional<v1::Pairing>* pairing, bool* quit);
  Next sit_paired(const v1::Pairing& pairing);
  // "Carl (1500?) · casual · no clock", and the settings that differ.
  std::string seek_line(const Game& game, const v1::Seek& seek) const;
  // "2 players online now · 1 looking for an opponent"
  std::string lobby_counts(const v1::GameLobby& lobby) const;
  // At the end of a game at a rated table: "Ana: rating 1500 → 1516 (+16)".
  void show_rating_changes(Online& on, const v1::Table& table);

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
  // The move typed, or nullptr once the reason it is none was said. A move
  // of the game that is not legal now is returned too: only the game can
  // say why, when it refuses it.
  const v1::Move* typed_move(Game& game, const std::string& text, const std::vector<v1::Move>& moves,
                             const v1::BoardView& view);
  void hint(Game& game, const v1::GameState& state);
  void where(Game& game, const v1::GameState& state, const std::vector<v1::Move>& moves,
             const std::string& argument);
  // `people`: at a table with another person, where undo and the next game
  // are offers and a draw can be agreed.
  void show_help(const v1::BoardView& view, const std::vector<v1::Move>& moves, bool online = false,
                 bool undo = true, bool people = false);
  void show_position(const Game& game, const Match& match, const v1::GameState& state);
  void print_board(const Game& game, const v1::BoardView& view,
                   std::optional<std::uint32_t> lit_region = std::nullopt);
  void announce(const Game& game, const Match& match);
  // "X wins board 3." for each region the last move closed.
  void announce_regions(const v1::BoardView& before, const v1::BoardView& after);

  // --- Words ---
  std::string player_name(const MatchPlan& plan, std::uint32_t seat) const;
  // A game text's header for a game that ended at `finished_at` (UTC, as
  // utc_now() writes it): the seats named for anyone who reads the text,
  // so never "You".
  GameTextHeader text_header(const MatchPlan& plan, const std::string& finished_at) const;
  // The {person} of the texts that name a player: "you" when {player} is
  // the one reading this screen, "other" otherwise. Languages need it to
  // say "You win" rather than "You wins".
  static std::string person(bool reader) { return reader ? "you" : "other"; }
  // The same, with "computer" for a computer seat, for the texts that say
  // "by {player}": Spanish says "del ordenador", not "de Ordenador". A
  // language with no "computer" case reads "other".
  static std::string mover(const MatchPlan& plan, std::uint32_t seat) {
    return reader(plan, seat) ? "you" : plan.human(seat) ? "other" : "computer";
  }
  // Whether `seat` is the one reading this screen: the person playing the
  // computer. Two players sharing a screen, or a demo, have no one reader.
  static bool reader(const MatchPlan& plan, std::uint32_t seat) {
    return plan.mode == Mode::kAgainstCpu && plan.human(seat);
  }
  std::string side_of(const Game& game, const v1::GameState& state, std::uint32_t seat) const;
  std::string level_name(Level level) const;
  // "X: you play 5/5." or "O: Computer (Normal) plays 5/1."
  std::string played_line(const MatchPlan& plan, std::uint32_t seat, const std::string& side,
                          const std::string& move) const;
  std::string mode_name(const MatchPlan& plan) const;
  std::string move_text(const v1::BoardView& view, const v1::Move& move) const;
  // "Your moves (9): 3/1 (g1), 3/2 (h1)…"
  void show_moves(const v1::BoardView& view, const std::vector<v1::Move>& moves);
  std::string explain(const Failure& failure, const Game* game) const;
  std::string say(std::string_view key, const Args& args = {}) const { return ui_.text(key, args); }
  void error(std::string_view text);

  // --- The host going away (reconnect.h) ---
  // Says so once, then waits the pause of retry `attempt`; false once the
  // player types menu or quit, or the host stays away too long.
  bool wait_for_host(int attempt);

  // --- Prompts ---
  std::optional<int> choose(std::string_view question, int first, int last, int fallback);
  std::optional<bool> ask_yes_no(std::string_view question, bool fallback);
  std::optional<Level> choose_level(std::string_view question);

  // --- Finished games (history_play.cpp) ---
  // Keeps a finished game in the history; a table's game is kept once.
  void record_finished(FinishedGame game, const std::string& table_id = "");
  // "You", a person's name, "Computer (Normal)".
  std::string history_player(const FinishedGame& game, std::uint32_t seat) const;
  std::string history_row(const FinishedGame& game) const;
  void show_history();
  // Under its history row, unless the caller has already named the game.
  void open_finished(const FinishedGame& game, bool titled = true);
  void save_game_text(const std::string& text, const std::string& name);
  // A game text, or the file holding one, replayed; false (and why, said)
  // when it cannot be.
  bool replay_game_text(const std::string& input);
  void import_game_text();
  // Two people on one screen: their names, asked with the last ones as the
  // default; nullopt when the player left the prompt.
  std::optional<MatchPlan> plan_two_players(const Game& game);

  // --- Saving (saved_play.cpp) ---
  void save();
  // Whether what the player did is on the disk: a store, and its last
  // save worked.
  bool saved() const { return store_ && !save_failed_; }
  // The text of `key`, or that nothing is saved when that is the truth.
  std::string saved_line(std::string_view key) const;
  void keep_unfinished(const Match& match);
  void drop_unfinished(const MatchPlan& plan);
  // Keeps a game the host refused to restore out of the way, never deleted.
  void set_aside(const MatchPlan& plan);
  std::string saved_label(const SavedGame& game) const;
  // One of this game's unfinished games, asked when there are several.
  std::optional<SavedGame> pick_saved(const Game& game, std::string_view question);
  // Asks first; against the computer, counts a loss.
  void abandon(const SavedGame& saved);
  // A new game whose slot holds an unfinished one: the player resumes it
  // (`plan` and `moves` become it), abandons it, or goes back (false).
  bool settle_slot(const Game& game, MatchPlan* plan, std::vector<std::uint32_t>* moves);

  Console& con_;
  HostLink& host_;
  Options opt_;
  std::unique_ptr<LocalRules> local_;  // loaded on first use, kept to the end
  Catalog ui_;
  std::optional<Store> store_;
  ClientData data_;
  std::vector<v1::GameInfo> games_;
  bool save_failed_ = false;
  bool single_demo_ = false;  // --mode demo: one game, its result line, the end
  bool online_failed_ = false;  // a table could not be opened, joined or watched
  std::string table_game_id_;   // the game of the last table played or watched
  bool spectating_ = false;     // boards are drawn for a spectator
  bool offline_ = false;        // no host answered: only what is kept here is shown
  std::chrono::steady_clock::time_point host_lost_;     // when the current outage began
  // How the last wait for the host ended, when it ended without the host:
  // a game goes back to the menu, with one message, not two.
  enum class LeftOutage { kNo, kAsked, kGaveUp } left_outage_ = LeftOutage::kNo;
  std::chrono::steady_clock::time_point turn_started_;  // the turn clock's start
};

}  // namespace game_client
