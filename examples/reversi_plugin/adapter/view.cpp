// The generic picture of a Reversi game: an 8x8 grid with no regions, discs
// drawn as "B" and "W", and the last move as the placed disc with every disc
// it flipped.
#include <string>

#include "match.h"

namespace reversi::adapter {

namespace v1 = boardgame::v1;

namespace {

constexpr char kSymbol[2] = {'B', 'W'};

void add_counts(v1::Text& text, const Position& p) {
  for (Side s : {Side::kBlack, Side::kWhite}) {
    v1::Arg* arg = text.add_args();
    arg->set_name(s == Side::kBlack ? "black" : "white");
    arg->set_value(std::to_string(count(p.discs(s))));
  }
}

}  // namespace

void Match::draw(v1::BoardView& view) const {
  const Position& pos = position_;
  view.set_rows(8);
  view.set_columns(8);

  std::string cells(kSquares, '.');
  for (Side side : {Side::kBlack, Side::kWhite})
    for (Bits m = pos.discs(side); m; m &= m - 1)
      cells[std::size_t(lowest_square(m))] = kSymbol[int(side)];
  view.set_cells(std::move(cells));

  if (last_ >= 0 && last_ != kPass) {
    view.add_last_move_cells(std::uint32_t(last_));
    for (Bits m = last_flipped_; m; m &= m - 1)
      view.add_last_move_cells(std::uint32_t(lowest_square(m)));
  }

  if (over()) {
    *view.mutable_status() = ending().summary;
    return;
  }
  const Bits moves = pos.legal_moves();
  for (Bits m = moves; m; m &= m - 1) view.add_playable_cells(std::uint32_t(lowest_square(m)));
  const bool black = pos.side_to_move() == Side::kBlack;
  view.set_side_to_move(std::string(1, kSymbol[black ? 0 : 1]));
  v1::Text& status = *view.mutable_status();
  if (plies_ == 0)
    status.set_key("status.first_move");
  else if (moves == 0)
    status.set_key(black ? "status.black_must_pass" : "status.white_must_pass");
  else
    status.set_key(black ? "status.black_to_move" : "status.white_to_move");
  add_counts(status, pos);
}

}  // namespace reversi::adapter
