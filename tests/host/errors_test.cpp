// Every row of docs/errors.md: the status code, the ErrorDetail reason in
// the trailing metadata, and a message that names the problem. A request
// that fails changes nothing: the client still holds its old state.
#include <grpcpp/impl/client_unary_call.h>
#include <grpcpp/impl/rpc_method.h>

#include <random>

#include "boardgame/host/loader.h"
#include "test_host.h"
#include "uttt/engine/notation.h"
#include "uttt/engine/position.h"

namespace host_test {
namespace {

using Stub = v1::GameService::Stub;

class Errors : public ::testing::Test {
 protected:
  Reply<v1::ApplyMoveResponse> apply(const v1::GameState& state, std::uint32_t seat,
                                     std::uint32_t move) const {
    v1::ApplyMoveRequest request;
    *request.mutable_state() = state;
    request.set_seat(seat);
    request.set_move_id(move);
    return host.call(&Stub::ApplyMove, request);
  }
  Reply<v1::ApplyMoveResponse> apply(const v1::GameState& state, std::uint32_t seat,
                                     std::string_view notation) const {
    return apply(state, seat, move_id(notation));
  }
  v1::GameState played(const std::vector<std::string>& moves) const {
    v1::GameState state = host.setup();
    for (const auto& m : moves) state = host.apply(state, m);
    return state;
  }

  TestHost host;
};

TEST_F(Errors, AnUnreadableRequestIsAnInvalidArgument) {
  // Bytes that are no protobuf message at all, sent past the generated stub.
  const grpc::internal::RpcMethod apply_move("/boardgame.v1.GameService/ApplyMove",
                                             grpc::internal::RpcMethod::NORMAL_RPC, host.channel());
  grpc::Slice junk("\xff\xff\xff", 3);
  const grpc::ByteBuffer request(&junk, 1);
  grpc::ByteBuffer response;
  grpc::ClientContext context;
  const grpc::Status status = grpc::internal::BlockingUnaryCall(host.channel().get(), apply_move,
                                                                &context, request, &response);
  EXPECT_EQ(status.error_code(), grpc::INVALID_ARGUMENT);
  EXPECT_EQ(status.error_message(), "the request is not a valid boardgame.v1.ApplyMoveRequest");
}

TEST_F(Errors, UnknownGameIsNotFound) {
  v1::DescribeGameRequest describe;
  describe.set_game_id("chess");
  const auto reply = host.call(&Stub::DescribeGame, describe);
  expect_error(reply, grpc::NOT_FOUND, "unknown_game", "unknown game 'chess'; this host serves: uttt");
  EXPECT_EQ(arg(reply.detail, "game"), "chess");

  v1::SetupRequest setup;
  setup.set_game_id("chess");
  expect_error(host.call(&Stub::Setup, setup), grpc::NOT_FOUND, "unknown_game", "chess");
  v1::GameState state = host.setup();
  state.set_game_id("go");
  expect_error(apply(state, 1, "5/5"), grpc::NOT_FOUND, "unknown_game", "'go'");
  v1::GetRulesRequest rules;
  rules.set_game_id("chess");
  expect_error(host.call(&Stub::GetRules, rules), grpc::NOT_FOUND, "unknown_game", "chess");
}

TEST_F(Errors, BadSettingsAreInvalidArguments) {
  auto reply = host.try_setup({flag("blitz", true)});
  expect_error(reply, grpc::INVALID_ARGUMENT, "unknown_setting", "unknown setting 'blitz'");
  EXPECT_EQ(arg(reply.detail, "setting"), "blitz");
  expect_error(host.try_setup({flag("early_draw", true), flag("early_draw", false)}),
               grpc::INVALID_ARGUMENT, "duplicate_setting", "given more than once");
  std::string targets = "0";
  for (int n = uttt::Rules::kMinFastTarget; n <= uttt::Rules::kMaxFastTarget; ++n)
    targets += ", " + std::to_string(n);
  reply = host.try_setup({number("fast_game", 9)});
  expect_error(reply, grpc::INVALID_ARGUMENT, "bad_setting_value",
               "setting 'fast_game' cannot be 9: it takes " + targets);
  EXPECT_EQ(arg(reply.detail, "value"), "9");
  for (int outside : {uttt::Rules::kMinFastTarget - 1, uttt::Rules::kMaxFastTarget + 1})
    expect_error(host.try_setup({number("fast_game", outside)}), grpc::INVALID_ARGUMENT,
                 "bad_setting_value", "cannot be " + std::to_string(outside));
  expect_error(host.try_setup({number("players", 3)}), grpc::INVALID_ARGUMENT,
               "bad_setting_value", "setting 'players' cannot be 3: it cannot be changed from 2");
  expect_error(host.try_setup({number("time_per_turn", 45)}), grpc::INVALID_ARGUMENT,
               "bad_setting_value", "it takes 0, 30, 60");
  expect_error(host.try_setup({number("early_draw", 1)}), grpc::INVALID_ARGUMENT,
               "bad_setting_value", "'early_draw' cannot be 1");
  v1::Setting empty;
  empty.set_id("open_boards");
  expect_error(host.try_setup({empty}), grpc::INVALID_ARGUMENT, "bad_setting_value",
               "cannot be no value");
  // Every allowed value is accepted.
  EXPECT_TRUE(host.try_setup({number("time_per_turn", 60),
                              number("fast_game", uttt::Rules::kMaxFastTarget),
                              flag("open_boards", true)})
                  .status.ok());
}

TEST_F(Errors, ForgedHistoryIsRefused) {
  v1::GameState state = played({"5/5", "5/1"});
  state.set_moves(1, move_id("5/5"));  // already taken
  const auto reply = host.try_list(state);
  expect_error(reply, grpc::INVALID_ARGUMENT, "bad_state",
               "move 2 (id 40) is not legal: move 5/5: that cell is already taken");
  state.set_moves(1, move_id("1/1"));  // wrong board
  expect_error(apply(state, 1, "1/5"), grpc::INVALID_ARGUMENT, "bad_state",
               "move 2 (id 0) is not legal: move 1/1: the move must go to the destination board");
  state.set_moves(1, 81);
  expect_error(host.try_list(state), grpc::INVALID_ARGUMENT, "bad_state",
               "move 2 (id 81) is not legal: move id 81 names no cell: ids are 0 to 80");
}

TEST_F(Errors, StatesThatDisagreeWithTheirRecordAreRefused) {
  const v1::GameState good = played({"5/5", "5/1", "1/5"});
  ASSERT_TRUE(host.try_list(good).status.ok());
  auto refused = [&](const char* what, auto&& forge, const std::string& message_part) {
    SCOPED_TRACE(what);
    v1::GameState forged = good;
    forge(forged);
    expect_error(host.try_list(forged), grpc::INVALID_ARGUMENT, "bad_state", message_part);
  };
  refused("a cell painted over", [](v1::GameState& s) {
    std::string cells = s.view().cells();
    cells[0] = 'X';
    s.mutable_view()->set_cells(cells);
  }, "does not match its own record");
  refused("the turn handed over", [](v1::GameState& s) { s.set_seat_to_move(1); }, "seat_to_move");
  refused("a win claimed", [](v1::GameState& s) {
    s.mutable_outcome()->set_reason(v1::Outcome::LINE);
  }, "outcome");
  refused("a move appended without its view", [](v1::GameState& s) { s.add_moves(move_id("5/9")); },
          "does not match its own record");
  refused("a move removed", [](v1::GameState& s) { s.mutable_moves()->RemoveLast(); },
          "does not match its own record");
  refused("the seats swapped", [](v1::GameState& s) {
    s.set_side_seats(0, 2);
    s.set_side_seats(1, 1);
  }, "side_seats");
  refused("an impossible variant", [](v1::GameState& s) { *s.add_settings() = number("fast_game", 12); },
          "setting 'fast_game' cannot be 12");
  refused("a default spelled out", [](v1::GameState& s) { *s.add_settings() = flag("early_draw", false); },
          "does not match its own record");
  refused("no game number", [](v1::GameState& s) { s.set_game_number(0); },
          "game_number must be 1 or more");
  refused("the game number changed", [](v1::GameState& s) { s.set_game_number(2); },
          "does not match its own record");
  refused("a seat that does not exist resigned", [](v1::GameState& s) { s.set_resigned_seat(3); },
          "resigned_seat 3 does not exist");
  refused("a resignation without its outcome", [](v1::GameState& s) { s.set_resigned_seat(2); },
          "does not match its own record");
}

TEST_F(Errors, MovesAfterTheEndOfTheHistoryAreRefused) {
  // Any finished game will do; with the fast-game target at 3 random games
  // end early, with empty cells left.
  v1::GameState state = host.setup({number("fast_game", 3)});
  std::mt19937 rng(3);
  while (state.seat_to_move()) {
    const auto moves = host.moves(state);
    state = host.apply(state, moves[rng() % moves.size()].id());
  }
  const uttt::Position end = [&] {
    uttt::Position p(uttt::Rules{false, false, false, 3});
    for (std::uint32_t m : state.moves()) p.play(uttt::Move(m));
    return p;
  }();
  ASSERT_TRUE(end.is_over());
  // Any empty cell: the engine would refuse it as "the game is over".
  std::uint32_t extra = uttt::kCells;
  for (int m = 0; m < uttt::kCells && extra == uttt::kCells; ++m)
    if (!(end.occupied(uttt::board_of(uttt::Move(m))) >> uttt::cell_of(uttt::Move(m)) & 1))
      extra = std::uint32_t(m);
  ASSERT_LT(extra, std::uint32_t(uttt::kCells));

  auto reply = apply(state, 1, extra);
  expect_error(reply, grpc::FAILED_PRECONDITION, "game_over", "the game is over");
  v1::ResignRequest resign;
  *resign.mutable_state() = state;
  resign.set_seat(2);
  expect_error(host.call(&Stub::Resign, resign), grpc::FAILED_PRECONDITION, "game_over",
               "the game is over");

  v1::GameState forged = state;
  forged.add_moves(extra);
  expect_error(host.try_list(forged), grpc::INVALID_ARGUMENT, "bad_state",
               "move " + std::to_string(forged.moves_size()) + " (id " + std::to_string(extra) +
                   ") comes after the end of the game");
}

TEST_F(Errors, IllegalMovesAreFailedPreconditionsWithAReason) {
  const v1::GameState state = played({"5/5"});  // O must play in board 5
  auto reply = apply(state, 2, "1/1");
  expect_error(reply, grpc::FAILED_PRECONDITION, "wrong_board",
               "move 1/1: the move must go to the destination board (board 5)");
  EXPECT_EQ(arg(reply.detail, "destination"), "5");
  reply = apply(state, 2, "5/5");
  expect_error(reply, grpc::FAILED_PRECONDITION, "cell_occupied", "that cell is already taken");
  EXPECT_EQ(arg(reply.detail, "board"), "5");
  EXPECT_EQ(arg(reply.detail, "cell"), "5");
  reply = apply(state, 1, "5/1");
  expect_error(reply, grpc::FAILED_PRECONDITION, "not_your_turn", "it is seat 2's turn, not seat 1's");
  for (std::uint32_t outside : {81u, 1000u}) {
    reply = apply(state, 2, outside);
    expect_error(reply, grpc::INVALID_ARGUMENT, "not_a_cell", "names no cell: ids are 0 to 80");
    EXPECT_EQ(arg(reply.detail, "move"), std::to_string(outside));
  }
  v1::ApplyMoveRequest no_move;
  *no_move.mutable_state() = state;
  no_move.set_seat(2);
  expect_error(host.call(&Stub::ApplyMove, no_move), grpc::INVALID_ARGUMENT, "missing_move",
               "move_id is required");
  expect_error(apply(state, 0, "5/1"), grpc::INVALID_ARGUMENT, "bad_seat",
               "seat 0 does not exist: seats are 1 to 2");
  expect_error(apply(state, 3, "5/1"), grpc::INVALID_ARGUMENT, "bad_seat", "seat 3");
}

TEST_F(Errors, AFreeMoveIntoADecidedBoardIsRefused) {
  // Random games on the engine until a free move meets a decided board that
  // still has empty cells.
  std::mt19937 rng(11);
  std::vector<uttt::Move> moves;
  uttt::Move into_closed = uttt::kCells;
  while (into_closed == uttt::kCells) {
    uttt::Position pos;
    moves.clear();
    while (!pos.is_over() && into_closed == uttt::kCells) {
      if (pos.is_free_move())
        for (int m = 0; m < uttt::kCells; ++m)
          if (pos.check(uttt::Move(m)) == uttt::MoveError::kBoardClosed) {
            into_closed = uttt::Move(m);
            break;
          }
      if (into_closed != uttt::kCells) break;
      uttt::MoveList legal;
      pos.legal_moves(legal);
      const uttt::Move m = legal[int(rng() % unsigned(legal.size))];
      pos.play(m);
      moves.push_back(m);
    }
  }
  v1::GameState state = host.setup();
  for (uttt::Move m : moves) state = host.apply(state, m);
  const auto reply = apply(state, state.seat_to_move(), into_closed);
  expect_error(reply, grpc::FAILED_PRECONDITION, "board_closed", "that small board is already decided");
  EXPECT_EQ(arg(reply.detail, "board"), std::to_string(uttt::board_of(into_closed) + 1));
}

TEST_F(Errors, SuggestMoveNeedsALevel) {
  v1::SuggestMoveRequest request;
  *request.mutable_state() = host.setup();
  request.set_iteration_budget(10);
  expect_error(host.call(&Stub::SuggestMove, request), grpc::INVALID_ARGUMENT, "bad_level",
               "level must be NOVATO, NORMAL or EXPERTO");
}

TEST_F(Errors, AMalformedLanguageTagIsAnInvalidArgument) {
  v1::GetRulesRequest rules;
  rules.set_game_id("uttt");
  rules.set_locale("es_ES!");
  auto reply = host.call(&Stub::GetRules, rules);
  expect_error(reply, grpc::INVALID_ARGUMENT, "bad_locale", "es_ES!");
  EXPECT_EQ(arg(reply.detail, "locale"), "es_ES!");
  v1::DescribeGameRequest describe;
  describe.set_game_id("uttt");
  describe.set_locale("-");
  expect_error(host.call(&Stub::DescribeGame, describe), grpc::INVALID_ARGUMENT, "bad_locale", "");
}

TEST_F(Errors, OversizedMessagesAreRefusedByTheTransport) {
  v1::GameState state = host.setup();
  for (int i = 0; i < 1'200'000; ++i) state.add_moves(40);  // 1.2 MB, over the 1 MiB limit
  const auto reply = host.try_list(state);
  EXPECT_EQ(reply.status.error_code(), grpc::RESOURCE_EXHAUSTED) << reply.status.error_message();
}

TEST_F(Errors, APassedDeadlineIsDeadlineExceeded) {
  v1::SuggestMoveRequest request;
  *request.mutable_state() = host.setup();
  request.set_level(v1::SuggestMoveRequest::EXPERTO);
  grpc::ClientContext context;
  context.set_deadline(std::chrono::system_clock::now() - std::chrono::seconds(1));
  v1::SuggestMoveResponse response;
  const auto stub = v1::GameService::NewStub(host.channel());
  EXPECT_EQ(stub->SuggestMove(&context, request, &response).error_code(),
            grpc::DEADLINE_EXCEEDED);
}

TEST(PluginErrors, APluginThatBreaksTheAbiGivesInternal) {
  TestHost host({UTTT_PLUGIN, FIXTURE_JUNK_LATER});
  v1::ListMovesRequest request;
  request.mutable_state()->set_game_id("junk_later");
  const auto reply = host.call(&Stub::ListMoves, request);
  expect_error(reply, grpc::INTERNAL, "plugin_failure",
               "game 'junk_later' (libfixture_junk_later.so) answered with bytes that are not a "
               "protobuf message");
  // The other game is still served.
  EXPECT_EQ(host.setup().game_id(), "uttt");
}

// A plugin built before GetRules (ABI revision 0) is still served; only
// the call it lacks is refused.
TEST(PluginErrors, ACallNewerThanThePluginIsUnimplemented) {
  TestHost host({UTTT_PLUGIN, FIXTURE_JUNK_LATER});
  v1::GetRulesRequest request;
  request.set_game_id("junk_later");
  expect_error(host.call(&Stub::GetRules, request), grpc::UNIMPLEMENTED, "not_supported",
               "game 'junk_later' has no GetRules call: its plugin is built for ABI revision 0, "
               "the call came in 1");
  request.set_game_id("uttt");
  EXPECT_TRUE(host.call(&Stub::GetRules, request).status.ok());
}

TEST(PluginErrors, AnUnreadableRequestIsRefusedByThePlugin) {
  PluginFolder folder;
  folder.add(UTTT_PLUGIN);
  const auto loaded = boardgame::host::load_plugins(folder.path());
  ASSERT_EQ(loaded.games.size(), 1u);
  std::string out;
  BoardgameOutput sink{&out, [](void* host, std::size_t size) {
                         auto* s = static_cast<std::string*>(host);
                         s->resize(size);
                         return reinterpret_cast<std::uint8_t*>(s->data());
                       }};
  const std::uint8_t junk[] = {0xff, 0xff, 0xff};
  EXPECT_EQ(loaded.games[0].entry().setup(junk, sizeof junk, &sink), grpc::INVALID_ARGUMENT);
  v1::ErrorDetail detail;
  ASSERT_TRUE(detail.ParseFromString(out));
  EXPECT_EQ(detail.reason(), "malformed_request");
  EXPECT_EQ(detail.message(), "the request is not a valid boardgame.v1.SetupRequest");
}

}  // namespace
}  // namespace host_test
