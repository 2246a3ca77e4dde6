#include "match.h"

#include <stdexcept>
#include <string>

#include "tictactoe/engine/players.h"

namespace ttt::adapter {

namespace v1 = boardgame::v1;
using boardgame::plugin::Code;
using boardgame::plugin::Rejected;

namespace {

std::string cell_number(int square) { return std::to_string(square + 1); }

Rejected not_a_cell(std::uint32_t move_id) {
  return Rejected(Code::kInvalidArgument, "not_a_cell",
                  "move id " + std::to_string(move_id) + " names no cell: ids are 0 to " +
                      std::to_string(kSquares - 1),
                  {{"move", std::to_string(move_id)}});
}

Rejected illegal(MoveError e, int square) {
  const std::string why = "move " + cell_number(square) + ": " + describe(e);
  switch (e) {
    case MoveError::kSquareOccupied:
      return Rejected(Code::kFailedPrecondition, "cell_occupied", why,
                      {{"cell", cell_number(square)}});
    case MoveError::kGameOver:
      return Rejected(Code::kFailedPrecondition, "game_over", why);
    case MoveError::kNotASquare:
    case MoveError::kOk:
      break;
  }
  return not_a_cell(std::uint32_t(square));
}

// A move as ListMoves shows it: the cell it marks, and whether it ends the
// game or leaves the opponent a free choice.
void describe_move(int square, bool ends_game, v1::Move& out) {
  out.set_id(std::uint32_t(square));
  out.set_notation(cell_number(square));
  out.add_cells(std::uint32_t(square));
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
  if (move_id >= std::uint32_t(kSquares)) throw not_a_cell(move_id);
  const int square = int(move_id);
  if (const MoveError e = position_.try_play(square); e != MoveError::kOk)
    throw illegal(e, square);
  last_ = square;
}

void Match::legal_moves(google::protobuf::RepeatedPtrField<v1::Move>& out) const {
  for (Mask9 m = position_.legal_moves(); m; m &= Mask9(m - 1)) {
    const int square = __builtin_ctz(m);
    Position after = position_;
    after.play(square);
    describe_move(square, after.is_over(), *out.Add());
  }
}

// The last move is the latest mark, so the game is over by that move
// exactly when the position is (a resignation ends it without a move).
v1::Move Match::last_move() const {
  if (last_ < 0) throw std::logic_error("no move has been played");
  v1::Move out;
  describe_move(last_, position_.is_over(), out);
  return out;
}

boardgame::plugin::Ending Match::ending() const {
  boardgame::plugin::Ending end;
  if (resignation(end, "outcome.x_resigns", "outcome.o_resigns")) return end;
  auto say = [&](v1::Outcome::Reason reason, int winner, const char* key) {
    end.reason = reason;
    end.winner = winner;
    end.summary.set_key(key);
  };
  switch (position_.status()) {
    case Status::kXWins: say(v1::Outcome::LINE, 0, "outcome.x_wins_line"); break;
    case Status::kOWins: say(v1::Outcome::LINE, 1, "outcome.o_wins_line"); break;
    case Status::kDraw: say(v1::Outcome::BOARD_FULL, -1, "outcome.draw_full"); break;
    case Status::kOngoing: throw std::logic_error("the game is not over");
  }
  return end;
}

// The players answer from the solved game at once, so the time and
// iteration budgets never bind; the seed alone makes the choice repeatable.
// The expected score is the chosen move's value with perfect play after it.
boardgame::plugin::Suggestion Match::suggest(const boardgame::plugin::SearchBudget& budget) const {
  const int square = choose_move(position_, level_of(budget.level), budget.seed);
  Position after = position_;
  after.play(square);
  const int value = -solve(after);  // for the side that moves now
  return {std::uint32_t(square), 1, (value + 1) / 2.0};
}

}  // namespace ttt::adapter
