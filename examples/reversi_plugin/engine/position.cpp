#include "position.h"

namespace reversi {

namespace {

Bits moves_of(Bits own, Bits opp) {
  const Bits empty = ~(own | opp);
  Bits result = 0;
  for (int dir : kSteps) {
    // At most six opposing discs fit between a placed disc and its anchor.
    Bits run = step(own, dir) & opp;
    for (int i = 0; i < 5; ++i) run |= step(run, dir) & opp;
    result |= step(run, dir) & empty;
  }
  return result;
}

}  // namespace

std::string describe(MoveError e) {
  switch (e) {
    case MoveError::kOk: return "legal";
    case MoveError::kNotASquare: return "there is no such square";
    case MoveError::kOccupied: return "the square already holds a disc";
    case MoveError::kNoFlip: return "a disc there would flip no opposing disc";
    case MoveError::kMustPass: return "no disc can be placed: the only move is to pass";
    case MoveError::kCannotPass: return "a disc can be placed, so passing is not allowed";
    case MoveError::kGameOver: return "the game is over";
  }
  return "unknown";
}

Position Position::start() {
  return from(bit(3 * 8 + 4) | bit(4 * 8 + 3), bit(3 * 8 + 3) | bit(4 * 8 + 4), Side::kBlack);
}

Position Position::from(Bits black, Bits white, Side to_move) {
  Position p;
  p.black_ = black;
  p.white_ = white;
  p.to_move_ = to_move;
  return p;
}

Bits Position::legal_moves() const { return moves_of(own(), opponent()); }

bool Position::is_over() const {
  return moves_of(own(), opponent()) == 0 && moves_of(opponent(), own()) == 0;
}

Bits Position::flips(int square) const {
  const Bits own_discs = own(), opp = opponent();
  Bits flipped = 0;
  for (int dir : kSteps) {
    Bits line = 0;
    Bits at = step(bit(square), dir);
    while (at & opp) {
      line |= at;
      at = step(at, dir);
    }
    if (at & own_discs) flipped |= line;
  }
  return flipped;
}

Bits Position::play(int square) {
  const Bits flipped = flips(square);
  const Bits gained = flipped | bit(square);
  if (to_move_ == Side::kBlack) {
    black_ |= gained;
    white_ &= ~flipped;
  } else {
    white_ |= gained;
    black_ &= ~flipped;
  }
  to_move_ = other(to_move_);
  return flipped;
}

MoveError Position::check(int square) const {
  if (square < 0 || square >= kSquares) return MoveError::kNotASquare;
  if (is_over()) return MoveError::kGameOver;
  if (!(empty() & bit(square))) return MoveError::kOccupied;
  if (legal_moves() == 0) return MoveError::kMustPass;
  if (flips(square) == 0) return MoveError::kNoFlip;
  return MoveError::kOk;
}

MoveError Position::check_pass() const {
  if (is_over()) return MoveError::kGameOver;
  return legal_moves() ? MoveError::kCannotPass : MoveError::kOk;
}

}  // namespace reversi
