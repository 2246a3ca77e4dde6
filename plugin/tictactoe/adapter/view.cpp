// The generic picture of a tic-tac-toe game: a 3x3 grid with no regions,
// since the board is not divided into smaller boards.
#include <string>

#include "match.h"

namespace ttt::adapter {

namespace v1 = boardgame::v1;

namespace {

constexpr char kSymbol[2] = {'X', 'O'};

}  // namespace

void Match::draw(v1::BoardView& view) const {
  const Position& pos = position_;
  view.set_rows(3);
  view.set_columns(3);

  std::string cells(kSquares, '.');
  for (int side = 0; side < 2; ++side)
    for (Mask9 m = pos.marks(Player(side)); m; m &= Mask9(m - 1))
      cells[std::size_t(__builtin_ctz(m))] = kSymbol[side];
  view.set_cells(std::move(cells));

  if (last_ >= 0) view.add_last_move_cells(std::uint32_t(last_));

  if (over()) {
    *view.mutable_status() = ending().summary;
    return;
  }
  for (Mask9 m = pos.legal_moves(); m; m &= Mask9(m - 1))
    view.add_playable_cells(std::uint32_t(__builtin_ctz(m)));
  view.set_side_to_move(std::string(1, kSymbol[int(pos.side_to_move())]));
  view.mutable_status()->set_key(pos.ply() == 0                    ? "status.first_move"
                                 : pos.side_to_move() == Player::X ? "status.x_to_move"
                                                                   : "status.o_to_move");
}

}  // namespace ttt::adapter
