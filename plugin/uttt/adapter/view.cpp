// The generic picture of an ultimate tic-tac-toe game: a 9x9 grid of cells
// grouped into nine 3x3 regions, the small boards.
#include <string>

#include "match.h"
#include "uttt/engine/bitboard.h"

namespace uttt::adapter {

namespace v1 = boardgame::v1;

namespace {

constexpr char kSymbol[2] = {'X', 'O'};

// The boards that count for `side` on the big board.
Mask9 counted_boards(const Position& pos, Player side) {
  return pos.won_boards(side) | (pos.rules().draw_counts_both ? pos.drawn_boards() : 0);
}

void draw_text(const Position& pos, v1::Text& status) {
  const bool x = pos.side_to_move() == Player::X;
  if (pos.ply() == 0) {
    status.set_key("status.first_move");
  } else if (pos.is_free_move()) {
    status.set_key(x ? "status.x_free_move" : "status.o_free_move");
  } else {
    status.set_key(x ? "status.x_to_move" : "status.o_to_move");
    v1::Arg& board = *status.add_args();
    board.set_name("board");
    board.set_value(std::to_string(pos.destination() + 1));
  }
}

}  // namespace

void Match::draw(v1::BoardView& view) const {
  const Position& pos = position_;
  view.set_rows(9);
  view.set_columns(9);

  std::string cells(kCells, '.');
  for (int side = 0; side < 2; ++side)
    for (int b = 0; b < kBoards; ++b)
      for (Mask9 c = pos.cells(Player(side), b); c; c &= Mask9(c - 1))
        cells[grid_index(make_move(b, __builtin_ctz(c)))] = kSymbol[side];
  view.set_cells(std::move(cells));

  view.set_region_rows(3);
  view.set_region_columns(3);
  std::string regions(kBoards, '.');
  for (int b = 0; b < kBoards; ++b) {
    const Mask9 bit = Mask9(1u << b);
    for (int side = 0; side < 2; ++side)
      if (pos.won_boards(Player(side)) & bit) regions[b] = kSymbol[side];
    if (pos.drawn_boards() & bit) regions[b] = pos.rules().draw_counts_both ? '+' : '=';
  }
  view.set_regions(std::move(regions));

  if (last_ != kCells) view.add_last_move_cells(grid_index(last_));

  if (!over()) {
    // The legal moves, in grid order.
    const Mask9 boards = pos.playable_boards();
    auto& playable = *view.mutable_playable_cells();
    playable.Reserve(kCells);
    for (int i = 0; i < kCells; ++i) {
      const Move m = move_at(i / 9, i % 9);
      if ((boards >> board_of(m) & 1) && (pos.empty(board_of(m)) >> cell_of(m) & 1))
        playable.AddAlreadyReserved(std::uint32_t(i));
    }
    view.set_side_to_move(std::string(1, kSymbol[int(pos.side_to_move())]));
    draw_text(pos, *view.mutable_status());
    return;
  }

  const boardgame::plugin::Ending end = ending();
  *view.mutable_status() = end.summary;
  if (end.reason == v1::Outcome::LINE) {
    const Mask9 owned = counted_boards(pos, Player(end.winner));
    Mask9 line_boards = 0;
    for (Mask9 line : kLines)
      if ((owned & line) == line) line_boards |= line;
    for (int b = 0; b < kBoards; ++b)
      if (line_boards >> b & 1) view.add_highlighted_regions(std::uint32_t(b));
  }
}

}  // namespace uttt::adapter
