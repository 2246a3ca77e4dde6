// Tic-tac-toe served next to ultimate tic-tac-toe by one host: both real
// plugins load from one folder and answer through the in-process service;
// the schema is the platform table plus "alternate first turn"; whole games
// end by a line, a full board and a resignation, with the view and the moves
// checked against the engine; bad moves and states are refused with their
// reason; and the CPU at Experto never loses.
#include <algorithm>
#include <array>
#include <functional>
#include <random>
#include <set>

#include "boardgame/host/loader.h"
#include "test_host.h"
#include "tictactoe/engine/players.h"
#include "tictactoe/engine/position.h"

namespace tictactoe_test {
namespace {

namespace v1 = boardgame::v1;
using host_test::arg;
using host_test::expect_error;
using host_test::flag;
using host_test::number;
using host_test::PluginFolder;
using host_test::Reply;
using host_test::TestHost;
using Stub = v1::GameService::Stub;
using Level = v1::SuggestMoveRequest::Level;

constexpr char kGame[] = "tictactoe";

// The oracle: the engine's own position for a state's record.
ttt::Position replay(const v1::GameState& state) {
  ttt::Position pos;
  for (std::uint32_t id : state.moves()) {
    EXPECT_LT(id, 9u);
    EXPECT_EQ(pos.try_play(int(id)), ttt::MoveError::kOk) << id;
  }
  return pos;
}

const v1::SeatResult& result_of(const v1::GameState& end, std::uint32_t seat) {
  return end.outcome().results(int(seat) - 1);
}

// A host serving both games, as game-host serves build/plugins.
class TicTacToePlugin : public ::testing::Test {
 protected:
  TicTacToePlugin() : host_({UTTT_PLUGIN, TICTACTOE_PLUGIN}) {}

  Reply<v1::SetupResponse> try_setup(const std::vector<v1::Setting>& settings,
                                     std::uint32_t game_number = 1,
                                     const std::string& game = kGame) const {
    v1::SetupRequest request;
    request.set_game_id(game);
    for (const v1::Setting& s : settings) *request.add_settings() = s;
    request.set_game_number(game_number);
    return host_.call(&Stub::Setup, request);
  }

  v1::GameState setup(const std::vector<v1::Setting>& settings = {},
                      std::uint32_t game_number = 1) const {
    const auto reply = try_setup(settings, game_number);
    EXPECT_TRUE(reply.status.ok()) << reply.status.error_message();
    return reply.response.state();
  }

  // Plays cells numbered 1 to 9, as players write them.
  v1::GameState play(v1::GameState state, std::initializer_list<int> cells) const {
    for (int cell : cells) state = host_.apply(state, std::uint32_t(cell - 1));
    return state;
  }

  Reply<v1::ApplyMoveResponse> try_apply(const v1::GameState& state, std::uint32_t seat,
                                         std::uint32_t move_id) const {
    v1::ApplyMoveRequest request;
    *request.mutable_state() = state;
    request.set_seat(seat);
    request.set_move_id(move_id);
    return host_.call(&Stub::ApplyMove, request);
  }

  Reply<v1::ResignResponse> resign(const v1::GameState& state, std::uint32_t seat) const {
    v1::ResignRequest request;
    *request.mutable_state() = state;
    request.set_seat(seat);
    return host_.call(&Stub::Resign, request);
  }

  v1::GetOutcomeResponse outcome(const v1::GameState& state) const {
    v1::GetOutcomeRequest request;
    *request.mutable_state() = state;
    const auto reply = host_.call(&Stub::GetOutcome, request);
    EXPECT_TRUE(reply.status.ok()) << reply.status.error_message();
    return reply.response;
  }

  v1::SuggestMoveResponse suggest(const v1::GameState& state, Level level,
                                  std::uint64_t seed) const {
    v1::SuggestMoveRequest request;
    *request.mutable_state() = state;
    request.set_level(level);
    request.set_seed(seed);
    const auto reply = host_.call(&Stub::SuggestMove, request);
    EXPECT_TRUE(reply.status.ok()) << reply.status.error_message();
    return reply.response;
  }

  v1::GameInfo describe(const std::string& game, const std::string& locale = "") const {
    v1::DescribeGameRequest request;
    request.set_game_id(game);
    request.set_locale(locale);
    const auto reply = host_.call(&Stub::DescribeGame, request);
    EXPECT_TRUE(reply.status.ok()) << reply.status.error_message();
    return reply.response.game();
  }

  // What every finished game shows, whatever ended it.
  void expect_over(const v1::GameState& end) const {
    EXPECT_EQ(end.seat_to_move(), 0u);
    EXPECT_EQ(end.view().side_to_move(), "");
    EXPECT_EQ(end.view().playable_cells_size(), 0);
    EXPECT_TRUE(host_.moves(end).empty());
    const auto over = outcome(end);
    EXPECT_TRUE(over.over());
    EXPECT_EQ(over.outcome().SerializeAsString(), end.outcome().SerializeAsString());
    EXPECT_EQ(end.view().status().SerializeAsString(),
              end.outcome().summary().SerializeAsString());
    double total = 0;
    for (const auto& r : end.outcome().results()) total += r.score();
    EXPECT_EQ(total, 1.0);
  }

  // Experto plays seat 1 against `opponent`, as X in odd games and as O in
  // even ones. It must never lose, and must win whenever it is handed a
  // won position. Returns its wins.
  using Opponent = std::function<std::uint32_t(const v1::GameState&, std::uint64_t seed)>;
  int experto_never_loses(const Opponent& opponent, int games) const {
    std::mt19937_64 rng(11);
    int wins = 0;
    for (int game = 1; game <= games; ++game) {
      v1::GameState state = setup({}, std::uint32_t(game));
      bool handed_a_win = false;
      while (state.seat_to_move()) {
        std::uint32_t move;
        if (state.seat_to_move() == 1) {
          handed_a_win = handed_a_win || ttt::solve(replay(state)) > 0;
          move = suggest(state, v1::SuggestMoveRequest::EXPERTO, rng()).move().id();
        } else {
          move = opponent(state, rng());
        }
        state = host_.apply(state, move);
      }
      const auto result = result_of(state, 1).result();
      EXPECT_NE(result, v1::SeatResult::LOSS) << state.ShortDebugString();
      if (handed_a_win) {
        EXPECT_EQ(result, v1::SeatResult::WIN) << state.ShortDebugString();
      }
      wins += result == v1::SeatResult::WIN;
    }
    return wins;
  }

  TestHost host_;
};

TEST(TicTacToePluginLoading, BothGamesLoadFromOneFolder) {
  PluginFolder folder;
  folder.add(UTTT_PLUGIN);
  folder.add(TICTACTOE_PLUGIN);
  const auto result = boardgame::host::load_plugins(folder.path());
  ASSERT_EQ(result.notes.size(), 2u);
  for (const auto& note : result.notes) EXPECT_TRUE(note.loaded) << note.reason;
  std::set<std::string> ids;
  for (const auto& game : result.games) ids.insert(game.game_id());
  EXPECT_EQ(ids, (std::set<std::string>{"tictactoe", "uttt"}));
}

TEST_F(TicTacToePlugin, ListGamesOffersBoth) {
  const auto listed = host_.call(&Stub::ListGames, v1::ListGamesRequest());
  ASSERT_TRUE(listed.status.ok()) << listed.status.error_message();
  std::set<std::string> ids;
  for (const auto& game : listed.response.games()) ids.insert(game.id());
  EXPECT_EQ(ids, (std::set<std::string>{"tictactoe", "uttt"}));
  for (const auto& game : listed.response.games()) {
    if (game.id() == kGame) {
      EXPECT_EQ(game.SerializeAsString(), describe(kGame).SerializeAsString());
    }
  }
}

TEST_F(TicTacToePlugin, DescribesThePlatformSettingsAndOneLocalRule) {
  const v1::GameInfo game = describe(kGame);
  EXPECT_EQ(game.id(), kGame);
  EXPECT_EQ(game.locale(), "en");
  EXPECT_EQ(game.name(), "Tic-tac-toe");
  EXPECT_FALSE(game.version().empty());
  EXPECT_EQ(game.min_players(), 2u);
  EXPECT_EQ(game.max_players(), 2u);
  EXPECT_EQ(std::vector<std::string>(game.sides().begin(), game.sides().end()),
            (std::vector<std::string>{"X", "O"}));

  std::vector<std::string> ids;
  for (const auto& s : game.settings()) ids.push_back(s.id());
  ASSERT_EQ(ids, (std::vector<std::string>{"players", "time_per_turn", "player_leaves", "draws",
                                           "rules_origin", "alternate_first_turn"}));
  for (const auto& s : game.settings()) {
    SCOPED_TRACE(s.id());
    EXPECT_FALSE(s.label().empty());
    EXPECT_FALSE(s.description().empty());
    EXPECT_EQ(s.changeable(), s.allowed_values_size() > 1);
    EXPECT_EQ(s.allowed_values(0).value().SerializeAsString(),
              s.default_value().SerializeAsString());
    for (const auto& a : s.allowed_values()) EXPECT_FALSE(a.label().empty());
    EXPECT_NE(s.category(), v1::SettingSpec::VARIANT);  // the classic game has none
  }
  const auto& alternate = game.settings(5);
  EXPECT_EQ(alternate.category(), v1::SettingSpec::LOCAL_RULE);
  EXPECT_EQ(alternate.type(), v1::SettingSpec::FLAG);
  EXPECT_TRUE(alternate.default_value().flag());
  EXPECT_TRUE(alternate.changeable());

  // The platform rows are the club's, so they match ultimate tic-tac-toe's
  // value for value.
  const v1::GameInfo uttt = describe("uttt");
  for (int i = 0; i < 5; ++i) {
    SCOPED_TRACE(game.settings(i).id());
    EXPECT_EQ(game.settings(i).category(), v1::SettingSpec::PLATFORM);
    v1::SettingSpec ours = game.settings(i), theirs = uttt.settings(i);
    EXPECT_EQ(ours.SerializeAsString(), theirs.SerializeAsString());
  }
}

TEST_F(TicTacToePlugin, SpeaksTheLanguageAsked) {
  for (const auto& [asked, used, name] : std::vector<std::array<std::string, 3>>{
           {"es-MX", "es", "Tres en raya"},
           {"pt-PT", "pt", "Jogo do galo"},
           {"de-AT", "de", "Tic-Tac-Toe"},
           {"ja", "en", "Tic-tac-toe"}}) {
    SCOPED_TRACE(asked);
    const v1::GameInfo info = describe(kGame, asked);
    EXPECT_EQ(info.locale(), used);
    EXPECT_EQ(info.name(), name);
    ASSERT_EQ(info.settings_size(), 6);
    for (const auto& s : info.settings()) EXPECT_FALSE(s.label().empty());

    v1::GetRulesRequest request;
    request.set_game_id(kGame);
    request.set_locale(asked);
    const auto rules = host_.call(&Stub::GetRules, request);
    ASSERT_TRUE(rules.status.ok()) << rules.status.error_message();
    EXPECT_EQ(rules.response.locale(), used);
    EXPECT_EQ(rules.response.document().game_id(), kGame);
    EXPECT_EQ(rules.response.document().title(), name);
  }
}

TEST_F(TicTacToePlugin, SetupGivesAnEmptyGridWithNoRegions) {
  const v1::GameState state = setup();
  EXPECT_EQ(state.game_id(), kGame);
  EXPECT_EQ(state.game_number(), 1u);
  EXPECT_EQ(state.settings_size(), 0);
  EXPECT_EQ(state.moves_size(), 0);
  EXPECT_EQ(std::vector<std::uint32_t>(state.side_seats().begin(), state.side_seats().end()),
            (std::vector<std::uint32_t>{1, 2}));
  EXPECT_EQ(state.seat_to_move(), 1u);
  const v1::BoardView& view = state.view();
  EXPECT_EQ(view.rows(), 3u);
  EXPECT_EQ(view.columns(), 3u);
  EXPECT_EQ(view.cells(), ".........");
  EXPECT_EQ(view.region_rows(), 0u);
  EXPECT_EQ(view.region_columns(), 0u);
  EXPECT_EQ(view.regions(), "");
  EXPECT_EQ(std::vector<std::uint32_t>(view.playable_cells().begin(), view.playable_cells().end()),
            (std::vector<std::uint32_t>{0, 1, 2, 3, 4, 5, 6, 7, 8}));
  EXPECT_EQ(view.last_move_cells_size(), 0);
  EXPECT_EQ(view.side_to_move(), "X");
  EXPECT_EQ(view.status().key(), "status.first_move");
  EXPECT_FALSE(state.has_outcome());
  EXPECT_FALSE(outcome(state).over());
}

TEST_F(TicTacToePlugin, AlternateFirstTurnSwapsWhoOpensEachGame) {
  for (std::uint32_t game = 1; game <= 4; ++game) {
    SCOPED_TRACE(game);
    const std::uint32_t opener = game % 2 ? 1 : 2;
    const v1::GameState alternating = setup({}, game);
    EXPECT_EQ(alternating.seat_to_move(), opener);
    EXPECT_EQ(alternating.side_seats(0), opener);
    EXPECT_EQ(alternating.side_seats(1), 3 - opener);
    const v1::GameState fixed = setup({flag("alternate_first_turn", false)}, game);
    EXPECT_EQ(fixed.seat_to_move(), 1u);
    EXPECT_EQ(fixed.side_seats(0), 1u);
    ASSERT_EQ(fixed.settings_size(), 1);  // only what differs from the default
  }
  // Game 2: seat 2 holds X and opens, so seat 1 answers with O.
  const v1::GameState state = play(setup({}, 2), {5});
  EXPECT_EQ(state.seat_to_move(), 1u);
  EXPECT_EQ(state.view().side_to_move(), "O");
  EXPECT_EQ(state.view().status().key(), "status.o_to_move");
}

TEST_F(TicTacToePlugin, ViewAndMovesMatchTheEngine) {
  for (unsigned seed = 1; seed <= 30; ++seed) {
    std::mt19937 rng(seed);
    v1::GameState state = setup();
    while (state.seat_to_move()) {
      const ttt::Position pos = replay(state);
      const v1::BoardView& view = state.view();
      for (int sq = 0; sq < 9; ++sq) {
        const char expected = pos.marks(ttt::Player::X) >> sq & 1   ? 'X'
                              : pos.marks(ttt::Player::O) >> sq & 1 ? 'O'
                                                                    : '.';
        ASSERT_EQ(view.cells()[std::size_t(sq)], expected);
      }
      const auto moves = host_.moves(state);
      std::vector<std::uint32_t> ids, playable(view.playable_cells().begin(),
                                               view.playable_cells().end());
      for (const v1::Move& move : moves) {
        SCOPED_TRACE(move.id());
        ids.push_back(move.id());
        EXPECT_EQ(move.notation(), std::to_string(move.id() + 1));
        ASSERT_EQ(move.cells_size(), 1);
        EXPECT_EQ(move.cells(0), move.id());
        ttt::Position after = pos;
        after.play(int(move.id()));
        EXPECT_EQ(move.ends_game(), after.is_over());
        if (after.is_over()) {
          EXPECT_EQ(move.opponent_case(), v1::Move::OPPONENT_NOT_SET);
        } else {
          EXPECT_TRUE(move.free_move());
        }
      }
      std::vector<std::uint32_t> legal;
      for (ttt::Mask9 m = pos.legal_moves(); m; m &= ttt::Mask9(m - 1))
        legal.push_back(std::uint32_t(__builtin_ctz(m)));
      EXPECT_EQ(ids, legal);
      EXPECT_EQ(playable, legal);
      const bool x = pos.side_to_move() == ttt::Player::X;
      EXPECT_EQ(view.side_to_move(), x ? "X" : "O");
      EXPECT_EQ(view.status().key(), pos.ply() == 0 ? "status.first_move"
                                     : x            ? "status.x_to_move"
                                                    : "status.o_to_move");
      EXPECT_EQ(view.status().args_size(), 0);

      const v1::Move& chosen = moves[rng() % moves.size()];
      const auto reply = try_apply(state, state.seat_to_move(), chosen.id());
      ASSERT_TRUE(reply.status.ok()) << reply.status.error_message();
      EXPECT_EQ(reply.response.move().SerializeAsString(), chosen.SerializeAsString());
      state = reply.response.state();
      ASSERT_EQ(state.view().last_move_cells_size(), 1);
      EXPECT_EQ(state.view().last_move_cells(0), chosen.id());
      EXPECT_EQ(state.view().highlighted_regions_size(), 0);
    }
    expect_over(state);
    EXPECT_EQ(replay(state).is_over(), true);
  }
}

TEST_F(TicTacToePlugin, XWinsWithARow) {
  const v1::GameState end = play(setup(), {1, 4, 2, 5, 3});
  expect_over(end);
  EXPECT_EQ(end.view().cells(), "XXXOO....");
  EXPECT_EQ(end.outcome().reason(), v1::Outcome::LINE);
  EXPECT_EQ(end.outcome().summary().key(), "outcome.x_wins_line");
  EXPECT_EQ(result_of(end, 1).side(), "X");
  EXPECT_EQ(result_of(end, 1).result(), v1::SeatResult::WIN);
  EXPECT_EQ(result_of(end, 1).score(), 1.0);
  EXPECT_EQ(result_of(end, 2).result(), v1::SeatResult::LOSS);
  EXPECT_EQ(result_of(end, 2).score(), 0.0);
}

TEST_F(TicTacToePlugin, OWinsWithADiagonalInTheSecondGame) {
  // Game 2: seat 2 opens with X, so seat 1 plays O and wins 3-5-7.
  const v1::GameState end = play(setup({}, 2), {1, 5, 2, 3, 9, 7});
  expect_over(end);
  EXPECT_EQ(end.outcome().reason(), v1::Outcome::LINE);
  EXPECT_EQ(end.outcome().summary().key(), "outcome.o_wins_line");
  EXPECT_EQ(result_of(end, 1).side(), "O");
  EXPECT_EQ(result_of(end, 1).result(), v1::SeatResult::WIN);
  EXPECT_EQ(result_of(end, 2).side(), "X");
  EXPECT_EQ(result_of(end, 2).result(), v1::SeatResult::LOSS);
}

TEST_F(TicTacToePlugin, ADrawWhenTheBoardFillsWithNoLine) {
  const v1::GameState end = play(setup(), {1, 5, 9, 2, 8, 7, 3, 6, 4});
  expect_over(end);
  EXPECT_EQ(end.view().cells(), "XOXXOOOXX");
  EXPECT_EQ(end.outcome().reason(), v1::Outcome::BOARD_FULL);
  EXPECT_EQ(end.outcome().summary().key(), "outcome.draw_full");
  for (std::uint32_t seat : {1u, 2u}) {
    EXPECT_EQ(result_of(end, seat).result(), v1::SeatResult::DRAW);
    EXPECT_EQ(result_of(end, seat).score(), 0.5);
  }
}

TEST_F(TicTacToePlugin, AResigningSeatLoses) {
  const v1::GameState state = play(setup(), {5, 1, 9});
  ASSERT_EQ(state.seat_to_move(), 2u);
  // Seat 1 (X) resigns although it is seat 2's turn.
  const auto reply = resign(state, 1);
  ASSERT_TRUE(reply.status.ok()) << reply.status.error_message();
  const v1::GameState& end = reply.response.state();
  expect_over(end);
  EXPECT_EQ(end.resigned_seat(), 1u);
  EXPECT_EQ(end.moves_size(), 3);
  EXPECT_EQ(end.view().cells(), state.view().cells());
  EXPECT_EQ(end.outcome().reason(), v1::Outcome::RESIGNATION);
  EXPECT_EQ(end.outcome().summary().key(), "outcome.x_resigns");
  EXPECT_EQ(result_of(end, 1).result(), v1::SeatResult::LOSS);
  EXPECT_EQ(result_of(end, 2).result(), v1::SeatResult::WIN);

  // In game 2 seat 1 plays O.
  const auto o_resigns = resign(setup({}, 2), 1);
  ASSERT_TRUE(o_resigns.status.ok()) << o_resigns.status.error_message();
  expect_over(o_resigns.response.state());
  EXPECT_EQ(o_resigns.response.state().outcome().summary().key(), "outcome.o_resigns");
  EXPECT_EQ(result_of(o_resigns.response.state(), 2).result(), v1::SeatResult::WIN);
}

TEST_F(TicTacToePlugin, IllegalMovesAreRefusedWithTheirReason) {
  const v1::GameState state = play(setup(), {5});

  auto reply = try_apply(state, 2, 4);
  expect_error(reply, grpc::FAILED_PRECONDITION, "cell_occupied", "move 5");
  EXPECT_EQ(arg(reply.detail, "cell"), "5");

  for (std::uint32_t id : {9u, 40u, 4294967295u}) {
    reply = try_apply(state, 2, id);
    expect_error(reply, grpc::INVALID_ARGUMENT, "not_a_cell", "ids are 0 to 8");
    EXPECT_EQ(arg(reply.detail, "move"), std::to_string(id));
  }

  expect_error(try_apply(state, 1, 0), grpc::FAILED_PRECONDITION, "not_your_turn", "seat 2");

  const v1::GameState won = play(setup(), {1, 4, 2, 5, 3});
  expect_error(try_apply(won, 2, 8), grpc::FAILED_PRECONDITION, "game_over", "over");
  expect_error(resign(won, 2), grpc::FAILED_PRECONDITION, "game_over", "over");
}

TEST_F(TicTacToePlugin, BadSettingsAndForgedStatesAreInvalidArguments) {
  // Ultimate tic-tac-toe's variants are not rules of this game.
  auto setup_reply = try_setup({flag("early_draw", true)});
  expect_error(setup_reply, grpc::INVALID_ARGUMENT, "unknown_setting", "early_draw");
  expect_error(try_setup({number("alternate_first_turn", 1)}), grpc::INVALID_ARGUMENT,
               "bad_setting_value", "alternate_first_turn");
  expect_error(try_setup({number("time_per_turn", 45)}), grpc::INVALID_ARGUMENT,
               "bad_setting_value", "time_per_turn");

  const v1::GameState state = play(setup(), {5, 1});
  v1::GameState forged = state;
  forged.mutable_view()->set_cells("XXX......");
  expect_error(try_apply(forged, 1, 2), grpc::INVALID_ARGUMENT, "bad_state", "invalid game state");

  forged = state;
  forged.set_moves(1, 4);  // O on X's cell
  expect_error(try_apply(forged, 1, 2), grpc::INVALID_ARGUMENT, "bad_state", "not legal");

  const v1::GameState won = play(setup(), {1, 4, 2, 5, 3});
  forged = won;
  forged.add_moves(8);  // a move after the end
  expect_error(try_apply(forged, 2, 7), grpc::INVALID_ARGUMENT, "bad_state", "after the end");

  // A tic-tac-toe state is no ultimate tic-tac-toe state.
  forged = state;
  forged.set_game_id("uttt");
  expect_error(try_apply(forged, 1, 2), grpc::INVALID_ARGUMENT, "bad_state", "");
}

TEST_F(TicTacToePlugin, BothGamesAreServedAtOnce) {
  v1::GameState ours = setup();
  const auto uttt_setup = try_setup({}, 1, "uttt");
  ASSERT_TRUE(uttt_setup.status.ok()) << uttt_setup.status.error_message();
  v1::GameState theirs = uttt_setup.response.state();
  ours = host_.apply(ours, 4);
  theirs = host_.apply(theirs, 40);  // "5/5"
  EXPECT_EQ(ours.view().cells(), "....X....");
  EXPECT_EQ(theirs.view().cells().size(), 81u);
  EXPECT_EQ(theirs.view().cells()[40], 'X');
  EXPECT_EQ(host_.moves(ours).size(), 8u);
  EXPECT_EQ(host_.moves(theirs).size(), 8u);  // sent to board 5
}

TEST_F(TicTacToePlugin, EveryLevelSuggestsALegalMoveAndTheSeedRepeatsIt) {
  std::mt19937 rng(3);
  for (int game = 0; game < 10; ++game) {
    v1::GameState state = setup();
    while (state.seat_to_move()) {
      const auto moves = host_.moves(state);
      const ttt::Position pos = replay(state);
      for (Level level : {v1::SuggestMoveRequest::NOVATO, v1::SuggestMoveRequest::NORMAL,
                          v1::SuggestMoveRequest::EXPERTO}) {
        const std::uint64_t seed = rng();
        const v1::SuggestMoveResponse first = suggest(state, level, seed);
        const bool legal = std::any_of(moves.begin(), moves.end(), [&](const v1::Move& m) {
          return m.SerializeAsString() == first.move().SerializeAsString();
        });
        EXPECT_TRUE(legal) << first.move().id();
        EXPECT_EQ(suggest(state, level, seed).move().id(), first.move().id());
        // The move's value with perfect play after it.
        ttt::Position after = pos;
        after.play(int(first.move().id()));
        EXPECT_EQ(first.stats().expected_score(), (1 - ttt::solve(after)) / 2.0);
      }
      state = host_.apply(state, moves[rng() % moves.size()].id());
    }
  }
}

TEST_F(TicTacToePlugin, ExpertoNeverLosesAgainstNormal) {
  experto_never_loses(
      [&](const v1::GameState& state, std::uint64_t seed) {
        return suggest(state, v1::SuggestMoveRequest::NORMAL, seed).move().id();
      },
      60);
}

TEST_F(TicTacToePlugin, ExpertoNeverLosesAgainstARandomOpponent) {
  const int wins = experto_never_loses(
      [&](const v1::GameState& state, std::uint64_t seed) {
        const auto moves = host_.moves(state);
        return moves[seed % moves.size()].id();
      },
      200);
  EXPECT_GT(wins, 100);  // random play slips often, and Experto punishes it
}

TEST_F(TicTacToePlugin, ExpertoAgainstItselfAlwaysDraws) {
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    v1::GameState state = setup();
    while (state.seat_to_move())
      state = host_.apply(state, suggest(state, v1::SuggestMoveRequest::EXPERTO, seed).move().id());
    EXPECT_EQ(state.outcome().reason(), v1::Outcome::BOARD_FULL) << seed;
  }
}

}  // namespace
}  // namespace tictactoe_test
