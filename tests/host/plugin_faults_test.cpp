// A plugin that breaks the ABI is contained: each of its faults, at every
// call, gives INTERNAL with reason "plugin_failure" and a message naming
// the game and the call, and the same host goes on serving ultimate
// tic-tac-toe and tic-tac-toe. A plugin that faults at its first calls is
// refused at load with its reason. The faults come from
// fixtures/faulty_plugin.cpp.
#include <algorithm>
#include <functional>

#include "boardgame/host/loader.h"
#include "test_host.h"

namespace host_test {
namespace {

using Stub = v1::GameService::Stub;

const std::string kFaulty =
    "of game 'faulty' (" + fs::path(FIXTURE_FAULTY).filename().string() + ")";

v1::Setting fault(const std::string& kind) {
  v1::Setting s;
  s.set_id("fault");
  s.mutable_value()->set_choice(kind);
  return s;
}

// A state of the faulty game that makes every call on it commit `kind`.
v1::GameState faulty_state(const std::string& kind) {
  v1::GameState state;
  state.set_game_id("faulty");
  *state.add_settings() = fault(kind);
  return state;
}

// What a call of the faulty game got: its status and ErrorDetail.
struct Outcome {
  grpc::Status status;
  v1::ErrorDetail detail;
};

void expect_plugin_failure(const Outcome& o, grpc::StatusCode code, const std::string& message) {
  EXPECT_EQ(o.status.error_code(), code) << o.status.error_message();
  EXPECT_EQ(o.status.error_message(), message);
  EXPECT_EQ(o.detail.reason(), "plugin_failure");
  EXPECT_EQ(o.detail.message(), message);
}

using FaultyCall = std::function<Outcome(const TestHost&, const std::string& kind)>;

template <class Response>
Outcome outcome(const Reply<Response>& reply) {
  return {reply.status, reply.detail};
}

const std::vector<std::pair<std::string, FaultyCall>>& faulty_calls() {
  static const std::vector<std::pair<std::string, FaultyCall>> calls = {
      {"DescribeGame",
       [](const TestHost& host, const std::string& kind) {
         v1::DescribeGameRequest r;
         r.set_game_id("faulty");
         r.set_locale("en-x-" + kind);
         return outcome(host.call(&Stub::DescribeGame, r));
       }},
      {"Setup",
       [](const TestHost& host, const std::string& kind) {
         v1::SetupRequest r;
         r.set_game_id("faulty");
         *r.add_settings() = fault(kind);
         return outcome(host.call(&Stub::Setup, r));
       }},
      {"ListMoves",
       [](const TestHost& host, const std::string& kind) {
         v1::ListMovesRequest r;
         *r.mutable_state() = faulty_state(kind);
         return outcome(host.call(&Stub::ListMoves, r));
       }},
      {"ApplyMove",
       [](const TestHost& host, const std::string& kind) {
         v1::ApplyMoveRequest r;
         *r.mutable_state() = faulty_state(kind);
         r.set_seat(1);
         r.set_move_id(0);
         return outcome(host.call(&Stub::ApplyMove, r));
       }},
      {"Resign",
       [](const TestHost& host, const std::string& kind) {
         v1::ResignRequest r;
         *r.mutable_state() = faulty_state(kind);
         r.set_seat(1);
         return outcome(host.call(&Stub::Resign, r));
       }},
      {"GetOutcome",
       [](const TestHost& host, const std::string& kind) {
         v1::GetOutcomeRequest r;
         *r.mutable_state() = faulty_state(kind);
         return outcome(host.call(&Stub::GetOutcome, r));
       }},
      {"SuggestMove",
       [](const TestHost& host, const std::string& kind) {
         v1::SuggestMoveRequest r;
         *r.mutable_state() = faulty_state(kind);
         r.set_level(v1::SuggestMoveRequest::NOVATO);
         return outcome(host.call(&Stub::SuggestMove, r));
       }},
      {"GetRules",
       [](const TestHost& host, const std::string& kind) {
         v1::GetRulesRequest r;
         r.set_game_id("faulty");
         r.set_locale("en-x-" + kind);
         return outcome(host.call(&Stub::GetRules, r));
       }},
  };
  return calls;
}

Outcome faulty_call(const TestHost& host, const std::string& name, const std::string& kind) {
  for (const auto& [n, call] : faulty_calls())
    if (n == name) return call(host, kind);
  throw std::invalid_argument(name);
}

// A few turns of `game` through every call, as any client plays it.
void expect_served(const TestHost& host, const std::string& game) {
  SCOPED_TRACE("then " + game + " is served");
  v1::DescribeGameRequest describe;
  describe.set_game_id(game);
  describe.set_locale("es");
  const auto described = host.call(&Stub::DescribeGame, describe);
  ASSERT_TRUE(described.status.ok()) << described.status.error_message();
  EXPECT_EQ(described.response.game().id(), game);

  v1::SetupRequest setup;
  setup.set_game_id(game);
  auto started = host.call(&Stub::Setup, setup);
  ASSERT_TRUE(started.status.ok()) << started.status.error_message();
  v1::GameState state = started.response.state();
  for (int turn = 0; turn < 3; ++turn) {
    v1::ListMovesRequest list;
    *list.mutable_state() = state;
    const auto moves = host.call(&Stub::ListMoves, list);
    ASSERT_TRUE(moves.status.ok()) << moves.status.error_message();
    ASSERT_FALSE(moves.response.moves().empty());
    v1::ApplyMoveRequest apply;
    *apply.mutable_state() = state;
    apply.set_seat(state.seat_to_move());
    apply.set_move_id(moves.response.moves(0).id());
    const auto applied = host.call(&Stub::ApplyMove, apply);
    ASSERT_TRUE(applied.status.ok()) << applied.status.error_message();
    state = applied.response.state();
  }
  EXPECT_EQ(state.moves_size(), 3);
  v1::SuggestMoveRequest suggest;
  *suggest.mutable_state() = state;
  suggest.set_level(v1::SuggestMoveRequest::NORMAL);
  suggest.set_iteration_budget(50);
  const auto suggested = host.call(&Stub::SuggestMove, suggest);
  ASSERT_TRUE(suggested.status.ok()) << suggested.status.error_message();
  v1::GetOutcomeRequest outcome;
  *outcome.mutable_state() = state;
  const auto scored = host.call(&Stub::GetOutcome, outcome);
  ASSERT_TRUE(scored.status.ok()) << scored.status.error_message();
  EXPECT_FALSE(scored.response.over());
}

class PluginFaults : public ::testing::Test {
 protected:
  // After every fault: the other games play on in the same host, and the
  // faulty game itself still answers a healthy call.
  void expect_contained() const {
    expect_served(host, "uttt");
    expect_served(host, "tictactoe");
    const auto healthy = faulty_call(host, "ListMoves", "none");
    EXPECT_TRUE(healthy.status.ok()) << healthy.status.error_message();
  }

  // Each call commits `kind`; `message` gives what the host must answer.
  void expect_each_call_contained(const std::string& kind,
                                  const std::function<std::string(const std::string&)>& message) {
    for (const auto& [name, call] : faulty_calls()) {
      SCOPED_TRACE(name + " commits " + kind);
      expect_plugin_failure(call(host, kind), grpc::INTERNAL,
                            name + " " + kFaulty + " " + message(name));
      expect_contained();
    }
  }

  TestHost host{{UTTT_PLUGIN, TICTACTOE_PLUGIN, FIXTURE_FAULTY}};
};

TEST_F(PluginFaults, AnExceptionOutOfAnyCallIsInternal) {
  expect_each_call_contained("throw", [](const std::string&) {
    return "threw an exception: the faulty fixture throws";
  });
}

TEST_F(PluginFaults, AnExceptionOfAnyTypeIsCaught) {
  expect_each_call_contained("throwint", [](const std::string&) {
    return "threw an exception that is not a std::exception";
  });
}

TEST_F(PluginFaults, GarbageBytesFromAnyCallAreInternal) {
  expect_each_call_contained("garbage", [](const std::string&) {
    return "answered with bytes that are not a protobuf message";
  });
}

TEST_F(PluginFaults, AReturnCodeThatIsNoStatusIsInternal) {
  expect_each_call_contained("badcode", [](const std::string&) {
    return "returned status 42, which is not a status code";
  });
}

// The calls whose answer says which game it is about: a game described, or
// a state to play on.
const char* const kCallsNamingTheGame[] = {"DescribeGame", "Setup", "ApplyMove", "Resign"};

TEST_F(PluginFaults, AnAnswerAboutAnotherGameIsInternal) {
  // A client would take that state, of game 'uttt', to the uttt plugin.
  for (const char* name : kCallsNamingTheGame) {
    SCOPED_TRACE(name);
    expect_plugin_failure(faulty_call(host, name, "wrongid"), grpc::INTERNAL,
                          std::string(name) + " " + kFaulty + " answered for game 'uttt', not its own");
    expect_contained();
  }
}

TEST_F(PluginFaults, AWellFormedAnswerOfTheWrongContentIsInternal) {
  // "other" is a SuggestMoveResponse, "empty" no bytes at all: both are
  // protobuf messages, neither holds the game or state the call must give.
  for (const char* kind : {"other", "empty"})
    for (const char* name : kCallsNamingTheGame) {
      SCOPED_TRACE(std::string(name) + " commits " + kind);
      expect_plugin_failure(faulty_call(host, name, kind), grpc::INTERNAL,
                            std::string(name) + " " + kFaulty + " answered with no game id");
      expect_contained();
    }
}

TEST_F(PluginFaults, AFailureWithoutErrorDetailKeepsItsCode) {
  for (const auto& [name, call] : faulty_calls()) {
    SCOPED_TRACE(name);
    expect_plugin_failure(call(host, "nodetail"), grpc::FAILED_PRECONDITION,
                          name + " " + kFaulty + " failed with FAILED_PRECONDITION and no error detail");
    expect_contained();
  }
}

TEST_F(PluginFaults, ListGamesLeavesOutAGameThatCannotDescribeItself) {
  v1::ListGamesRequest request;
  request.set_locale("en-x-throw");  // the faulty game throws; the others read English
  const auto listed = host.call(&Stub::ListGames, request);
  ASSERT_TRUE(listed.status.ok()) << listed.status.error_message();
  std::vector<std::string> ids;
  for (const auto& g : listed.response.games()) ids.push_back(g.id());
  EXPECT_EQ(ids, (std::vector<std::string>{"tictactoe", "uttt"}));
  // Healthy, it is listed; a caller's bad language is still an error.
  request.set_locale("en");
  EXPECT_EQ(host.call(&Stub::ListGames, request).response.games_size(), 3);
  request.set_locale("-");
  EXPECT_EQ(host.call(&Stub::ListGames, request).status.error_code(), grpc::INVALID_ARGUMENT);
}

TEST(PluginFaultsAtLoad, APluginThatFaultsAtItsFirstCallsIsRefused) {
  struct Case {
    const char* library;
    const char* reason;  // after "its calls fail: "
  };
  const Case cases[] = {
      {FIXTURE_FAULTY_DESCRIBE_THROW,
       "DescribeGame returned INTERNAL: DescribeGame of game 'faulty' "
       "(libfixture_faulty_describe_throw.so) threw an exception: the faulty fixture throws"},
      {FIXTURE_FAULTY_DESCRIBE_WRONGID,
       "DescribeGame returned INTERNAL: DescribeGame of game 'faulty' "
       "(libfixture_faulty_describe_wrongid.so) answered for game 'uttt', not its own"},
      {FIXTURE_FAULTY_SETUP_WRONGID,
       "Setup returned INTERNAL: Setup of game 'faulty' (libfixture_faulty_setup_wrongid.so) "
       "answered for game 'uttt', not its own"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.library);
    PluginFolder folder;
    folder.add(UTTT_PLUGIN);
    folder.add(TICTACTOE_PLUGIN);
    folder.add(c.library);
    const auto result = boardgame::host::load_plugins(folder.path());
    ASSERT_EQ(result.notes.size(), 3u);
    const auto refused = std::find_if(result.notes.begin(), result.notes.end(),
                                      [](const auto& n) { return !n.loaded; });
    ASSERT_NE(refused, result.notes.end());
    EXPECT_EQ(refused->file.filename(), fs::path(c.library).filename());
    EXPECT_EQ(refused->game_id, "faulty");
    EXPECT_EQ(refused->reason, std::string("its calls fail: ") + c.reason);
    EXPECT_EQ(result.games.size(), 2u);
  }
}

TEST(PluginFaultsAtLoad, TheHostServesTheOtherGames) {
  TestHost host({UTTT_PLUGIN, TICTACTOE_PLUGIN, FIXTURE_FAULTY_DESCRIBE_THROW,
                 FIXTURE_FAULTY_SETUP_WRONGID});
  expect_served(host, "uttt");
  expect_served(host, "tictactoe");
  v1::SetupRequest setup;
  setup.set_game_id("faulty");
  EXPECT_EQ(host.call(&Stub::Setup, setup).status.error_code(), grpc::NOT_FOUND);
}

}  // namespace
}  // namespace host_test
