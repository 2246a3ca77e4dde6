// Whole games through an in-process game-host and its client stub: the
// settings schema, setup and who opens, the generic view against the
// engine, and games played to a win, a draw and a resignation.
#include <random>

#include "test_host.h"
#include "uttt/engine/notation.h"
#include "uttt/engine/position.h"

namespace host_test {
namespace {

using Stub = v1::GameService::Stub;

// The oracle: the engine's own position for a state's record.
uttt::Position replay(const v1::GameState& state) {
  uttt::Rules rules;
  for (const v1::Setting& s : state.settings()) {
    if (s.id() == "early_draw") rules.early_draw = s.value().flag();
    if (s.id() == "open_boards") rules.open_boards = s.value().flag();
    if (s.id() == "draw_counts_both") rules.draw_counts_both = s.value().flag();
    if (s.id() == "fast_game") rules.fast_target = std::uint8_t(s.value().number());
  }
  uttt::Position pos(rules);
  for (std::uint32_t id : state.moves()) {
    EXPECT_LT(id, 81u);
    EXPECT_EQ(pos.try_play(uttt::Move(id)), uttt::MoveError::kOk) << id;
  }
  return pos;
}

std::uint32_t grid_index(uttt::Move m) { return std::uint32_t(uttt::grid_row(m) * 9 + uttt::grid_col(m)); }

// Plays uniformly random moves until the game ends.
v1::GameState play_out(const TestHost& host, v1::GameState state, std::mt19937& rng) {
  while (state.seat_to_move()) {
    const auto moves = host.moves(state);
    if (moves.empty()) break;
    state = host.apply(state, moves[rng() % moves.size()].id());
  }
  return state;
}

// The first random game, from seed 1 on, that ends for `reason`.
v1::GameState game_ending_by(const TestHost& host, v1::Outcome::Reason reason,
                             const std::vector<v1::Setting>& settings = {}) {
  for (unsigned seed = 1; seed <= 300; ++seed) {
    std::mt19937 rng(seed);
    v1::GameState end = play_out(host, host.setup(settings), rng);
    if (end.outcome().reason() == reason) return end;
  }
  ADD_FAILURE() << "no random game ended by " << v1::Outcome::Reason_Name(reason);
  return {};
}

v1::GetOutcomeResponse outcome_of(const TestHost& host, const v1::GameState& state) {
  v1::GetOutcomeRequest request;
  *request.mutable_state() = state;
  const auto reply = host.call(&Stub::GetOutcome, request);
  EXPECT_TRUE(reply.status.ok()) << reply.status.error_message();
  return reply.response;
}

void expect_over(const TestHost& host, const v1::GameState& end) {
  EXPECT_EQ(end.seat_to_move(), 0u);
  EXPECT_EQ(end.view().side_to_move(), "");
  EXPECT_EQ(end.view().playable_cells_size(), 0);
  EXPECT_TRUE(host.moves(end).empty());
  const auto outcome = outcome_of(host, end);
  EXPECT_TRUE(outcome.over());
  EXPECT_EQ(outcome.outcome().SerializeAsString(), end.outcome().SerializeAsString());
  EXPECT_EQ(end.view().status().SerializeAsString(), end.outcome().summary().SerializeAsString());
  double total = 0;
  for (const auto& r : end.outcome().results()) total += r.score();
  EXPECT_EQ(total, 1.0);
}

const v1::SeatResult& result_of(const v1::GameState& end, std::uint32_t seat) {
  return end.outcome().results(int(seat) - 1);
}

TEST(GamePlay, DescribesEverySettingAndLocalRule) {
  TestHost host;
  v1::DescribeGameRequest request;
  request.set_game_id("uttt");
  const auto reply = host.call(&Stub::DescribeGame, request);
  ASSERT_TRUE(reply.status.ok()) << reply.status.error_message();
  const v1::GameInfo& game = reply.response.game();
  EXPECT_EQ(game.id(), "uttt");
  EXPECT_EQ(game.locale(), "en");
  EXPECT_EQ(game.name(), "Ultimate tic-tac-toe");
  EXPECT_EQ(game.min_players(), 2u);
  EXPECT_EQ(game.max_players(), 2u);

  std::vector<std::string> ids;
  for (const auto& s : game.settings()) ids.push_back(s.id());
  EXPECT_EQ(ids, (std::vector<std::string>{"players", "time_per_turn", "player_leaves", "draws",
                                           "rules_origin", "alternate_first_turn", "early_draw",
                                           "open_boards", "draw_counts_both", "fast_game"}));
  for (const auto& s : game.settings()) {
    SCOPED_TRACE(s.id());
    EXPECT_FALSE(s.label().empty());
    EXPECT_EQ(s.changeable(), s.allowed_values_size() > 1);
    EXPECT_EQ(s.allowed_values(0).value().SerializeAsString(), s.default_value().SerializeAsString());
    const bool engine_rule = s.category() != v1::SettingSpec::PLATFORM;
    EXPECT_EQ(engine_rule, s.id() == "alternate_first_turn" || s.id() == "early_draw" ||
                               s.id() == "open_boards" || s.id() == "draw_counts_both" ||
                               s.id() == "fast_game");
  }
  const auto& alternate = game.settings(5);
  EXPECT_EQ(alternate.category(), v1::SettingSpec::LOCAL_RULE);
  EXPECT_TRUE(alternate.default_value().flag());
  for (int i = 6; i <= 8; ++i) {
    EXPECT_EQ(game.settings(i).category(), v1::SettingSpec::VARIANT);
    EXPECT_FALSE(game.settings(i).default_value().flag());
  }
  const auto& fast = game.settings(9);
  std::vector<std::int64_t> targets;
  for (const auto& a : fast.allowed_values()) targets.push_back(a.value().number());
  std::vector<std::int64_t> engine_targets = {0};
  for (int n = uttt::Rules::kMinFastTarget; n <= uttt::Rules::kMaxFastTarget; ++n)
    engine_targets.push_back(n);
  EXPECT_EQ(targets, engine_targets);
  const auto& time = game.settings(1);
  EXPECT_TRUE(time.changeable());
  EXPECT_EQ(time.default_value().number(), 0);

  const auto listed = host.call(&Stub::ListGames, v1::ListGamesRequest());
  ASSERT_TRUE(listed.status.ok());
  ASSERT_EQ(listed.response.games_size(), 1);
  EXPECT_EQ(listed.response.games(0).SerializeAsString(), game.SerializeAsString());
}

TEST(GamePlay, DescribesTheGameInTheClosestLanguage) {
  TestHost host;
  auto describe = [&](const std::string& locale) {
    v1::DescribeGameRequest request;
    request.set_game_id("uttt");
    request.set_locale(locale);
    const auto reply = host.call(&Stub::DescribeGame, request);
    EXPECT_TRUE(reply.status.ok()) << reply.status.error_message();
    return reply.response.game();
  };
  const v1::GameInfo en = describe("");
  EXPECT_EQ(en.settings(5).label(), "Alternate first turn");
  EXPECT_EQ(en.settings(9).allowed_values(0).label(), "Off");
  for (const auto& [asked, used] : std::vector<std::pair<std::string, std::string>>{
           {"es-MX", "es"}, {"pt-PT", "pt"}, {"de-AT", "de"}, {"fr", "en"}, {"en-GB", "en"}}) {
    SCOPED_TRACE(asked);
    const v1::GameInfo info = describe(asked);
    EXPECT_EQ(info.locale(), used);
    ASSERT_EQ(info.settings_size(), en.settings_size());
    for (int i = 0; i < info.settings_size(); ++i) {
      // The same schema; only the words change.
      EXPECT_EQ(info.settings(i).id(), en.settings(i).id());
      EXPECT_EQ(info.settings(i).allowed_values_size(), en.settings(i).allowed_values_size());
      EXPECT_FALSE(info.settings(i).label().empty());
      if (used != "en") {
        EXPECT_NE(info.settings(i).label(), en.settings(i).label());
      }
    }
    if (used != "en") {
      EXPECT_NE(info.name(), en.name());
    }
  }
}

TEST(GamePlay, GetRulesAnswersInTheClosestLanguage) {
  TestHost host;
  for (const auto& [asked, used] : std::vector<std::pair<std::string, std::string>>{
           {"es-MX", "es"}, {"de", "de"}, {"pt-PT", "pt"}, {"ja", "en"}, {"", "en"}}) {
    SCOPED_TRACE(asked);
    v1::GetRulesRequest request;
    request.set_game_id("uttt");
    request.set_locale(asked);
    const auto reply = host.call(&Stub::GetRules, request);
    ASSERT_TRUE(reply.status.ok()) << reply.status.error_message();
    EXPECT_EQ(reply.response.locale(), used);
    EXPECT_EQ(reply.response.document().locale(), used);
    EXPECT_EQ(reply.response.document().game_id(), "uttt");
    EXPECT_FALSE(reply.response.document().title().empty());
  }
}

TEST(GamePlay, SetupGivesAnEmptyBoardAndSeatOneOpens) {
  TestHost host;
  const v1::GameState state = host.setup();
  EXPECT_EQ(state.game_id(), "uttt");
  EXPECT_EQ(state.game_number(), 1u);
  EXPECT_EQ(state.moves_size(), 0);
  EXPECT_EQ(state.settings_size(), 0);  // all defaults
  EXPECT_EQ(std::vector<std::uint32_t>(state.side_seats().begin(), state.side_seats().end()),
            (std::vector<std::uint32_t>{1, 2}));
  EXPECT_EQ(state.seat_to_move(), 1u);
  const v1::BoardView& view = state.view();
  EXPECT_EQ(view.rows(), 9u);
  EXPECT_EQ(view.columns(), 9u);
  EXPECT_EQ(view.cells(), std::string(81, '.'));
  EXPECT_EQ(view.region_rows(), 3u);
  EXPECT_EQ(view.region_columns(), 3u);
  EXPECT_EQ(view.regions(), std::string(9, '.'));
  EXPECT_EQ(view.playable_cells_size(), 81);
  EXPECT_EQ(view.side_to_move(), "X");
  EXPECT_EQ(view.status().key(), "status.first_move");
  EXPECT_FALSE(state.has_outcome());
  EXPECT_FALSE(outcome_of(host, state).over());
}

TEST(GamePlay, AlternateFirstTurnSwapsWhoOpensEachGame) {
  TestHost host;
  for (std::uint32_t game = 1; game <= 4; ++game) {
    const v1::GameState alternating = host.setup({}, game);
    const std::uint32_t opener = game % 2 ? 1 : 2;
    EXPECT_EQ(alternating.seat_to_move(), opener) << "game " << game;
    EXPECT_EQ(alternating.side_seats(0), opener);
    const v1::GameState fixed = host.setup({flag("alternate_first_turn", false)}, game);
    EXPECT_EQ(fixed.seat_to_move(), 1u) << "game " << game;
    EXPECT_EQ(fixed.side_seats(0), 1u);
  }
  // Game 2: seat 2 holds X, so seat 1 answers second.
  v1::GameState state = host.setup({}, 2);
  state = host.apply(state, "5/5");
  EXPECT_EQ(state.seat_to_move(), 1u);
  EXPECT_EQ(state.view().side_to_move(), "O");
}

TEST(GamePlay, ViewAndMovesMatchTheEngine) {
  TestHost host;
  for (const auto& settings : std::vector<std::vector<v1::Setting>>{
           {}, {flag("open_boards", true)}, {flag("draw_counts_both", true)}}) {
    std::mt19937 rng(7);
    v1::GameState state = host.setup(settings);
    while (state.seat_to_move()) {
      const uttt::Position pos = replay(state);
      const v1::BoardView& view = state.view();
      for (int m = 0; m < uttt::kCells; ++m) {
        const int b = uttt::board_of(uttt::Move(m)), c = uttt::cell_of(uttt::Move(m));
        const char expected = pos.cells(uttt::Player::X, b) >> c & 1   ? 'X'
                              : pos.cells(uttt::Player::O, b) >> c & 1 ? 'O'
                                                                       : '.';
        ASSERT_EQ(view.cells()[grid_index(uttt::Move(m))], expected);
      }
      for (int b = 0; b < 9; ++b) {
        const char expected = pos.won_boards(uttt::Player::X) >> b & 1   ? 'X'
                              : pos.won_boards(uttt::Player::O) >> b & 1 ? 'O'
                              : !(pos.drawn_boards() >> b & 1)           ? '.'
                              : pos.rules().draw_counts_both             ? '+'
                                                                         : '=';
        EXPECT_EQ(view.regions()[std::size_t(b)], expected);
      }
      uttt::MoveList legal;
      pos.legal_moves(legal);
      const auto moves = host.moves(state);
      ASSERT_EQ(int(moves.size()), legal.size);
      std::vector<std::uint32_t> playable;
      for (int i = 0; i < legal.size; ++i) {
        const v1::Move& move = moves[std::size_t(i)];
        const uttt::Move m = legal[i];
        EXPECT_EQ(move.id(), m);
        EXPECT_EQ(move.notation(), uttt::move_to_string(m));
        ASSERT_EQ(move.cells_size(), 1);
        EXPECT_EQ(move.cells(0), grid_index(m));
        playable.push_back(grid_index(m));
        uttt::Position after = pos;
        after.play(m);
        EXPECT_EQ(move.ends_game(), after.is_over());
        if (after.is_over())
          EXPECT_EQ(move.opponent_case(), v1::Move::OPPONENT_NOT_SET);
        else if (after.is_free_move())
          EXPECT_TRUE(move.free_move());
        else
          EXPECT_EQ(move.destination_region(), std::uint32_t(after.destination()));
      }
      std::sort(playable.begin(), playable.end());
      EXPECT_EQ(std::vector<std::uint32_t>(view.playable_cells().begin(), view.playable_cells().end()),
                playable);
      if (pos.ply() > 0) {
        EXPECT_EQ(view.status().key(), std::string(pos.side_to_move() == uttt::Player::X ? "status.x_" : "status.o_") +
                                           (pos.is_free_move() ? "free_move" : "to_move"));
      }
      const std::uint32_t chosen = moves[rng() % moves.size()].id();
      state = host.apply(state, chosen);
      ASSERT_EQ(state.view().last_move_cells_size(), 1);
      EXPECT_EQ(state.view().last_move_cells(0), grid_index(uttt::Move(chosen)));
    }
  }
}

TEST(GamePlay, AGameWonByALine) {
  TestHost host;
  const v1::GameState end = game_ending_by(host, v1::Outcome::LINE);
  expect_over(host, end);
  const uttt::Position pos = replay(end);
  const bool x_won = pos.status() == uttt::Status::kXLine;
  ASSERT_TRUE(x_won || pos.status() == uttt::Status::kOLine);
  const std::uint32_t winner = x_won ? 1 : 2;  // game 1: seat 1 plays X
  EXPECT_EQ(result_of(end, winner).result(), v1::SeatResult::WIN);
  EXPECT_EQ(result_of(end, winner).score(), 1.0);
  EXPECT_EQ(result_of(end, 3 - winner).result(), v1::SeatResult::LOSS);
  EXPECT_EQ(result_of(end, 3 - winner).score(), 0.0);
  EXPECT_EQ(end.outcome().summary().key(), x_won ? "outcome.x_wins_line" : "outcome.o_wins_line");
  // The highlighted regions hold a full line of the winner's boards.
  const uttt::Mask9 won = pos.won_boards(x_won ? uttt::Player::X : uttt::Player::O);
  ASSERT_GE(end.view().highlighted_regions_size(), 3);
  for (std::uint32_t r : end.view().highlighted_regions()) {
    EXPECT_TRUE(won >> r & 1);
    EXPECT_EQ(end.view().regions()[r], x_won ? 'X' : 'O');
  }
}

TEST(GamePlay, AGameDrawnWhenEveryBoardIsDecided) {
  TestHost host;
  const v1::GameState end = game_ending_by(host, v1::Outcome::BOARD_FULL);
  expect_over(host, end);
  EXPECT_EQ(replay(end).status(), uttt::Status::kDrawFull);
  for (std::uint32_t seat : {1u, 2u}) {
    EXPECT_EQ(result_of(end, seat).result(), v1::SeatResult::DRAW);
    EXPECT_EQ(result_of(end, seat).score(), 0.5);
  }
  EXPECT_EQ(end.outcome().summary().key(), "outcome.draw_full");
  EXPECT_EQ(end.view().highlighted_regions_size(), 0);
}

TEST(GamePlay, VariantsEndGamesTheirOwnWay) {
  TestHost host;
  const v1::GameState fast = game_ending_by(host, v1::Outcome::FAST_GAME, {number("fast_game", 3)});
  expect_over(host, fast);
  EXPECT_EQ(fast.outcome().summary().args(0).name(), "count");
  EXPECT_EQ(fast.outcome().summary().args(0).value(), "3");
  const auto status = replay(fast).status();
  EXPECT_TRUE(status == uttt::Status::kXFast || status == uttt::Status::kOFast);

  const v1::GameState early = game_ending_by(host, v1::Outcome::EARLY_DRAW, {flag("early_draw", true)});
  expect_over(host, early);
  EXPECT_EQ(replay(early).status(), uttt::Status::kDrawEarly);
  EXPECT_EQ(result_of(early, 1).result(), v1::SeatResult::DRAW);
  EXPECT_EQ(early.outcome().summary().key(), "outcome.draw_early");
}

TEST(GamePlay, AResigningSeatLoses) {
  TestHost host;
  v1::GameState state = host.setup();
  for (const char* move : {"5/5", "5/1", "1/5"}) state = host.apply(state, move);
  ASSERT_EQ(state.seat_to_move(), 2u);
  // Seat 1 resigns although it is seat 2's turn.
  v1::ResignRequest request;
  *request.mutable_state() = state;
  request.set_seat(1);
  const auto reply = host.call(&Stub::Resign, request);
  ASSERT_TRUE(reply.status.ok()) << reply.status.error_message();
  const v1::GameState& end = reply.response.state();
  EXPECT_EQ(end.resigned_seat(), 1u);
  EXPECT_EQ(end.moves_size(), 3);
  expect_over(host, end);
  EXPECT_EQ(end.outcome().reason(), v1::Outcome::RESIGNATION);
  EXPECT_EQ(end.outcome().summary().key(), "outcome.x_resigns");
  EXPECT_EQ(result_of(end, 1).result(), v1::SeatResult::LOSS);
  EXPECT_EQ(result_of(end, 1).score(), 0.0);
  EXPECT_EQ(result_of(end, 2).result(), v1::SeatResult::WIN);
  EXPECT_EQ(result_of(end, 2).score(), 1.0);
  // The board stays as it was.
  EXPECT_EQ(end.view().cells(), state.view().cells());
}

TEST(GamePlay, AnAgreedDrawEndsTheGameWhereItStands) {
  TestHost host;
  v1::GameState state = host.setup();
  for (const char* move : {"5/5", "5/1"}) state = host.apply(state, move);
  v1::AgreeDrawRequest request;
  *request.mutable_state() = state;
  const auto reply = host.call(&Stub::AgreeDraw, request);
  ASSERT_TRUE(reply.status.ok()) << reply.status.error_message();
  const v1::GameState& end = reply.response.state();
  EXPECT_TRUE(end.agreed_draw());
  expect_over(host, end);
  EXPECT_EQ(end.outcome().reason(), v1::Outcome::AGREED_DRAW);
  EXPECT_EQ(end.outcome().summary().key(), "outcome.agreed_draw");
  EXPECT_EQ(end.view().status().key(), "outcome.agreed_draw");
  EXPECT_TRUE(end.view().side_to_move().empty());
  EXPECT_EQ(end.view().playable_cells_size(), 0);
  for (std::uint32_t seat : {1u, 2u}) {
    EXPECT_EQ(result_of(end, seat).result(), v1::SeatResult::DRAW);
    EXPECT_EQ(result_of(end, seat).score(), 0.5);
  }
  EXPECT_EQ(end.view().cells(), state.view().cells());

  // Nothing follows it, and a record that claims both endings is forged.
  *request.mutable_state() = end;
  const auto twice = host.call(&Stub::AgreeDraw, request);
  EXPECT_EQ(twice.status.error_code(), grpc::FAILED_PRECONDITION);
  v1::ResignRequest resign;
  *resign.mutable_state() = end;
  resign.set_seat(1);
  EXPECT_EQ(host.call(&Stub::Resign, resign).status.error_code(), grpc::FAILED_PRECONDITION);
  v1::GameState forged = end;
  forged.set_resigned_seat(1);
  v1::GetOutcomeRequest outcome;
  *outcome.mutable_state() = forged;
  EXPECT_EQ(host.call(&Stub::GetOutcome, outcome).status.error_code(), grpc::INVALID_ARGUMENT);
}

}  // namespace
}  // namespace host_test
