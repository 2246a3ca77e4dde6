// One game of tic-tac-toe behind the generic Match interface: the engine's
// Position and the last square played; TwoSeatMatch keeps the seats and a
// resignation.
//
// Moves and cells: the board is the generic view's 3x3 grid, and a move is
// named by the square it marks. Its id is the square's index in reading
// order, 0 to 8 (the same index as its cell in BoardView.cells), and its
// notation is the cell number players use, "1" to "9". Every move that does
// not end the game leaves the opponent a free choice of the empty cells.
#pragma once

#include "boardgame/plugin/game.h"
#include "tictactoe/engine/position.h"

namespace ttt::adapter {

constexpr int kSquares = 9;

class Match final : public boardgame::plugin::TwoSeatMatch {
 public:
  explicit Match(int first_seat) : TwoSeatMatch(first_seat) {}

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
  int last_ = -1;      // the square of the last move; -1 before the first
};

}  // namespace ttt::adapter
