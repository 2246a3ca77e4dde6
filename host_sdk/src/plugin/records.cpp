#include "records.h"

#include <google/protobuf/util/message_differencer.h>

#include <cstring>
#include <string>
#include <vector>

namespace boardgame::plugin::detail {

namespace {

Rejected bad_state(const std::string& why) {
  return Rejected(Code::kInvalidArgument, "bad_state", "invalid game state: " + why);
}

// The first difference between the state a client sent and the one its
// record gives, for the error message. Runs only when they differ.
std::string first_difference(const v1::GameState& rebuilt, const v1::GameState& received) {
  std::string report;
  google::protobuf::util::MessageDifferencer differ;
  differ.ReportDifferencesToString(&report);
  if (differ.Compare(rebuilt, received)) return "unknown fields";
  report = report.substr(0, report.find('\n'));
  constexpr std::size_t kMax = 160;
  return report.size() > kMax ? report.substr(0, kMax) + "..." : report;
}

}  // namespace

void resign(Match& match, const v1::GameInfo& schema, std::uint32_t seat) {
  for (int side = 0; side < schema.sides_size(); ++side)
    if (match.seat_of_side(side) == seat) return match.resign(side);
  throw std::logic_error("no side is played by seat " + std::to_string(seat));
}

void derive(const Match& match, const v1::GameInfo& schema, v1::GameState& state) {
  const int sides = schema.sides_size();
  state.clear_side_seats();
  for (int side = 0; side < sides; ++side) {
    const std::uint32_t seat = match.seat_of_side(side);
    if (seat < 1 || seat > std::uint32_t(sides))
      throw std::logic_error("the game gives side " + std::to_string(side) + " to seat " +
                             std::to_string(seat));
    state.add_side_seats(seat);
  }

  // A draw the seats agreed to ends the game wherever it stood: the SDK's,
  // not the game's, so that every game has it.
  const bool agreed = state.agreed_draw();
  const int to_move = agreed ? -1 : match.side_to_move();
  state.set_seat_to_move(to_move < 0 ? 0 : state.side_seats(to_move));
  state.clear_view();
  match.draw(*state.mutable_view());

  state.clear_outcome();
  if (to_move >= 0) return;
  Ending end;
  if (agreed) {
    end.reason = v1::Outcome::AGREED_DRAW;
    end.winner = -1;
    end.summary.set_key("outcome.agreed_draw");
    v1::BoardView& view = *state.mutable_view();
    view.clear_playable_cells();
    view.clear_side_to_move();
    *view.mutable_status() = end.summary;
  } else {
    end = match.ending();
  }
  v1::Outcome& outcome = *state.mutable_outcome();
  outcome.set_reason(end.reason);
  *outcome.mutable_summary() = end.summary;
  for (int seat = 1; seat <= sides; ++seat) {
    int side = 0;
    while (state.side_seats(side) != std::uint32_t(seat)) ++side;
    v1::SeatResult* r = outcome.add_results();
    r->set_seat(std::uint32_t(seat));
    r->set_side(schema.sides(side));
    const auto result = end.winner < 0      ? v1::SeatResult::DRAW
                        : end.winner == side ? v1::SeatResult::WIN
                                             : v1::SeatResult::LOSS;
    r->set_result(result);
    r->set_score(result == v1::SeatResult::WIN ? 1.0 : result == v1::SeatResult::DRAW ? 0.5 : 0.0);
  }
}

namespace {

// Writes the record of a new game into `state` and returns its match; the
// derived fields are left as they were.
std::unique_ptr<Match> begin(const Served& served, const SettingList& chosen,
                             std::uint32_t game_number, v1::GameState& state) {
  state.set_game_id(served.schema.id());
  resolve_settings(served.schema, chosen, *state.mutable_settings());
  state.set_game_number(game_number);
  return served.game.start(Settings(served.schema, state.settings()), game_number);
}

// Equal states serialize to equal bytes (one serializer, no map fields), a
// far cheaper check than comparing field by field.
bool same_bytes(const v1::GameState& a, const v1::GameState& b) {
  const std::size_t size = a.ByteSizeLong();
  if (size != b.ByteSizeLong()) return false;
  constexpr std::size_t kOnStack = 2048;
  std::uint8_t stack[2][kOnStack];
  std::vector<std::uint8_t> heap;
  std::uint8_t* x = stack[0];
  std::uint8_t* y = stack[1];
  if (size > kOnStack) {
    heap.resize(2 * size);
    x = heap.data();
    y = heap.data() + size;
  }
  a.SerializeWithCachedSizesToArray(x);
  b.SerializeWithCachedSizesToArray(y);
  return std::memcmp(x, y, size) == 0;
}

}  // namespace

std::unique_ptr<Match> start(const Served& served, const SettingList& chosen,
                             std::uint32_t game_number, v1::GameState& state) {
  std::unique_ptr<Match> match = begin(served, chosen, game_number, state);
  derive(*match, served.schema, state);
  return match;
}

std::unique_ptr<Match> rebuild(const Served& served, const v1::GameState& received,
                               v1::GameState& state) {
  if (received.game_id() != served.schema.id())
    throw bad_state("it belongs to game '" + received.game_id() + "', not '" +
                    served.schema.id() + "'");
  if (received.game_number() < 1) throw bad_state("game_number must be 1 or more");
  std::unique_ptr<Match> match;
  try {
    match = begin(served, received.settings(), received.game_number(), state);
  } catch (const Rejected& e) {
    throw bad_state(e.what());
  }
  for (int i = 0; i < received.moves_size(); ++i) {
    auto which = [&] {
      return "move " + std::to_string(i + 1) + " (id " + std::to_string(received.moves(i)) + ")";
    };
    if (match->side_to_move() < 0) throw bad_state(which() + " comes after the end of the game");
    try {
      match->play(received.moves(i));
    } catch (const Rejected& e) {
      throw bad_state(which() + " is not legal: " + e.what());
    }
  }
  if (const std::uint32_t seat = received.resigned_seat()) {
    if (seat > std::uint32_t(served.schema.sides_size()))
      throw bad_state("resigned_seat " + std::to_string(seat) + " does not exist");
    if (match->side_to_move() < 0) throw bad_state("a seat resigned after the end of the game");
    resign(*match, served.schema, seat);
  }
  if (received.agreed_draw()) {
    if (received.resigned_seat()) throw bad_state("a game cannot be both resigned and drawn");
    if (match->side_to_move() < 0) throw bad_state("a draw was agreed after the end of the game");
  }
  *state.mutable_moves() = received.moves();
  state.set_resigned_seat(received.resigned_seat());
  state.set_agreed_draw(received.agreed_draw());
  derive(*match, served.schema, state);

  if (!same_bytes(state, received))
    throw bad_state("it does not match its own record: " + first_difference(state, received));
  return match;
}

}  // namespace boardgame::plugin::detail
