#include "position.h"

namespace uttt {

const char* describe(MoveError e) {
  switch (e) {
    case MoveError::kOk: return "legal";
    case MoveError::kNotACell: return "there is no such cell";
    case MoveError::kGameOver: return "the game is over";
    case MoveError::kWrongBoard: return "the move must go to the destination board";
    case MoveError::kBoardClosed: return "that small board is already decided";
    case MoveError::kCellOccupied: return "that cell is already taken";
  }
  return "unknown error";
}

const char* describe(Status s) {
  switch (s) {
    case Status::kOngoing: return "ongoing";
    case Status::kXLine: return "X wins with a line of small boards";
    case Status::kOLine: return "O wins with a line of small boards";
    case Status::kXFast: return "X wins the fast game";
    case Status::kOFast: return "O wins the fast game";
    case Status::kDrawFull: return "draw: every small board is decided";
    case Status::kDrawEarly: return "draw: no line can be completed any more";
  }
  return "unknown status";
}

MoveError Position::check(Move m) const {
  if (m >= kCells) return MoveError::kNotACell;
  if (is_over()) return MoveError::kGameOver;
  const int b = board_of(m);
  if (!is_free_move() && b != destination_) return MoveError::kWrongBoard;
  if (closed_ >> b & 1) return MoveError::kBoardClosed;
  if (occupied(b) >> cell_of(m) & 1) return MoveError::kCellOccupied;
  return MoveError::kOk;
}

void Position::legal_moves(MoveList& list) const {
  list.size = 0;
  for (Mask9 boards = playable_boards(); boards; boards &= Mask9(boards - 1)) {
    const int b = __builtin_ctz(boards);
    for (Mask9 e = empty(b); e; e &= Mask9(e - 1))
      list.moves[list.size++] = make_move(b, __builtin_ctz(e));
  }
}

int Position::destination_after(Move m) const {
  Position next = *this;
  next.play(m);
  return next.destination();
}

// Runs once per decided small board, so it may look at the whole big board.
void Position::board_decided(int board, Player mover) {
  const Rules r = rules();
  if (!r.open_boards) closed_ |= Mask9(1u << board);
  const Mask9 wild = r.draw_counts_both ? drawn_ : 0;
  const Mask9 mine = won_[int(mover)], theirs = won_[int(~mover)];
  const bool x = mover == Player::X;
  // A drawn board that counts for both may complete a line for either side;
  // the mover's own line comes first.
  if (has_line(mine | wild)) {
    status_ = x ? Status::kXLine : Status::kOLine;
  } else if (has_line(theirs | wild)) {
    status_ = x ? Status::kOLine : Status::kXLine;
  } else if (r.fast_target && popcount9(mine) >= r.fast_target) {
    status_ = x ? Status::kXFast : Status::kOFast;
  } else if (decided_boards() == kAll9) {
    status_ = Status::kDrawFull;
  } else if (r.early_draw) {
    const Mask9 dead = r.draw_counts_both ? 0 : drawn_;
    const int undecided = 9 - popcount9(decided_boards());
    auto can_still_win = [&](Mask9 own, Mask9 other) {
      return line_possible(other | dead) ||
             (r.fast_target && popcount9(own) + undecided >= r.fast_target);
    };
    if (!can_still_win(mine, theirs) && !can_still_win(theirs, mine))
      status_ = Status::kDrawEarly;
  }
}

void Position::undo(Move m, const Undo& u) {
  --ply_;
  cells_[ply_ & 1][board_of(m)] &= Mask9(~(1u << cell_of(m)));
  won_[0] = u.won[0];
  won_[1] = u.won[1];
  drawn_ = u.drawn;
  closed_ = u.closed;
  destination_ = u.destination;
  status_ = u.status;
}

bool operator==(const Position& a, const Position& b) {
  return a.cells_ == b.cells_ && a.won_[0] == b.won_[0] && a.won_[1] == b.won_[1] &&
         a.drawn_ == b.drawn_ && a.closed_ == b.closed_ &&
         a.destination_ == b.destination_ && a.ply_ == b.ply_ &&
         a.status_ == b.status_ && a.rules_ == b.rules_;
}

}  // namespace uttt
