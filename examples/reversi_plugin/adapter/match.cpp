#include "match.h"

#include <stdexcept>
#include <string>

#include "engine/notation.h"

namespace reversi::adapter {

namespace v1 = boardgame::v1;
using boardgame::plugin::Code;
using boardgame::plugin::Rejected;

namespace {

Rejected not_a_move(std::uint32_t move_id) {
  return Rejected(Code::kInvalidArgument, "not_a_cell",
                  "move id " + std::to_string(move_id) +
                      " names no move: 0 to 63 are squares, 64 is a pass",
                  {{"move", std::to_string(move_id)}});
}

Rejected illegal(MoveError e, int move) {
  const std::string name = move_name(move);
  const std::string why = "move " + name + ": " + describe(e);
  switch (e) {
    case MoveError::kOccupied:
      return Rejected(Code::kFailedPrecondition, "cell_occupied", why, {{"cell", name}});
    case MoveError::kNoFlip:
      return Rejected(Code::kFailedPrecondition, "no_flip", why, {{"cell", name}});
    case MoveError::kMustPass:
      return Rejected(Code::kFailedPrecondition, "must_pass", why);
    case MoveError::kCannotPass:
      return Rejected(Code::kFailedPrecondition, "cannot_pass", why);
    case MoveError::kGameOver:
      return Rejected(Code::kFailedPrecondition, "game_over", why);
    case MoveError::kNotASquare:
    case MoveError::kOk:
      break;
  }
  return not_a_move(std::uint32_t(move));
}

void describe_move(int move, bool ends_game, v1::Move& out) {
  out.set_id(std::uint32_t(move));
  out.set_notation(move_name(move));
  if (move != kPass) out.add_cells(std::uint32_t(move));
  if (ends_game)
    out.set_ends_game(true);
  else
    out.set_free_move(true);
}

Level level_of(boardgame::plugin::Level level) {
  switch (level) {
    case v1::SuggestMoveRequest::NOVATO: return Level::kNovato;
    case v1::SuggestMoveRequest::NORMAL: return Level::kNormal;
    default: return Level::kExperto;
  }
}

}  // namespace

void Match::play(std::uint32_t move_id) {
  if (move_id > std::uint32_t(kPass)) throw not_a_move(move_id);
  const int move = int(move_id);
  if (move == kPass) {
    if (const MoveError e = position_.check_pass(); e != MoveError::kOk) throw illegal(e, move);
    position_.pass();
    last_flipped_ = 0;
  } else {
    if (const MoveError e = position_.check(move); e != MoveError::kOk) throw illegal(e, move);
    last_flipped_ = position_.play(move);
  }
  last_ = move;
  ++plies_;
}

void Match::legal_moves(google::protobuf::RepeatedPtrField<v1::Move>& out) const {
  const Bits moves = position_.legal_moves();
  if (moves == 0) {
    describe_move(kPass, false, *out.Add());  // a pass never ends the game
    return;
  }
  for (Bits m = moves; m; m &= m - 1) {
    const int square = lowest_square(m);
    Position after = position_;
    after.play(square);
    describe_move(square, after.is_over(), *out.Add());
  }
}

v1::Move Match::last_move() const {
  if (last_ < 0) throw std::logic_error("no move has been played");
  v1::Move out;
  describe_move(last_, position_.is_over(), out);
  return out;
}

boardgame::plugin::Ending Match::ending() const {
  boardgame::plugin::Ending end;
  if (resignation(end, "outcome.black_resigns", "outcome.white_resigns")) return end;
  if (!position_.is_over()) throw std::logic_error("the game is not over");
  const int black = count(position_.discs(Side::kBlack));
  const int white = count(position_.discs(Side::kWhite));
  // boardgame.v1 has no reason for a count of discs yet: BOARD_FULL is the
  // nearest, "nothing left to play", and the summary says the score.
  end.reason = v1::Outcome::BOARD_FULL;
  end.winner = black > white ? 0 : white > black ? 1 : -1;
  end.summary.set_key(black > white   ? "outcome.black_wins"
                      : white > black ? "outcome.white_wins"
                                      : "outcome.draw_count");
  for (const auto& [name, value] : {std::pair{"black", black}, std::pair{"white", white}}) {
    v1::Arg* arg = end.summary.add_args();
    arg->set_name(name);
    arg->set_value(std::to_string(value));
  }
  return end;
}

boardgame::plugin::Suggestion Match::suggest(const boardgame::plugin::SearchBudget& budget) const {
  Budget b;
  b.level = level_of(budget.level);
  b.milliseconds = budget.milliseconds;
  b.nodes = budget.iterations;
  b.seed = budget.seed;
  b.stop = budget.stop;
  const Choice c = choose_move(position_, b);
  return {std::uint32_t(c.move), c.nodes, c.expected_score};
}

}  // namespace reversi::adapter
