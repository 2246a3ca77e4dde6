// One game of tic-tac-toe behind the generic Match interface: the engine's
// Position, the seat that opens, the last square played and a resignation
// if any.
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

class Match final : public boardgame::plugin::Match {
 public:
  explicit Match(int first_seat) : first_seat_(first_seat) {}

  std::uint32_t seat_of_side(int side) const override {
    return side == 0 ? first_seat_ : 3 - first_seat_;
  }
  int side_to_move() const override {
    return over() ? -1 : int(position_.side_to_move());
  }
  void play(std::uint32_t move_id) override;
  void resign(int side) override { resigned_ = side; }
  void legal_moves(
      google::protobuf::RepeatedPtrField<boardgame::v1::Move>& out) const override;
  boardgame::v1::Move last_move() const override;
  void draw(boardgame::v1::BoardView& view) const override;
  boardgame::plugin::Ending ending() const override;
  boardgame::plugin::Suggestion suggest(
      const boardgame::plugin::SearchBudget& budget) const override;

 private:
  bool over() const { return resigned_ >= 0 || position_.is_over(); }

  Position position_;
  int last_ = -1;      // the square of the last move; -1 before the first
  int first_seat_;
  int resigned_ = -1;  // the side that resigned
};

}  // namespace ttt::adapter
