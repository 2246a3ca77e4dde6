// One game of ultimate tic-tac-toe behind the generic Match interface: the
// engine's Position and the last move; TwoSeatMatch keeps the seats and a
// resignation.
#pragma once

#include "boardgame/plugin/game.h"
#include "uttt/engine/position.h"

namespace uttt::adapter {

class Match final : public boardgame::plugin::TwoSeatMatch {
 public:
  Match(Rules rules, int first_seat) : TwoSeatMatch(first_seat), position_(rules) {}

  void play(std::uint32_t move_id) override;
  void legal_moves(
      google::protobuf::RepeatedPtrField<boardgame::v1::Move>& out) const override;
  boardgame::v1::Move last_move() const override;
  void draw(boardgame::v1::BoardView& view) const override;
  boardgame::plugin::Ending ending() const override;
  boardgame::plugin::Suggestion suggest(
      const boardgame::plugin::SearchBudget& budget) const override;

 private:
  bool position_over() const override { return position_.is_over(); }
  int position_side_to_move() const override { return int(position_.side_to_move()); }

  Position position_;
  Position before_last_;  // the position the last move was played in
  Move last_ = kCells;    // kCells before the first move
};

// Index of a move's cell in the 9x9 grid of the generic view.
constexpr std::uint32_t grid_index(Move m) { return std::uint32_t(grid_row(m) * 9 + grid_col(m)); }

}  // namespace uttt::adapter
