// "Last cell": a strip of three cells; players take turns marking any empty
// one, and whoever marks the last empty cell wins. Trivial on purpose: the
// point is a complete plugin (rules document, settings schema, moves, view,
// outcome, CPU) built from the installed SDK alone.
#include <google/protobuf/text_format.h>

#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "boardgame/plugin/export.h"
#include "boardgame/plugin/settings_schema.h"

namespace last_cell {

namespace v1 = boardgame::v1;
namespace plugin = boardgame::plugin;

constexpr int kCells = 3;
constexpr char kSymbol[2] = {'X', 'O'};

// The English rules document. A real plugin embeds documents checked by the
// build; text format parsed once keeps this test plugin to one file.
constexpr char kEnglish[] = R"pb(
game_id: "last_cell"
locale: "en"
labels { also_known_as: "Also known as" contents: "On this page" yes: "Yes" no: "No"
         maintained_by: "Rules maintained by" last_updated: "Last updated" }
title: "Last cell"
other_names: "Three-cell strip"
tagline: "Mark a cell of a three-cell strip; whoever marks the last one wins."
setup { heading: "Setup" blocks { paragraph: "A strip of three empty cells. X moves first." } }
how_to_play { heading: "How to play" blocks { paragraph: "On your turn, mark any empty cell." } }
how_to_win { heading: "How to win" blocks { paragraph: "Whoever marks the last empty cell wins." } }
draws { heading: "Draws" blocks { paragraph: "There are no draws." } }
resigning { heading: "Resigning" blocks { paragraph: "Resigning loses the game." } }
settings {
  heading: "Settings"
  columns { name: "Setting" details: "Details" default_value: "Default" changeable: "Changeable" }
  rows { id: "players" name: "Players" details: "Two" default_value: "2" changeable: false }
  rows { id: "time_per_turn" name: "Time per turn" details: "Per move" default_value: "No limit" changeable: true }
  rows { id: "player_leaves" name: "A player leaves" details: "The computer plays on" default_value: "Seat kept" changeable: false }
  rows { id: "draws" name: "Draws" details: "Halfway" default_value: "0.5" changeable: false }
  rows { id: "rules_origin" name: "Origin of the rules" details: "Made up for a test" default_value: "Standard" changeable: false }
}
local_rules {
  heading: "Local rules"
  columns { name: "Rule" details: "Details" default_value: "Default" changeable: "Changeable" }
  rows { id: "alternate_first_turn" name: "Alternate first turn" details: "Who opens changes after each game" default_value: "On" changeable: true }
}
glossary { heading: "Glossary" entries { id: "strip" term: "Strip" definition: "The three cells in a row." } }
faq { heading: "Questions" entries { id: "who_wins" question: "Who wins with best play?"
      answer { paragraph: "X: three cells mean X marks the last one." } } }
strategy { heading: "Strategy" blocks { paragraph: "Count the empty cells." } }
platform { heading: "Playing here" blocks { paragraph: "Play on one screen or against the computer." } }
maintainer: "The SDK test"
last_updated: "2026-12-01"
ui_strings { key: "setting.players.name" text: "Players" }
ui_strings { key: "setting.players.description" text: "Two players" }
ui_strings { key: "setting.players.value.count" text: "{count, plural, one {# player} other {# players}}" }
ui_strings { key: "setting.time_per_turn.name" text: "Time per turn" }
ui_strings { key: "setting.time_per_turn.description" text: "How long each player has for a move" }
ui_strings { key: "setting.time_per_turn.value.unlimited" text: "No limit" }
ui_strings { key: "setting.time_per_turn.value.seconds" text: "{seconds} s" }
ui_strings { key: "setting.player_leaves.name" text: "A player leaves mid-game" }
ui_strings { key: "setting.player_leaves.description" text: "The computer plays on" }
ui_strings { key: "setting.player_leaves.value.cpu_takes_over" text: "Seat kept" }
ui_strings { key: "setting.draws.name" text: "Draws" }
ui_strings { key: "setting.draws.description" text: "A draw scores half" }
ui_strings { key: "setting.draws.value.half_point" text: "Halfway (0.5)" }
ui_strings { key: "setting.rules_origin.name" text: "Origin of the rules" }
ui_strings { key: "setting.rules_origin.description" text: "Made up for a test" }
ui_strings { key: "setting.rules_origin.value.standard" text: "Standard" }
ui_strings { key: "setting.alternate_first_turn.name" text: "Alternate first turn" }
ui_strings { key: "setting.alternate_first_turn.description" text: "Who opens changes after each game" }
ui_strings { key: "value.on" text: "On" }
ui_strings { key: "value.off" text: "Off" }
ui_strings { key: "cpu.level.novice" text: "Novice" }
ui_strings { key: "cpu.level.normal" text: "Normal" }
ui_strings { key: "cpu.level.expert" text: "Expert" }
ui_strings { key: "player.seat" text: "Player {seat}" }
ui_strings { key: "player.cpu" text: "Computer" }
ui_strings { key: "move.cell" text: "Cell {cell}" }
ui_strings { key: "move.wins_game" text: "Wins the game" }
ui_strings { key: "status.first_move" text: "X opens" }
ui_strings { key: "status.x_to_move" text: "X to move" }
ui_strings { key: "status.o_to_move" text: "O to move" }
ui_strings { key: "status.cpu_thinking" text: "The computer is thinking…" }
ui_strings { key: "status.game_over" text: "Game over" }
ui_strings { key: "outcome.x_wins" text: "X marks the last cell and wins!" }
ui_strings { key: "outcome.o_wins" text: "O marks the last cell and wins!" }
ui_strings { key: "outcome.x_resigns" text: "X resigns. O wins!" }
ui_strings { key: "outcome.o_resigns" text: "O resigns. X wins!" }
ui_strings { key: "error.cell_occupied" text: "Cell {cell} is already taken." }
ui_strings { key: "error.not_a_cell" text: "There is no such cell." }
)pb";

const std::string& english_bytes() {
  static const std::string bytes = [] {
    v1::RulesDocument doc;
    if (!google::protobuf::TextFormat::ParseFromString(kEnglish, &doc))
      throw std::logic_error("the English rules document does not parse");
    return doc.SerializeAsString();
  }();
  return bytes;
}

class Match final : public plugin::TwoSeatMatch {
 public:
  explicit Match(int first_seat) : TwoSeatMatch(first_seat) {}

  void play(std::uint32_t move_id) override {
    if (move_id >= kCells)
      throw plugin::Rejected(plugin::Code::kInvalidArgument, "not_a_cell",
                             "move id " + std::to_string(move_id) + " names no cell");
    if (cells_[move_id] != '.')
      throw plugin::Rejected(plugin::Code::kFailedPrecondition, "cell_occupied",
                             "cell " + std::to_string(move_id + 1) + " is taken",
                             {{"cell", std::to_string(move_id + 1)}});
    cells_[move_id] = kSymbol[ply_ % 2];
    ++ply_;
    last_ = int(move_id);
  }

  void legal_moves(google::protobuf::RepeatedPtrField<v1::Move>& out) const override {
    for (int c = 0; c < kCells; ++c)
      if (cells_[std::size_t(c)] == '.') describe(c, ply_ + 1 == kCells, *out.Add());
  }

  v1::Move last_move() const override {
    if (last_ < 0) throw std::logic_error("no move has been played");
    v1::Move m;
    describe(last_, ply_ == kCells, m);
    return m;
  }

  void draw(v1::BoardView& view) const override {
    view.set_rows(1);
    view.set_columns(kCells);
    view.set_cells(cells_);
    if (last_ >= 0) view.add_last_move_cells(std::uint32_t(last_));
    if (over()) {
      *view.mutable_status() = ending().summary;
      return;
    }
    for (int c = 0; c < kCells; ++c)
      if (cells_[std::size_t(c)] == '.') view.add_playable_cells(std::uint32_t(c));
    view.set_side_to_move(std::string(1, kSymbol[ply_ % 2]));
    view.mutable_status()->set_key(ply_ == 0 ? "status.first_move"
                                   : ply_ % 2 ? "status.o_to_move"
                                              : "status.x_to_move");
  }

  plugin::Ending ending() const override {
    plugin::Ending end;
    if (resignation(end, "outcome.x_resigns", "outcome.o_resigns")) return end;
    if (ply_ < kCells) throw std::logic_error("the game is not over");
    end.reason = v1::Outcome::BOARD_FULL;
    end.winner = (ply_ - 1) % 2;
    end.summary.set_key(end.winner == 0 ? "outcome.x_wins" : "outcome.o_wins");
    return end;
  }

  plugin::Suggestion suggest(const plugin::SearchBudget&) const override {
    for (int c = 0; c < kCells; ++c)
      if (cells_[std::size_t(c)] == '.') return {std::uint32_t(c), 1, 1.0 - ply_ % 2};
    throw std::logic_error("no empty cell");
  }

 private:
  static void describe(int cell, bool ends_game, v1::Move& out) {
    out.set_id(std::uint32_t(cell));
    out.set_notation(std::to_string(cell + 1));
    out.add_cells(std::uint32_t(cell));
    if (ends_game)
      out.set_ends_game(true);
    else
      out.set_free_move(true);
  }

  bool position_over() const override { return ply_ == kCells; }
  int position_side_to_move() const override { return ply_ % 2; }

  std::string cells_ = std::string(kCells, '.');
  int ply_ = 0;
  int last_ = -1;
};

class Game final : public plugin::Game {
 public:
  static constexpr char kId[] = "last_cell";

  std::vector<plugin::RulesText> rules_documents() const override {
    return {{"en", english_bytes()}};
  }

  v1::GameInfo info(const plugin::Texts& texts) const override {
    v1::GameInfo info;
    info.set_name(texts.document().title());
    *info.mutable_other_names() = texts.document().other_names();
    info.set_version("1.0.0");
    info.set_min_players(2);
    info.set_max_players(2);
    info.add_sides("X");
    info.add_sides("O");
    plugin::add_club_settings(info, texts);
    return info;
  }

  std::unique_ptr<plugin::Match> start(const plugin::Settings& settings,
                                       std::uint32_t game_number) const override {
    return std::make_unique<Match>(plugin::first_seat(settings, game_number));
  }

  double default_think_ms(plugin::Level) const override { return 0; }
};

}  // namespace last_cell

BOARDGAME_PLUGIN(last_cell::Game)
