// SuggestMove through the host: legal moves at every level, the same move
// for the same seed and iteration budget, answers within the caller's
// deadline, and a search that stops when the call is cancelled.
#include <random>
#include <thread>

#include "boardgame/host/loader.h"
#include "test_host.h"

namespace host_test {
namespace {

using Stub = v1::GameService::Stub;
using Level = v1::SuggestMoveRequest::Level;

v1::SuggestMoveRequest suggest_request(const v1::GameState& state, Level level) {
  v1::SuggestMoveRequest request;
  *request.mutable_state() = state;
  request.set_level(level);
  return request;
}

TEST(SuggestMove, EveryLevelSuggestsALegalMove) {
  TestHost host;
  std::mt19937 rng(5);
  v1::GameState state = host.setup();
  while (state.seat_to_move()) {
    const auto moves = host.moves(state);
    for (Level level : {v1::SuggestMoveRequest::NOVATO, v1::SuggestMoveRequest::NORMAL,
                        v1::SuggestMoveRequest::EXPERTO}) {
      auto request = suggest_request(state, level);
      request.set_iteration_budget(300);
      request.set_seed(rng());
      const auto reply = host.call(&Stub::SuggestMove, request);
      ASSERT_TRUE(reply.status.ok()) << reply.status.error_message();
      const v1::Move& move = reply.response.move();
      const bool legal = std::any_of(moves.begin(), moves.end(), [&](const v1::Move& m) {
        return m.SerializeAsString() == move.SerializeAsString();
      });
      EXPECT_TRUE(legal) << move.id() << " at ply " << state.moves_size();
      EXPECT_GE(reply.response.stats().expected_score(), 0.0);
      EXPECT_LE(reply.response.stats().expected_score(), 1.0);
    }
    state = host.apply(state, moves[rng() % moves.size()].id());
  }
}

TEST(SuggestMove, SameSeedAndIterationBudgetGiveTheSameMove) {
  TestHost host;
  v1::GameState state = host.setup();
  for (const char* m : {"5/5", "5/1", "1/9", "9/1"}) state = host.apply(state, m);
  auto request = suggest_request(state, v1::SuggestMoveRequest::EXPERTO);
  request.set_iteration_budget(3000);
  request.set_seed(42);
  const auto first = host.call(&Stub::SuggestMove, request);
  const auto second = host.call(&Stub::SuggestMove, request);
  ASSERT_TRUE(first.status.ok()) << first.status.error_message();
  ASSERT_TRUE(second.status.ok()) << second.status.error_message();
  EXPECT_EQ(first.response.move().id(), second.response.move().id());
  EXPECT_EQ(first.response.stats().iterations(), second.response.stats().iterations());
}

// A sanitized search spends tens of milliseconds just allocating its tree,
// so there the deadline is longer; the mechanism under test is the same.
#ifdef __SANITIZE_ADDRESS__
constexpr int kDeadlineMs = 500;
#else
constexpr int kDeadlineMs = 50;
#endif

TEST(SuggestMove, AnswersBeforeA50msDeadline) {
  TestHost host;
  // No time budget: Experto's own budget is far longer than the deadline.
  const auto reply = host.call(&Stub::SuggestMove,
                               suggest_request(host.setup(), v1::SuggestMoveRequest::EXPERTO),
                               kDeadlineMs);
  ASSERT_TRUE(reply.status.ok()) << reply.status.error_message();
  EXPECT_FALSE(reply.response.move().notation().empty());
  EXPECT_LT(reply.response.stats().elapsed_ms(), double(kDeadlineMs));
}

TEST(SuggestMove, RefusesAFinishedGame) {
  TestHost host;
  v1::ResignRequest resign;
  *resign.mutable_state() = host.setup();
  resign.set_seat(1);
  const auto resigned = host.call(&Stub::Resign, resign);
  ASSERT_TRUE(resigned.status.ok());
  const auto reply = host.call(
      &Stub::SuggestMove, suggest_request(resigned.response.state(), v1::SuggestMoveRequest::NORMAL));
  EXPECT_EQ(reply.status.error_code(), grpc::FAILED_PRECONDITION);
  EXPECT_EQ(reply.detail.reason(), "game_over");
}

// The plugin asks the host whether the caller gave up; here the "caller"
// gives up after 50 ms of a 60-second budget.
TEST(SuggestMove, ThePluginStopsWhenTheCallerGivesUp) {
  PluginFolder folder;
  folder.add(UTTT_PLUGIN);
  const auto loaded = boardgame::host::load_plugins(folder.path());
  const auto& game = loaded.games.at(0);
  v1::SetupRequest setup;
  setup.set_game_id("uttt");
  v1::SetupResponse started;
  ASSERT_TRUE(game.call(&BoardgamePlugin::setup, setup, &started).ok());

  auto request = suggest_request(started.state(), v1::SuggestMoveRequest::EXPERTO);
  request.set_time_budget_ms(60'000);
  const auto give_up_at = std::chrono::steady_clock::now() + std::chrono::milliseconds(50);
  const BoardgameCancel cancel{const_cast<std::chrono::steady_clock::time_point*>(&give_up_at),
                               [](void* at) -> std::int32_t {
                                 return std::chrono::steady_clock::now() >=
                                        *static_cast<std::chrono::steady_clock::time_point*>(at);
                               },
                               -1};
  v1::SuggestMoveResponse response;
  const grpc::Status status = game.call(&BoardgamePlugin::suggest_move, request, cancel, &response);
  ASSERT_TRUE(status.ok()) << status.error_message();
  EXPECT_FALSE(response.move().notation().empty());
  EXPECT_LT(response.stats().elapsed_ms(), 30'000.0);
}

// Through gRPC: the client cancels; the server's handler must return long
// before its 60-second budget, or shutting the server down would wait.
TEST(SuggestMove, ACancelledCallStopsTheSearch) {
  const auto began = std::chrono::steady_clock::now();
  {
    TestHost host;
    auto request = suggest_request(host.setup(), v1::SuggestMoveRequest::EXPERTO);
    request.set_time_budget_ms(60'000);
    grpc::ClientContext context;
    v1::SuggestMoveResponse response;
    grpc::Status status;
    const auto stub = v1::GameService::NewStub(host.channel());
    std::thread call([&] { status = stub->SuggestMove(&context, request, &response); });
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    context.TryCancel();
    call.join();
    EXPECT_EQ(status.error_code(), grpc::CANCELLED);
  }  // ~TestHost waits for the handler to return
  EXPECT_LT(std::chrono::steady_clock::now() - began, std::chrono::seconds(30));
}

}  // namespace
}  // namespace host_test
