// Ultimate tic-tac-toe: the vocabulary every other engine file speaks.
#pragma once

#include <cstdint>

#include "common/grid3.h"

namespace uttt {

using club::grid3::kAll9;
using club::grid3::Mask9;  // one bit per board, or per cell of one board

// Boards and cells are numbered 0..8 in reading order (top-left to
// bottom-right); a move is board * 9 + cell, so 0..80.
using Move = std::uint8_t;

constexpr int kBoards = 9;
constexpr int kCells = 81;
constexpr int kMaxPlies = 81;
constexpr std::uint8_t kAnyBoard = 9;  // destination of a free move

constexpr Move make_move(int board, int cell) { return Move(board * 9 + cell); }
constexpr int board_of(Move m) { return m / 9; }
constexpr int cell_of(Move m) { return m % 9; }

// Rows and columns 0..8 of the 81-cell grid, as a player sees it.
constexpr int grid_row(Move m) { return board_of(m) / 3 * 3 + cell_of(m) / 3; }
constexpr int grid_col(Move m) { return board_of(m) % 3 * 3 + cell_of(m) % 3; }
constexpr Move move_at(int row, int col) {
  return make_move(row / 3 * 3 + col / 3, row % 3 * 3 + col % 3);
}

enum class Player : std::uint8_t { X = 0, O = 1 };
constexpr Player operator~(Player p) { return Player(int(p) ^ 1); }

// The local rules and variants of the game. All off gives the standard game.
struct Rules {
  bool early_draw = false;        // draw as soon as no big-board line is possible
  bool open_boards = false;       // decided boards stay playable until full
  bool draw_counts_both = false;  // a drawn small board counts for X and for O
  // Fast game: the first to win this many small boards wins; 0 is off.
  // Lines still win too, and if nobody reaches the target the game ends as
  // the standard game does.
  std::uint8_t fast_target = 0;

  static constexpr int kMinFastTarget = 3;
  static constexpr int kMaxFastTarget = 6;  // seven boards always hold a line

  // Boards play as in the standard game: a decided board closes, a drawn
  // one counts for nobody, no fast-game target. The early-draw rule only
  // ends the game at a draw nothing could change any more.
  constexpr bool standard_boards() const {
    return !open_boards && !draw_counts_both && !fast_target;
  }

  constexpr bool valid() const {
    return fast_target == 0 ||
           (fast_target >= kMinFastTarget && fast_target <= kMaxFastTarget);
  }
  constexpr std::uint8_t pack() const {
    return std::uint8_t(early_draw | open_boards << 1 | draw_counts_both << 2 |
                        fast_target << 3);
  }
  static constexpr Rules unpack(std::uint8_t b) {
    return Rules{bool(b & 1), bool(b & 2), bool(b & 4), std::uint8_t(b >> 3)};
  }
  friend constexpr bool operator==(Rules a, Rules b) { return a.pack() == b.pack(); }
  friend constexpr bool operator!=(Rules a, Rules b) { return !(a == b); }
};

// How the game stands. The order matters: everything past kOngoing is over.
enum class Status : std::uint8_t {
  kOngoing,
  kXLine,       // X completed a line of the big board
  kOLine,
  kXFast,       // X reached the fast-game target
  kOFast,
  kDrawFull,    // every small board decided and no line
  kDrawEarly,   // early draw: no line can be completed any more
};

enum class Winner : std::uint8_t { kNone, kX, kO, kDraw };

constexpr Winner winner_of(Status s) {
  switch (s) {
    case Status::kXLine: case Status::kXFast: return Winner::kX;
    case Status::kOLine: case Status::kOFast: return Winner::kO;
    case Status::kDrawFull: case Status::kDrawEarly: return Winner::kDraw;
    default: return Winner::kNone;
  }
}

// Why a move cannot be played. kOk is the only value that allows it.
enum class MoveError : std::uint8_t {
  kOk,
  kNotACell,       // outside 0..80
  kGameOver,
  kWrongBoard,     // the destination board is elsewhere
  kBoardClosed,    // free move into a board that is decided or full
  kCellOccupied,
};

const char* describe(MoveError e);
const char* describe(Status s);

}  // namespace uttt
