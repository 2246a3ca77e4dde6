// The exported calls: each parses its request, serves it through the game,
// and writes its response. Everything generic about a turn-based game is
// here, so a game only maps its engine.
#include <algorithm>
#include <chrono>
#include <climits>
#include <random>
#include <string>

#include "boardgame/plugin/export.h"
#include "records.h"
#include "stop_watch.h"

namespace boardgame::plugin::detail {

namespace {

using google::protobuf::Arena;

template <class Request>
const Request& parse(Arena& arena, const std::uint8_t* data, std::size_t size) {
  auto* request = Arena::CreateMessage<Request>(&arena);
  if (size > std::size_t(INT_MAX) || !request->ParseFromArray(data, int(size)))
    throw Rejected(Code::kInvalidArgument, "malformed_request",
                   "the request is not a valid " + request->GetTypeName());
  return *request;
}

bool write(const google::protobuf::MessageLite& message, BoardgameOutput* out) {
  const std::size_t size = message.ByteSizeLong();
  std::uint8_t* room = out->reserve(out->host, size);
  if (!room) return false;
  message.SerializeWithCachedSizesToArray(room);
  return true;
}

void check_seat(const v1::GameState& state, std::uint32_t seat) {
  if (seat < 1 || seat > std::uint32_t(state.side_seats_size()))
    throw Rejected(Code::kInvalidArgument, "bad_seat",
                   "seat " + std::to_string(seat) + " does not exist: seats are 1 to " +
                       std::to_string(state.side_seats_size()),
                   {{"seat", std::to_string(seat)}});
}

void check_not_over(const v1::GameState& state) {
  if (state.seat_to_move() == 0)
    throw Rejected(Code::kFailedPrecondition, "game_over", "the game is over");
}

// A request routed to the wrong plugin; the host's routing never does it.
void check_game(const Served& served, const std::string& game_id) {
  if (game_id != served.schema.id())
    throw Rejected(Code::kNotFound, "unknown_game",
                   "this plugin serves game '" + served.schema.id() + "', not '" + game_id + "'",
                   {{"game", game_id}});
}

// Each call builds its response in `arena`, where its request lives too.
template <class Response>
Response& make(Arena& arena) {
  return *Arena::CreateMessage<Response>(&arena);
}

v1::DescribeGameResponse& describe_game(Arena& arena, const Served& served,
                                        const v1::DescribeGameRequest& request) {
  check_game(served, request.game_id());
  const Texts texts = texts_for(served, request.locale());
  auto& response = make<v1::DescribeGameResponse>(arena);
  v1::GameInfo& info = *response.mutable_game();
  info = served.game.info(texts);
  info.set_id(served.schema.id());
  info.set_locale(texts.locale());
  return response;
}

v1::GetRulesResponse& get_rules(Arena& arena, const Served& served,
                                const v1::GetRulesRequest& request) {
  check_game(served, request.game_id());
  const Texts texts = texts_for(served, request.locale());
  auto& response = make<v1::GetRulesResponse>(arena);
  response.set_locale(texts.locale());
  *response.mutable_document() = texts.document();
  return response;
}

v1::SetupResponse& setup(Arena& arena, const Served& served, const v1::SetupRequest& request) {
  check_game(served, request.game_id());
  auto& response = make<v1::SetupResponse>(arena);
  const std::uint32_t number = request.game_number() ? request.game_number() : 1;
  start(served, request.settings(), number, *response.mutable_state());
  return response;
}

v1::ListMovesResponse& list_moves(Arena& arena, const Served& served,
                                  const v1::ListMovesRequest& request) {
  auto& response = make<v1::ListMovesResponse>(arena);
  auto& state = make<v1::GameState>(arena);
  const auto match = rebuild(served, request.state(), state);
  if (state.seat_to_move()) match->legal_moves(*response.mutable_moves());
  return response;
}

v1::ApplyMoveResponse& apply_move(Arena& arena, const Served& served,
                                  const v1::ApplyMoveRequest& request) {
  auto& response = make<v1::ApplyMoveResponse>(arena);
  v1::GameState& state = *response.mutable_state();
  const auto match = rebuild(served, request.state(), state);
  check_seat(state, request.seat());
  if (!request.has_move_id())
    throw Rejected(Code::kInvalidArgument, "missing_move", "move_id is required");
  check_not_over(state);
  if (request.seat() != state.seat_to_move())
    throw Rejected(Code::kFailedPrecondition, "not_your_turn",
                   "it is seat " + std::to_string(state.seat_to_move()) + "'s turn, not seat " +
                       std::to_string(request.seat()) + "'s",
                   {{"seat", std::to_string(request.seat())}});
  match->play(request.move_id());
  state.add_moves(request.move_id());
  derive(*match, served.schema, state);
  *response.mutable_move() = match->last_move();
  return response;
}

v1::ResignResponse& resign_game(Arena& arena, const Served& served,
                                const v1::ResignRequest& request) {
  auto& response = make<v1::ResignResponse>(arena);
  v1::GameState& state = *response.mutable_state();
  const auto match = rebuild(served, request.state(), state);
  check_seat(state, request.seat());
  check_not_over(state);
  resign(*match, served.schema, request.seat());
  state.set_resigned_seat(request.seat());
  derive(*match, served.schema, state);
  return response;
}

v1::AgreeDrawResponse& agree_draw(Arena& arena, const Served& served,
                                  const v1::AgreeDrawRequest& request) {
  auto& response = make<v1::AgreeDrawResponse>(arena);
  v1::GameState& state = *response.mutable_state();
  const auto match = rebuild(served, request.state(), state);
  check_not_over(state);
  state.set_agreed_draw(true);
  derive(*match, served.schema, state);
  return response;
}

v1::GetOutcomeResponse& get_outcome(Arena& arena, const Served& served,
                                    const v1::GetOutcomeRequest& request) {
  auto& response = make<v1::GetOutcomeResponse>(arena);
  auto& state = make<v1::GameState>(arena);
  rebuild(served, request.state(), state);
  response.set_over(state.has_outcome());
  if (state.has_outcome()) response.mutable_outcome()->Swap(state.mutable_outcome());
  return response;
}

// The search gets the requested time, or the game's default, cut so that
// the answer reaches the caller before its deadline: 15 ms and half of the
// rest are left for the search to wind down, its tree to be freed and the
// answer to travel, with room for a busy machine to preempt the search.
double think_ms(const Served& served, const v1::SuggestMoveRequest& request,
                const BoardgameCancel* cancel) {
  double ms = request.time_budget_ms() ? double(request.time_budget_ms())
                                       : served.game.default_think_ms(request.level());
  if (cancel && cancel->time_left_ms >= 0)
    ms = std::min(ms, std::max(1.0, (cancel->time_left_ms - 15.0) * 0.5));
  return ms;
}

v1::SuggestMoveResponse& suggest_move(Arena& arena, const Served& served,
                                      const v1::SuggestMoveRequest& request,
                                      const BoardgameCancel* cancel) {
  auto& response = make<v1::SuggestMoveResponse>(arena);
  auto& state = make<v1::GameState>(arena);
  const auto match = rebuild(served, request.state(), state);
  if (request.level() != v1::SuggestMoveRequest::NOVATO &&
      request.level() != v1::SuggestMoveRequest::NORMAL &&
      request.level() != v1::SuggestMoveRequest::EXPERTO)
    throw Rejected(Code::kInvalidArgument, "bad_level",
                   "level must be NOVATO, NORMAL or EXPERTO",
                   {{"level", std::to_string(int(request.level()))}});
  check_not_over(state);

  StopWatch watch(cancel);
  SearchBudget budget;
  budget.level = request.level();
  budget.milliseconds = think_ms(served, request, cancel);
  budget.iterations = request.iteration_budget();
  budget.seed = request.has_seed() ? request.seed() : std::random_device{}();
  budget.stop = &watch.flag();
  const auto began = std::chrono::steady_clock::now();
  const Suggestion s = match->suggest(budget);
  const std::chrono::duration<double, std::milli> took = std::chrono::steady_clock::now() - began;
  try {
    match->play(s.move_id);
  } catch (const Rejected& e) {
    throw std::logic_error("the search chose a move the game refuses, id " +
                           std::to_string(s.move_id) + ": " + e.what());
  }

  *response.mutable_move() = match->last_move();
  v1::SearchStats& stats = *response.mutable_stats();
  stats.set_iterations(s.iterations);
  stats.set_expected_score(s.expected_score);
  stats.set_elapsed_ms(took.count());
  return response;
}

std::int32_t run(const Served& served, Method method, const std::uint8_t* data,
                 std::size_t size, const BoardgameCancel* cancel, BoardgameOutput* out) {
  // Most calls fit in this first block, so they allocate almost nothing.
  alignas(8) char first_block[8192];
  google::protobuf::ArenaOptions options;
  options.initial_block = first_block;
  options.initial_block_size = sizeof first_block;
  Arena arena(options);
  auto reply = [&](const google::protobuf::MessageLite& response) {
    if (!write(response, out)) throw std::runtime_error("the host gave no room for the response");
    return std::int32_t(Code::kOk);
  };
  switch (method) {
    case Method::kDescribeGame:
      return reply(describe_game(arena, served, parse<v1::DescribeGameRequest>(arena, data, size)));
    case Method::kSetup:
      return reply(setup(arena, served, parse<v1::SetupRequest>(arena, data, size)));
    case Method::kListMoves:
      return reply(list_moves(arena, served, parse<v1::ListMovesRequest>(arena, data, size)));
    case Method::kApplyMove:
      return reply(apply_move(arena, served, parse<v1::ApplyMoveRequest>(arena, data, size)));
    case Method::kResign:
      return reply(resign_game(arena, served, parse<v1::ResignRequest>(arena, data, size)));
    case Method::kGetOutcome:
      return reply(get_outcome(arena, served, parse<v1::GetOutcomeRequest>(arena, data, size)));
    case Method::kSuggestMove:
      return reply(
          suggest_move(arena, served, parse<v1::SuggestMoveRequest>(arena, data, size), cancel));
    case Method::kGetRules:
      return reply(get_rules(arena, served, parse<v1::GetRulesRequest>(arena, data, size)));
    case Method::kAgreeDraw:
      return reply(agree_draw(arena, served, parse<v1::AgreeDrawRequest>(arena, data, size)));
  }
  throw std::logic_error("unknown method");
}

// Error replies must not throw in turn: an ErrorDetail that cannot be built
// or written still leaves the status code.
std::int32_t fail(Code code, const v1::ErrorDetail& detail, BoardgameOutput* out) noexcept {
  try {
    write(detail, out);
  } catch (...) {
  }
  return std::int32_t(code);
}

std::int32_t internal_error(const char* what, BoardgameOutput* out) noexcept {
  try {
    return fail(Code::kInternal, Rejected(Code::kInternal, "plugin_failure", what).detail(), out);
  } catch (...) {
    return std::int32_t(Code::kInternal);
  }
}

}  // namespace

std::int32_t serve(const Served& (*served)(), Method method, const std::uint8_t* request,
                   std::size_t size, const BoardgameCancel* cancel,
                   BoardgameOutput* out) noexcept {
  try {
    return run(served(), method, request, size, cancel, out);
  } catch (const Rejected& e) {
    return fail(e.code(), e.detail(), out);
  } catch (const std::exception& e) {
    return internal_error(e.what(), out);
  } catch (...) {
    return internal_error("unknown exception", out);
  }
}

}  // namespace boardgame::plugin::detail
