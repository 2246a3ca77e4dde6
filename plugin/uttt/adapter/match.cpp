#include "match.h"

#include <stdexcept>
#include <string>

#include "uttt/engine/notation.h"
#include "uttt/search/search.h"

namespace uttt::adapter {

namespace v1 = boardgame::v1;
using boardgame::plugin::Code;
using boardgame::plugin::Rejected;

namespace {

std::string number_1_to_9(int i) { return std::to_string(i + 1); }

Rejected illegal(MoveError e, Move m, const Position& pos) {
  const std::string why = "move " + move_to_string(m) + ": " + describe(e);
  switch (e) {
    case MoveError::kWrongBoard:
      return Rejected(Code::kFailedPrecondition, "wrong_board",
                      why + " (board " + number_1_to_9(pos.destination()) + ")",
                      {{"destination", number_1_to_9(pos.destination())}});
    case MoveError::kBoardClosed:
      return Rejected(Code::kFailedPrecondition, "board_closed", why,
                      {{"board", number_1_to_9(board_of(m))}});
    case MoveError::kCellOccupied:
      return Rejected(Code::kFailedPrecondition, "cell_occupied", why,
                      {{"board", number_1_to_9(board_of(m))}, {"cell", number_1_to_9(cell_of(m))}});
    case MoveError::kGameOver:
      return Rejected(Code::kFailedPrecondition, "game_over", why);
    case MoveError::kNotACell:
    case MoveError::kOk:
      break;
  }
  return Rejected(Code::kInvalidArgument, "not_a_cell", why);
}

// A move as ListMoves shows it: what it marks and where it sends the
// opponent, found by playing it on a copy.
void describe_move(const Position& before, Move m, v1::Move& out) {
  out.set_id(m);
  out.set_notation(move_to_string(m));
  out.add_cells(grid_index(m));
  Position after = before;
  after.play(m);
  if (after.is_over())
    out.set_ends_game(true);
  else if (after.is_free_move())
    out.set_free_move(true);
  else
    out.set_destination_region(std::uint32_t(after.destination()));
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
  if (move_id >= std::uint32_t(kCells))
    throw Rejected(Code::kInvalidArgument, "not_a_cell",
                   "move id " + std::to_string(move_id) + " names no cell: ids are 0 to " +
                       std::to_string(kCells - 1),
                   {{"move", std::to_string(move_id)}});
  const Move m = Move(move_id);
  const Position before = position_;
  if (const MoveError e = position_.try_play(m); e != MoveError::kOk)
    throw illegal(e, m, position_);
  before_last_ = before;
  last_ = m;
}

void Match::legal_moves(google::protobuf::RepeatedPtrField<v1::Move>& out) const {
  MoveList list;
  position_.legal_moves(list);
  out.Reserve(list.size);
  for (Move m : list) describe_move(position_, m, *out.Add());
}

v1::Move Match::last_move() const {
  if (last_ == kCells) throw std::logic_error("no move has been played");
  v1::Move out;
  describe_move(before_last_, last_, out);
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
    case Status::kXLine: say(v1::Outcome::LINE, 0, "outcome.x_wins_line"); break;
    case Status::kOLine: say(v1::Outcome::LINE, 1, "outcome.o_wins_line"); break;
    case Status::kXFast: say(v1::Outcome::FAST_GAME, 0, "outcome.x_wins_fast"); break;
    case Status::kOFast: say(v1::Outcome::FAST_GAME, 1, "outcome.o_wins_fast"); break;
    case Status::kDrawFull: say(v1::Outcome::BOARD_FULL, -1, "outcome.draw_full"); break;
    case Status::kDrawEarly: say(v1::Outcome::EARLY_DRAW, -1, "outcome.draw_early"); break;
    case Status::kOngoing: throw std::logic_error("the game is not over");
  }
  if (end.reason == v1::Outcome::FAST_GAME) {
    v1::Arg& count = *end.summary.add_args();
    count.set_name("count");
    count.set_value(std::to_string(position_.rules().fast_target));
  }
  return end;
}

boardgame::plugin::Suggestion Match::suggest(const boardgame::plugin::SearchBudget& budget) const {
  SearchLimits limits;
  limits.max_iterations = budget.iterations;
  limits.max_milliseconds = budget.milliseconds;
  limits.seed = budget.seed;
  limits.stop = budget.stop;
  const SearchResult r = choose_move(position_, level_of(budget.level), limits);
  return {r.move, r.iterations, r.expected_score};
}

}  // namespace uttt::adapter
