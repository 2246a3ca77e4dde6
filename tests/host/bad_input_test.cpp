// The rows of docs/bad-input.md that errors_test.cpp does not already
// prove: raw bytes into the plugin ABI and onto the wire, histories no game
// can have, resignations and levels that make no sense, values no setting
// allows. Each gets its status code, its ErrorDetail reason and a message
// that names the problem; none crashes anything.
#include <grpcpp/impl/client_unary_call.h>
#include <grpcpp/impl/rpc_method.h>

#include <climits>
#include <random>

#include "boardgame/host/loader.h"
#include "test_host.h"
#include "uttt/engine/position.h"

namespace host_test {
namespace {

using Stub = v1::GameService::Stub;

// As expect_error, with the whole message.
template <class Response>
void expect_exact_error(const Reply<Response>& reply, grpc::StatusCode code,
                        const std::string& reason, const std::string& message) {
  expect_error(reply, code, reason, message);
  EXPECT_EQ(reply.status.error_message(), message);
}

// Bytes sent to a method of the service past the generated stub.
Reply<grpc::ByteBuffer> raw_call(const TestHost& host, const std::string& method,
                                 const std::string& bytes) {
  const grpc::internal::RpcMethod rpc(("/boardgame.v1.GameService/" + method).c_str(),
                                      grpc::internal::RpcMethod::NORMAL_RPC, host.channel());
  grpc::Slice slice(bytes);
  const grpc::ByteBuffer request(&slice, 1);
  grpc::ClientContext context;
  Reply<grpc::ByteBuffer> reply;
  reply.status = grpc::internal::BlockingUnaryCall(host.channel().get(), rpc, &context, request,
                                                   &reply.response);
  const auto& trailers = context.GetServerTrailingMetadata();
  if (auto it = trailers.find(boardgame::host::kErrorDetailKey); it != trailers.end()) {
    EXPECT_TRUE(reply.detail.ParseFromString(std::string(it->second.data(), it->second.size())))
        << "an ErrorDetail that does not parse";
  }
  return reply;
}

// One call of a plugin's entry table, straight through the C ABI.
struct AbiReply {
  std::int32_t code;
  std::string out;
  v1::ErrorDetail detail() const {
    v1::ErrorDetail d;
    EXPECT_TRUE(d.ParseFromString(out)) << "an ErrorDetail that does not parse";
    return d;
  }
};

class Abi {
 public:
  Abi() {
    folder_.add(UTTT_PLUGIN);
    loaded_ = boardgame::host::load_plugins(folder_.path());
  }
  const BoardgamePlugin& entry() const { return loaded_.games.at(0).entry(); }

  AbiReply call(BoardgameCall call, const std::string& request) const {
    AbiReply reply{0, {}};
    BoardgameOutput sink{&reply.out, &reserve};
    reply.code = call(reinterpret_cast<const std::uint8_t*>(request.data()), request.size(), &sink);
    return reply;
  }
  AbiReply call(BoardgameCancellableCall call, const std::string& request) const {
    AbiReply reply{0, {}};
    BoardgameOutput sink{&reply.out, &reserve};
    const BoardgameCancel never{nullptr, [](void*) -> std::int32_t { return 0; }, -1};
    reply.code =
        call(reinterpret_cast<const std::uint8_t*>(request.data()), request.size(), &never, &sink);
    return reply;
  }

 private:
  static std::uint8_t* reserve(void* host, std::size_t size) {
    auto* s = static_cast<std::string*>(host);
    s->resize(size);
    return reinterpret_cast<std::uint8_t*>(s->data());
  }
  PluginFolder folder_;
  boardgame::host::LoadResult loaded_;
};

void expect_malformed(const AbiReply& reply, const std::string& request_type) {
  EXPECT_EQ(reply.code, grpc::INVALID_ARGUMENT);
  const v1::ErrorDetail detail = reply.detail();
  EXPECT_EQ(detail.reason(), "malformed_request");
  EXPECT_EQ(detail.message(), "the request is not a valid boardgame.v1." + request_type);
}

// The state after 5/5, as the host gives it.
v1::GameState after_one_move(const TestHost& host) { return host.apply(host.setup(), "5/5"); }

std::string apply_request(const v1::GameState& state, std::uint32_t seat, std::uint32_t move) {
  v1::ApplyMoveRequest request;
  *request.mutable_state() = state;
  request.set_seat(seat);
  request.set_move_id(move);
  return request.SerializeAsString();
}

TEST(BadInputAbi, GarbageIntoEveryEntryPointIsAMalformedRequest) {
  const Abi abi;
  const std::string junk("\xff\xff\xff", 3);
  const BoardgamePlugin& e = abi.entry();
  expect_malformed(abi.call(e.describe_game, junk), "DescribeGameRequest");
  expect_malformed(abi.call(e.setup, junk), "SetupRequest");
  expect_malformed(abi.call(e.list_moves, junk), "ListMovesRequest");
  expect_malformed(abi.call(e.apply_move, junk), "ApplyMoveRequest");
  expect_malformed(abi.call(e.resign, junk), "ResignRequest");
  expect_malformed(abi.call(e.get_outcome, junk), "GetOutcomeRequest");
  expect_malformed(abi.call(e.suggest_move, junk), "SuggestMoveRequest");
  expect_malformed(abi.call(e.get_rules, junk), "GetRulesRequest");
}

// Every prefix of a good request: cut inside a field it is malformed; cut
// between fields it is a shorter message, answered like any other.
TEST(BadInputAbi, EveryTruncationOfARequestIsAnsweredCleanly) {
  const TestHost host;
  const std::string whole = apply_request(after_one_move(host), 2, move_id("5/1"));
  const Abi abi;
  int malformed = 0;
  for (std::size_t n = 0; n < whole.size(); ++n) {
    SCOPED_TRACE("first " + std::to_string(n) + " bytes");
    const AbiReply reply = abi.call(abi.entry().apply_move, whole.substr(0, n));
    ASSERT_TRUE(reply.code == grpc::INVALID_ARGUMENT || reply.code == grpc::NOT_FOUND ||
                reply.code == grpc::FAILED_PRECONDITION)
        << reply.code;
    const v1::ErrorDetail detail = reply.detail();
    EXPECT_FALSE(detail.reason().empty());
    EXPECT_FALSE(detail.message().empty());
    malformed += detail.reason() == "malformed_request";
  }
  EXPECT_GT(malformed, int(whole.size()) / 2);
  expect_malformed(abi.call(abi.entry().apply_move, whole.substr(0, 5)), "ApplyMoveRequest");
  EXPECT_EQ(abi.call(abi.entry().apply_move, whole).code, grpc::OK);
}

TEST(BadInputAbi, AStringThatIsNotUtf8IsAMalformedRequest) {
  const TestHost host;
  v1::ListMovesRequest request;
  *request.mutable_state() = after_one_move(host);
  *request.mutable_state()->add_settings() = number("@@", 1);
  std::string bytes = request.SerializeAsString();
  bytes.replace(bytes.find("@@"), 2, "\xff\xfe");
  const Abi abi;
  expect_malformed(abi.call(abi.entry().list_moves, bytes), "ListMovesRequest");
}

TEST(BadInputAbi, AStateOfAnotherGameIsABadState) {
  const TestHost host;
  v1::ListMovesRequest request;
  *request.mutable_state() = after_one_move(host);
  request.mutable_state()->set_game_id("tictactoe");
  const Abi abi;
  const AbiReply reply = abi.call(abi.entry().list_moves, request.SerializeAsString());
  EXPECT_EQ(reply.code, grpc::INVALID_ARGUMENT);
  EXPECT_EQ(reply.detail().reason(), "bad_state");
  EXPECT_EQ(reply.detail().message(),
            "invalid game state: it belongs to game 'tictactoe', not 'uttt'");
}

class BadInput : public ::testing::Test {
 protected:
  Reply<v1::ResignResponse> resign(const v1::GameState& state, std::uint32_t seat) const {
    v1::ResignRequest request;
    *request.mutable_state() = state;
    request.set_seat(seat);
    return host.call(&Stub::Resign, request);
  }
  // A whole game of random moves.
  v1::GameState finished(unsigned seed) const {
    std::mt19937 rng(seed);
    v1::GameState state = host.setup();
    while (state.seat_to_move()) {
      const auto moves = host.moves(state);
      state = host.apply(state, moves[rng() % moves.size()].id());
    }
    return state;
  }

  TestHost host;
};

TEST_F(BadInput, RawGarbageOnTheWireIsAMalformedRequest) {
  for (const char* method : {"DescribeGame", "Setup", "ListMoves", "ApplyMove", "Resign",
                             "GetOutcome", "SuggestMove", "GetRules", "ListGames"}) {
    SCOPED_TRACE(method);
    expect_exact_error(
        raw_call(host, method, std::string("\xff\xff\xff", 3)), grpc::INVALID_ARGUMENT,
        "malformed_request",
        std::string("the request is not a valid boardgame.v1.") + method + "Request");
  }
}

// Protobuf refuses a string field that is not UTF-8; the host, which reads
// only the game id to route a call, refuses it the same way.
TEST_F(BadInput, AGameIdThatIsNotUtf8IsAMalformedRequest) {
  v1::DescribeGameRequest describe;
  describe.set_game_id("@@");
  std::string bytes = describe.SerializeAsString();
  bytes.replace(bytes.find("@@"), 2, "\xff\xfe");
  expect_exact_error(raw_call(host, "DescribeGame", bytes), grpc::INVALID_ARGUMENT,
                     "malformed_request",
                     "the request is not a valid boardgame.v1.DescribeGameRequest");

  v1::ListMovesRequest list;
  *list.mutable_state() = host.setup();
  list.mutable_state()->set_game_id("@@");
  bytes = list.SerializeAsString();
  bytes.replace(bytes.find("@@"), 2, "\xff\xfe");
  expect_exact_error(raw_call(host, "ListMoves", bytes), grpc::INVALID_ARGUMENT,
                     "malformed_request",
                     "the request is not a valid boardgame.v1.ListMovesRequest");
}

TEST_F(BadInput, AnEmptyRequestNamesNoGame) {
  expect_exact_error(raw_call(host, "Setup", ""), grpc::NOT_FOUND, "unknown_game",
               "unknown game ''; this host serves: uttt");
}

TEST_F(BadInput, AHistoryLongerThanTheBoardIsABadState) {
  // 82 moves on 81 cells: every id once, then one more. The record breaks
  // at its first illegal move.
  v1::GameState state = host.setup();
  for (std::uint32_t id = 0; id < 81; ++id) state.add_moves(id);
  state.add_moves(40);
  expect_exact_error(host.try_list(state), grpc::INVALID_ARGUMENT, "bad_state",
               "invalid game state: move 3 (id 2) is not legal: move 1/3: the move must go to "
               "the destination board (board 2)");

  // A real game, then 100 000 more moves: refused at the first one.
  state = finished(5);
  const int played = state.moves_size();
  for (int i = 0; i < 100'000; ++i) state.add_moves(std::uint32_t(i % 81));
  expect_exact_error(host.try_list(state), grpc::INVALID_ARGUMENT, "bad_state",
               "invalid game state: move " + std::to_string(played + 1) +
                   " (id 0) comes after the end of the game");
}

TEST_F(BadInput, ResigningTwiceIsGameOver) {
  const auto first = resign(after_one_move(host), 1);
  ASSERT_TRUE(first.status.ok()) << first.status.error_message();
  const v1::GameState& resigned = first.response.state();
  for (std::uint32_t seat : {1u, 2u})
    expect_exact_error(resign(resigned, seat), grpc::FAILED_PRECONDITION, "game_over",
                 "the game is over");
  v1::ApplyMoveRequest move;
  *move.mutable_state() = resigned;
  move.set_seat(2);
  move.set_move_id(move_id("5/1"));
  expect_exact_error(host.call(&Stub::ApplyMove, move), grpc::FAILED_PRECONDITION, "game_over",
               "the game is over");
}

TEST_F(BadInput, AResignationByASeatThatDoesNotExistIsABadSeat) {
  const v1::GameState state = after_one_move(host);
  for (std::uint32_t seat : {0u, 3u}) {
    const auto reply = resign(state, seat);
    expect_exact_error(reply, grpc::INVALID_ARGUMENT, "bad_seat",
                 "seat " + std::to_string(seat) + " does not exist: seats are 1 to 2");
    ASSERT_EQ(reply.detail.args_size(), 1);
    EXPECT_EQ(reply.detail.args(0).value(), std::to_string(seat));
  }
}

TEST_F(BadInput, ValuesNoSettingAllowsAreRefused) {
  v1::Setting draws;
  draws.set_id("draws");
  draws.mutable_value()->set_choice("winner_takes_all");
  expect_exact_error(host.try_setup({draws}), grpc::INVALID_ARGUMENT, "bad_setting_value",
               "setting 'draws' cannot be 'winner_takes_all': it cannot be changed from "
               "'half_point'");
  expect_exact_error(host.try_setup({flag("time_per_turn", true)}), grpc::INVALID_ARGUMENT,
                     "bad_setting_value",
                     "setting 'time_per_turn' cannot be true: it takes 0, 30, 60");
  v1::Setting yes;
  yes.set_id("alternate_first_turn");
  yes.mutable_value()->set_choice("yes");
  expect_exact_error(host.try_setup({yes}), grpc::INVALID_ARGUMENT, "bad_setting_value",
               "setting 'alternate_first_turn' cannot be 'yes': it takes true, false");
  std::string targets = "0";
  for (int n = uttt::Rules::kMinFastTarget; n <= uttt::Rules::kMaxFastTarget; ++n)
    targets += ", " + std::to_string(n);
  expect_exact_error(host.try_setup({number("fast_game", LLONG_MAX)}), grpc::INVALID_ARGUMENT,
                     "bad_setting_value",
                     "setting 'fast_game' cannot be 9223372036854775807: it takes " + targets);
  expect_exact_error(host.try_setup({number("time_per_turn", -30)}), grpc::INVALID_ARGUMENT,
                     "bad_setting_value",
                     "setting 'time_per_turn' cannot be -30: it takes 0, 30, 60");
  expect_exact_error(host.try_setup({flag("", true)}), grpc::INVALID_ARGUMENT, "unknown_setting",
               "unknown setting ''; game 'uttt' has players, time_per_turn, player_leaves, draws, "
               "rules_origin, alternate_first_turn, early_draw, open_boards, draw_counts_both, "
               "fast_game");
}

TEST_F(BadInput, ALevelOutsideTheListIsABadLevel) {
  v1::SuggestMoveRequest request;
  *request.mutable_state() = host.setup();
  request.set_level(static_cast<v1::SuggestMoveRequest::Level>(99));
  const auto reply = host.call(&Stub::SuggestMove, request);
  expect_exact_error(reply, grpc::INVALID_ARGUMENT, "bad_level",
               "level must be NOVATO, NORMAL or EXPERTO");
  ASSERT_EQ(reply.detail.args_size(), 1);
  EXPECT_EQ(reply.detail.args(0).value(), "99");
}

TEST_F(BadInput, ListGamesRefusesAMalformedLanguageTag) {
  v1::ListGamesRequest request;
  request.set_locale("en_US");
  expect_exact_error(host.call(&Stub::ListGames, request), grpc::INVALID_ARGUMENT, "bad_locale",
               "language tag 'en_US' uses '_'; subtags are joined by '-', as in 'pt-BR'");
  request.set_locale(std::string(300, 'a'));
  const auto reply = host.call(&Stub::ListGames, request);
  EXPECT_EQ(reply.detail.reason(), "bad_locale");
  EXPECT_NE(reply.status.error_message().find("300 characters"), std::string::npos)
      << reply.status.error_message();
}

TEST_F(BadInput, UnknownFieldsInAStateAreABadState) {
  // Field 99, a varint, which GameState does not have.
  v1::GameState forged;
  ASSERT_TRUE(forged.ParseFromString(after_one_move(host).SerializeAsString() +
                                     std::string("\x98\x06\x01", 3)));
  expect_exact_error(host.try_list(forged), grpc::INVALID_ARGUMENT, "bad_state",
               "invalid game state: it does not match its own record: added: 99[0]: 1");
}

// An error message quotes the input it refuses; a huge input must not make
// the error outgrow the client's metadata limit (8 KiB by default), or the
// client would get RESOURCE_EXHAUSTED and never learn what was wrong.
TEST_F(BadInput, HugeNamesAreQuotedShortened) {
  const std::string huge(100'000, 'a');
  auto expect_shortened = [&](const auto& reply, grpc::StatusCode code, const std::string& reason,
                              const std::string& start) {
    EXPECT_EQ(reply.status.error_code(), code) << reply.status.error_message().substr(0, 200);
    EXPECT_EQ(reply.detail.reason(), reason);
    const std::string& message = reply.status.error_message();
    EXPECT_EQ(message.rfind(start, 0), 0u) << message.substr(0, 200);
    EXPECT_LT(message.size(), 600u);
    EXPECT_NE(message.find("... ("), std::string::npos) << message.substr(0, 200);
    EXPECT_TRUE(reply.detail.message() == message);
    for (const auto& a : reply.detail.args()) EXPECT_LT(a.value().size(), 600u);
  };
  expect_shortened(host.try_setup({flag(huge, true)}), grpc::INVALID_ARGUMENT, "unknown_setting",
                   "unknown setting 'aaaa");
  v1::SetupRequest unknown;
  unknown.set_game_id(huge);
  expect_shortened(host.call(&Stub::Setup, unknown), grpc::NOT_FOUND, "unknown_game",
                   "unknown game 'aaaa");
  v1::GetRulesRequest rules;
  rules.set_game_id("uttt");
  rules.set_locale(huge);
  const auto reply = host.call(&Stub::GetRules, rules);
  EXPECT_EQ(reply.status.error_code(), grpc::INVALID_ARGUMENT);
  EXPECT_EQ(reply.status.error_message(),
            "the language tag is 100000 characters long; at most 100 are allowed");
  ASSERT_EQ(reply.detail.args_size(), 1);
  const std::string& quoted = reply.detail.args(0).value();
  EXPECT_TRUE(quoted == std::string(512, 'a') + "... (100000 bytes in all)")
      << quoted.size() << " bytes: " << quoted.substr(quoted.size() < 40 ? 0 : quoted.size() - 40);
}

TEST_F(BadInput, AnExpiredDeadlineIsRefusedBeforeAnyWork) {
  v1::ApplyMoveRequest request;
  *request.mutable_state() = host.setup();
  request.set_seat(1);
  request.set_move_id(move_id("5/5"));
  grpc::ClientContext context;
  context.set_deadline(std::chrono::system_clock::now() - std::chrono::seconds(1));
  v1::ApplyMoveResponse response;
  const auto stub = v1::GameService::NewStub(host.channel());
  const grpc::Status status = stub->ApplyMove(&context, request, &response);
  EXPECT_EQ(status.error_code(), grpc::DEADLINE_EXCEEDED);
  EXPECT_EQ(status.error_message(), "Deadline Exceeded");
  EXPECT_FALSE(response.has_state());
}

}  // namespace
}  // namespace host_test
