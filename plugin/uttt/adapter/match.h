// One game of ultimate tic-tac-toe behind the generic Match interface: the
// engine's Position, the seat that opens, and a resignation if any.
#pragma once

#include "boardgame/plugin/game.h"
#include "uttt/engine/position.h"

namespace uttt::adapter {

class Match final : public boardgame::plugin::Match {
 public:
  Match(Rules rules, int first_seat) : position_(rules), first_seat_(first_seat) {}

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
  Position before_last_;  // the position the last move was played in
  Move last_ = kCells;    // kCells before the first move
  int first_seat_;
  int resigned_ = -1;     // the side that resigned
};

// Index of a move's cell in the 9x9 grid of the generic view.
constexpr std::uint32_t grid_index(Move m) { return std::uint32_t(grid_row(m) * 9 + grid_col(m)); }

}  // namespace uttt::adapter
