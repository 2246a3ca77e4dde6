#include "load_client.h"

#include <fmt/format.h>

#include <algorithm>
#include <limits>

#include "boardgame/host/error_status.h"
#include "boardgame/host/game_service.h"
#include "boardgame/host/status_names.h"
#include "boardgame/v1/error_detail.pb.h"

namespace host_tools {

namespace v1 = boardgame::v1;
using Stub = v1::GameService::Stub;
using boardgame::host::status_name;

namespace {

// A host on the same machine answers in milliseconds; a call this slow
// means it is stuck, which the test reports as DEADLINE_EXCEEDED.
constexpr auto kCallDeadline = std::chrono::seconds(10);
constexpr std::size_t kSurprisesKept = 20;  // kinds of surprise
// Tags the clients ask rules and names in: exact, regional, absent.
constexpr std::string_view kLocales[] = {"", "en", "es", "pt-PT", "de-AT", "es-MX", "fr"};

}  // namespace

const char* name_of(Method method) {
  static constexpr const char* kNames[kMethods] = {"ListGames", "DescribeGame", "GetRules",
                                                   "Setup",     "ListMoves",    "ApplyMove",
                                                   "Resign",    "GetOutcome",   "SuggestMove"};
  return kNames[std::size_t(method)];
}

long Tally::unexpected() const {
  long n = wrong_answers;
  for (const auto& [code, counts] : statuses) n += counts[1];
  return n;
}

void Tally::merge(const Tally& other) {
  for (std::size_t m = 0; m < kMethods; ++m) times[m].merge(other.times[m]);
  for (const auto& [code, counts] : other.statuses) {
    statuses[code][0] += counts[0];
    statuses[code][1] += counts[1];
  }
  wrong_answers += other.wrong_answers;
  for (const auto& [code, n] : other.deliberate) deliberate[code] += n;
  games_finished += other.games_finished;
  games_cut += other.games_cut;
  for (const auto& [what, n] : other.surprises)
    if (surprises.size() < kSurprisesKept || surprises.count(what)) surprises[what] += n;
}

// What a call must return: OK, or an error code with the ErrorDetail
// reason docs/errors.md gives. An empty reason accepts the game's own
// reason, which must still be there.
struct LoadClient::Expect {
  grpc::StatusCode code = grpc::OK;
  std::string_view reason;
};

LoadClient::LoadClient(std::shared_ptr<grpc::Channel> channel, const LoadPlan& plan,
                       std::uint64_t seed)
    : stub_(v1::GameService::NewStub(std::move(channel))), plan_(plan), rng_(seed) {}

template <class Request, class Response>
bool LoadClient::call(Method method, Rpc<Request, Response> rpc, const Request& request,
                      Response* response, const Expect& expect) {
  grpc::ClientContext context;
  context.set_deadline(std::chrono::system_clock::now() + kCallDeadline);
  const auto began = Clock::now();
  const grpc::Status status = (stub_.get()->*rpc)(&context, request, response);
  tally_.times[std::size_t(method)].add(began, Clock::now());

  const v1::ErrorDetail detail = boardgame::host::error_detail_of(context);
  const bool as_expected =
      status.error_code() == expect.code &&
      (status.ok() ||
       (expect.reason.empty() ? !detail.reason().empty() : detail.reason() == expect.reason));
  tally_.statuses[status.error_code()][as_expected ? 0 : 1] += 1;
  if (expect.code != grpc::OK) tally_.deliberate[expect.code] += 1;
  if (!as_expected)
    surprise(fmt::format("{}: expected {}{}, got {}{}{}", name_of(method), status_name(expect.code),
                         expect.reason.empty() ? "" : " " + std::string(expect.reason),
                         status_name(status.error_code()),
                         detail.reason().empty() ? "" : " " + detail.reason(),
                         status.ok() ? "" : ": " + status.error_message()));
  return as_expected && status.ok();
}

void LoadClient::surprise(const std::string& what) {
  if (tally_.surprises.size() < kSurprisesKept || tally_.surprises.count(what))
    tally_.surprises[what] += 1;
}

void LoadClient::wrong_answer(Method method, const std::string& what) {
  tally_.wrong_answers += 1;
  surprise(fmt::format("{}: wrong answer: {}", name_of(method), what));
}

bool LoadClient::time_left() const { return !plan_.host_gone && Clock::now() < plan_.end; }

void LoadClient::run() {
  while (time_left() && plan_.games_left->fetch_sub(1) > 0) {
    const std::string& game = plan_.games[rng_() % plan_.games.size()];
    if (play(game))
      tally_.games_finished += 1;
    else
      tally_.games_cut += 1;
  }
}

void LoadClient::read_about(const std::string& game) {
  const std::string_view locale = kLocales[rng_() % std::size(kLocales)];
  v1::DescribeGameRequest describe;
  describe.set_game_id(game);
  describe.set_locale(std::string(locale));
  v1::DescribeGameResponse described;
  if (call(Method::kDescribeGame, &Stub::DescribeGame, describe, &described, {}) &&
      described.game().id() != game)
    wrong_answer(Method::kDescribeGame, "describes '" + described.game().id() + "'");
  v1::GetRulesRequest rules;
  rules.set_game_id(game);
  rules.set_locale(std::string(locale));
  v1::GetRulesResponse got;
  if (call(Method::kGetRules, &Stub::GetRules, rules, &got, {}) && got.document().game_id() != game)
    wrong_answer(Method::kGetRules, "the rules of '" + got.document().game_id() + "'");
}

bool LoadClient::play(const std::string& game) {
  if (rng_() % 8 == 0) read_about(game);

  v1::SetupRequest setup;
  setup.set_game_id(game);
  setup.set_game_number(std::uint32_t(1 + rng_() % 2));
  v1::SetupResponse started;
  if (!call(Method::kSetup, &Stub::Setup, setup, &started, {})) return false;
  v1::GameState state = std::move(*started.mutable_state());
  std::set<std::uint32_t>& seen = seen_ids_[game];

  while (state.seat_to_move()) {
    if (!time_left()) return false;
    v1::ListMovesRequest list;
    *list.mutable_state() = state;
    v1::ListMovesResponse listed;
    if (!call(Method::kListMoves, &Stub::ListMoves, list, &listed, {})) return false;
    if (listed.moves().empty()) {
      wrong_answer(Method::kListMoves, "no legal move in a game that is not over");
      return false;
    }
    std::vector<std::uint32_t> legal;
    for (const v1::Move& m : listed.moves()) legal.push_back(m.id());
    std::sort(legal.begin(), legal.end());
    seen.insert(legal.begin(), legal.end());

    const int roll = int(rng_() % 100);
    if (roll < plan_.bad_move_percent) try_bad_move(state, legal);

    if (rng_() % 200 == 0) {
      // A seat gives up, whoever's turn it is.
      v1::ResignRequest resign;
      *resign.mutable_state() = state;
      resign.set_seat(state.side_seats(int(rng_() % std::uint64_t(state.side_seats_size()))));
      v1::ResignResponse resigned;
      if (!call(Method::kResign, &Stub::Resign, resign, &resigned, {})) return false;
      if (resigned.state().seat_to_move() != 0) {
        wrong_answer(Method::kResign, "the game goes on after a resignation");
        return false;
      }
      state = std::move(*resigned.mutable_state());
      break;
    }

    std::uint32_t move = legal[rng_() % legal.size()];
    if (roll >= 100 - plan_.suggest_percent) {
      // The CPU picks, on a budget too small to matter for the load.
      v1::SuggestMoveRequest suggest;
      *suggest.mutable_state() = state;
      suggest.set_level(v1::SuggestMoveRequest::Level(1 + rng_() % 3));
      suggest.set_time_budget_ms(1);
      suggest.set_iteration_budget(1 + rng_() % 64);
      suggest.set_seed(rng_());
      v1::SuggestMoveResponse suggested;
      if (!call(Method::kSuggestMove, &Stub::SuggestMove, suggest, &suggested, {})) return false;
      move = suggested.move().id();
      if (std::find(legal.begin(), legal.end(), move) == legal.end()) {
        wrong_answer(Method::kSuggestMove, fmt::format("suggests move {}, not a legal one", move));
        return false;
      }
    }
    v1::ApplyMoveRequest apply;
    *apply.mutable_state() = state;
    apply.set_seat(state.seat_to_move());
    apply.set_move_id(move);
    v1::ApplyMoveResponse applied;
    if (!call(Method::kApplyMove, &Stub::ApplyMove, apply, &applied, {})) return false;
    const v1::GameState& next = applied.state();
    if (next.moves_size() != state.moves_size() + 1 || next.moves(next.moves_size() - 1) != move ||
        applied.move().id() != move) {
      wrong_answer(Method::kApplyMove, fmt::format("move {} is not the one recorded", move));
      return false;
    }
    state = std::move(*applied.mutable_state());
  }

  v1::GetOutcomeRequest outcome;
  *outcome.mutable_state() = state;
  v1::GetOutcomeResponse got;
  if (!call(Method::kGetOutcome, &Stub::GetOutcome, outcome, &got, {})) return false;
  if (!got.over() || got.outcome().results_size() != state.side_seats_size()) {
    wrong_answer(Method::kGetOutcome, "a finished game is not over, or lacks results");
    return false;
  }
  try_after_end(state);
  return true;
}

// `legal` is sorted.
void LoadClient::try_bad_move(const v1::GameState& state, const std::vector<std::uint32_t>& legal) {
  std::vector<std::uint32_t> refused;  // ids of this game that are not legal now
  std::set_difference(seen_ids_[state.game_id()].begin(), seen_ids_[state.game_id()].end(),
                      legal.begin(), legal.end(), std::back_inserter(refused));
  v1::ApplyMoveRequest apply;
  *apply.mutable_state() = state;
  apply.set_seat(state.seat_to_move());
  Expect expect{grpc::FAILED_PRECONDITION, {}};
  switch (rng_() % 4) {
    case 0:
    case 1:
      if (!refused.empty()) {
        // A move of the game the position does not allow: the game's own
        // reason (cell_occupied, wrong_board, board_closed).
        apply.set_move_id(refused[rng_() % refused.size()]);
        break;
      }
      [[fallthrough]];
    case 2:
      // A legal move, by a seat whose turn it is not.
      for (std::uint32_t seat : state.side_seats())
        if (seat != state.seat_to_move()) apply.set_seat(seat);
      apply.set_move_id(legal[rng_() % legal.size()]);
      expect.reason = "not_your_turn";
      break;
    default:
      // An id that names no move at all is a malformed request, not an
      // illegal move (docs/errors.md: not_a_cell).
      apply.set_move_id(std::numeric_limits<std::uint32_t>::max() - std::uint32_t(rng_() % 1000));
      expect = {grpc::INVALID_ARGUMENT, {}};
      break;
  }
  v1::ApplyMoveResponse ignored;
  call(Method::kApplyMove, &Stub::ApplyMove, apply, &ignored, expect);
}

void LoadClient::try_after_end(const v1::GameState& state) {
  const Expect game_over{grpc::FAILED_PRECONDITION, "game_over"};
  const std::set<std::uint32_t>& seen = seen_ids_[state.game_id()];
  v1::ApplyMoveRequest apply;
  *apply.mutable_state() = state;
  apply.set_seat(state.side_seats(int(rng_() % std::uint64_t(state.side_seats_size()))));
  apply.set_move_id(seen.empty() ? 0
                                 : *std::next(seen.begin(), std::ptrdiff_t(rng_() % seen.size())));
  v1::ApplyMoveResponse applied;
  call(Method::kApplyMove, &Stub::ApplyMove, apply, &applied, game_over);
  if (rng_() % 4 == 0) {
    v1::ResignRequest resign;
    *resign.mutable_state() = state;
    resign.set_seat(apply.seat());
    v1::ResignResponse resigned;
    call(Method::kResign, &Stub::Resign, resign, &resigned, game_over);
  }
  if (rng_() % 16 == 0) {
    v1::SuggestMoveRequest suggest;
    *suggest.mutable_state() = state;
    suggest.set_level(v1::SuggestMoveRequest::NOVATO);
    suggest.set_time_budget_ms(1);
    v1::SuggestMoveResponse suggested;
    call(Method::kSuggestMove, &Stub::SuggestMove, suggest, &suggested, game_over);
  }
}

}  // namespace host_tools
