#include "match.h"

#include "game_text.h"

namespace game_client {

std::vector<bool> MatchPlan::humans() const {
  std::vector<bool> out;
  for (const SeatPlan& s : seats) out.push_back(s.human);
  return out;
}

std::uint32_t MatchPlan::person_seat() const {
  if (mode != Mode::kAgainstCpu) return 0;
  for (std::uint32_t s = 1; s <= seats.size(); ++s)
    if (human(s)) return s;
  return 0;
}

Failure Match::build(GameRules& rules, const MatchPlan& plan, const std::vector<std::uint32_t>& moves,
                     Match* out) {
  v1::SetupRequest request;
  request.set_game_id(plan.game_id);
  for (const v1::Setting& s : plan.settings) *request.add_settings() = s;
  request.set_game_number(plan.game_number);
  v1::SetupResponse response;
  if (Failure f = rules.setup(request, &response)) return f;

  Match match;
  match.plan_ = plan;
  match.current_ = response.state();
  match.positions_.push_back(match.current_);
  for (std::uint32_t id : moves)
    if (Failure f = match.play(rules, id)) return f;
  *out = std::move(match);
  return {};
}

std::vector<std::uint32_t> Match::movers() const {
  std::vector<std::uint32_t> out;
  for (std::size_t i = 0; i + 1 < positions_.size(); ++i) out.push_back(positions_[i].seat_to_move());
  return out;
}

Failure Match::legal_moves(GameRules& rules, std::vector<v1::Move>* out) const {
  v1::ListMovesRequest request;
  *request.mutable_state() = current_;
  v1::ListMovesResponse response;
  if (Failure f = rules.list_moves(request, &response)) return f;
  out->assign(response.moves().begin(), response.moves().end());
  return {};
}

Failure Match::play(GameRules& rules, std::uint32_t move_id) {
  v1::ApplyMoveRequest request;
  *request.mutable_state() = current_;
  request.set_seat(current_.seat_to_move());
  request.set_move_id(move_id);
  v1::ApplyMoveResponse response;
  if (Failure f = rules.apply_move(request, &response)) return f;
  current_ = response.state();
  positions_.push_back(current_);
  played_.push_back(response.move());
  return {};
}

std::string Match::game_text(const GameTextHeader& header) const {
  std::vector<std::string> notations;
  for (const v1::Move& m : played_) notations.push_back(m.notation());
  return write_game_text(current_, notations, header);
}

Failure Match::resign(GameRules& rules, std::uint32_t seat) {
  v1::ResignRequest request;
  *request.mutable_state() = current_;
  request.set_seat(seat);
  v1::ResignResponse response;
  if (Failure f = rules.resign(request, &response)) return f;
  current_ = response.state();
  return {};
}

Failure Match::take_back(GameRules& rules, std::size_t count) {
  std::vector<std::uint32_t> moves(current_.moves().begin(), current_.moves().end());
  moves.resize(moves.size() - std::min(count, moves.size()));
  Match rebuilt;
  if (Failure f = build(rules, plan_, moves, &rebuilt)) return f;
  *this = std::move(rebuilt);
  return {};
}

}  // namespace game_client
