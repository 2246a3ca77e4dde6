// One game of Reversi behind the generic Match interface: the engine's
// Position, the last move and the discs it flipped; TwoSeatMatch keeps the
// seats and a resignation.
//
// Moves: id 0-63 places a disc on that square (the index of its cell in
// BoardView.cells, a1 top left), notation "d3"; id 64 is a pass, notation
// "pass", with no cells, listed alone when the side to move has no square.
// Move.cells names the placed square only: the client finds a move by the
// cell typed, and a flipped disc must not name a move. The flipped discs
// appear in BoardView.last_move_cells once the move is played.
#pragma once

#include "boardgame/plugin/game.h"
#include "engine/players.h"
#include "engine/position.h"

namespace reversi::adapter {

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

  Position position_ = Position::start();
  int last_ = -1;          // the last move's id; -1 before the first
  Bits last_flipped_ = 0;  // the discs it flipped
  int plies_ = 0;
};

}  // namespace reversi::adapter
