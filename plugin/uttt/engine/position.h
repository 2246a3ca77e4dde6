// The position: who owns which cells and boards, where the next move goes,
// and whether the game is over. 48 bytes, trivially copyable, no heap.
#pragma once

#include <array>
#include <cstdint>
#include <type_traits>

#include "bitboard.h"
#include "types.h"

namespace uttt {

struct MoveList {
  std::array<Move, kCells> moves;
  int size = 0;
  const Move* begin() const { return moves.data(); }
  const Move* end() const { return moves.data() + size; }
  Move operator[](int i) const { return moves[i]; }
};

// What play() changes beyond the cell itself, so undo() can restore it.
struct Undo {
  Mask9 won[2];
  Mask9 drawn;
  Mask9 closed;
  std::uint8_t destination;
  Status status;
};

class Position {
 public:
  explicit Position(Rules rules = {}) : rules_(rules.pack()) {}

  Rules rules() const { return Rules::unpack(rules_); }
  int ply() const { return ply_; }
  Player side_to_move() const { return Player(ply_ & 1); }
  Status status() const { return status_; }
  bool is_over() const { return status_ != Status::kOngoing; }

  // The board the next move must go to, or kAnyBoard for a free move.
  int destination() const { return destination_; }
  bool is_free_move() const { return destination_ == kAnyBoard; }

  Mask9 cells(Player p, int board) const { return cells_[int(p)][board]; }
  Mask9 occupied(int board) const { return cells_[0][board] | cells_[1][board]; }
  Mask9 empty(int board) const { return kAll9 & ~occupied(board); }
  Mask9 won_boards(Player p) const { return won_[int(p)]; }
  Mask9 drawn_boards() const { return drawn_; }
  Mask9 decided_boards() const { return won_[0] | won_[1] | drawn_; }
  // Boards that take no more moves: decided ones (unless the open-boards
  // variant keeps them playable) and full ones.
  Mask9 closed_boards() const { return closed_; }

  // Boards the side to move may play in now; empty once the game is over.
  Mask9 playable_boards() const {
    if (is_over()) return 0;
    return is_free_move() ? Mask9(kAll9 & ~closed_) : Mask9(1u << destination_);
  }

  MoveError check(Move m) const;
  bool is_legal(Move m) const { return check(m) == MoveError::kOk; }
  void legal_moves(MoveList& list) const;
  int count_legal_moves() const;

  // Where the opponent must play after m: a board, or kAnyBoard.
  int destination_after(Move m) const;

  // m must be legal: callers that take moves from outside use check() first.
  void play(Move m) { play(board_of(m), cell_of(m)); }
  // The same without the division that splits a move: for hot loops that
  // choose a board and a cell.
  void play(int board, int cell);
  void play(Move m, Undo& undo) {
    undo = {{won_[0], won_[1]}, drawn_, closed_, destination_, status_};
    play(m);
  }
  void undo(Move m, const Undo& u);
  // For moves from outside: plays m only if it is legal, and otherwise says
  // why and leaves the position as it was.
  MoveError try_play(Move m) {
    const MoveError e = check(m);
    if (e == MoveError::kOk) play(m);
    return e;
  }

  friend bool operator==(const Position& a, const Position& b);

 private:
  void board_decided(int board, Player mover);

  std::array<std::array<Mask9, kBoards>, 2> cells_{};
  Mask9 won_[2] = {0, 0};
  Mask9 drawn_ = 0;
  Mask9 closed_ = 0;
  std::uint8_t destination_ = kAnyBoard;
  std::uint8_t ply_ = 0;
  Status status_ = Status::kOngoing;
  std::uint8_t rules_;
};

static_assert(sizeof(Position) <= 48);
static_assert(std::is_trivially_copyable_v<Position>);

inline int Position::count_legal_moves() const {
  if (is_over()) return 0;
  if (!is_free_move()) return popcount9(empty(destination_));
  int n = 0;
  for (Mask9 open = kAll9 & ~closed_; open; open &= Mask9(open - 1))
    n += popcount9(empty(__builtin_ctz(open)));
  return n;
}

inline void Position::play(int b, int c) {
  const Player mover = side_to_move();
  Mask9& mine = cells_[int(mover)][b];
  mine |= Mask9(1u << c);
  ++ply_;
  const Mask9 bit = Mask9(1u << b);
  if (!(decided_boards() & bit) && has_line(mine)) {
    won_[int(mover)] |= bit;
    board_decided(b, mover);
  }
  if (occupied(b) == kAll9 && !(closed_ & bit)) {
    closed_ |= bit;
    if (!(decided_boards() & bit)) {
      drawn_ |= bit;
      board_decided(b, mover);
    }
  }
  destination_ = (closed_ >> c & 1) ? kAnyBoard : std::uint8_t(c);
}

}  // namespace uttt
