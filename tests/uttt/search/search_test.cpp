// The CPU opponent: legal moves everywhere, the one-move tactics, the
// budgets, cancellation, determinism, the tree pool and its reuse. Budgets
// are iterations, so every test is fast and repeatable; only the deadline
// and cancellation tests look at the clock, with loose bounds.
#include <atomic>
#include <chrono>
#include <optional>
#include <stdexcept>
#include <thread>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "../test_util.h"
#include "uttt/engine/notation.h"
#include "uttt/engine/playout.h"
#include "uttt/search/evaluation.h"
#include "uttt/search/searcher.h"
#include "uttt/search/tactics.h"

namespace uttt {
namespace {

constexpr Level kLevels[] = {Level::kNovato, Level::kNormal, Level::kExperto};

SearchLimits iterations(std::uint64_t n, std::uint64_t seed = 1) {
  SearchLimits l;
  l.max_iterations = n;
  l.seed = seed;
  return l;
}

// Positions of random games, cut at a random ply before the end.
std::vector<Position> random_positions(Rules rules, int count, std::uint64_t seed) {
  std::vector<Position> out;
  Rng rng(seed);
  while (int(out.size()) < count) {
    Position game(rules);
    std::vector<Position> seen;
    while (!game.is_over()) {
      seen.push_back(game);
      game.play(random_move(game, rng));
    }
    out.push_back(seen[rng.below(std::uint32_t(seen.size()))]);
  }
  return out;
}

// Positions from random games where `keep` holds.
template <class Keep>
std::vector<Position> positions_where(Rules rules, int count, std::uint64_t seed, Keep keep) {
  std::vector<Position> out;
  Rng rng(seed);
  for (int games = 0; int(out.size()) < count && games < 200000; ++games) {
    Position pos(rules);
    while (!pos.is_over() && int(out.size()) < count) {
      if (keep(pos)) {
        out.push_back(pos);
        break;  // one per game keeps them varied
      }
      pos.play(random_move(pos, rng));
    }
  }
  EXPECT_EQ(int(out.size()), count) << "too few positions found";
  return out;
}

bool wins_at_once(const Position& pos, Move m) {
  Position next = pos;
  next.play(m);
  const Winner w = winner_of(next.status());
  return w == (pos.side_to_move() == Player::X ? Winner::kX : Winner::kO);
}

// Does m leave the opponent a move that wins the game at once?
bool allows_game_win(const Position& pos, Move m) {
  Position next = pos;
  next.play(m);
  return !next.is_over() && search::immediate_game_win(next) >= 0;
}

// The side to move cannot win now: how many of its moves let the opponent
// win the game next move, and of how many. None when it can win now.
std::optional<std::pair<int, int>> losing_moves(const Position& pos) {
  if (search::immediate_game_win(pos) >= 0) return std::nullopt;
  MoveList moves;
  pos.legal_moves(moves);
  int losing = 0;
  for (Move m : moves) losing += allows_game_win(pos, m);
  return std::pair(losing, int(moves.size));
}

// Some moves lose the game at once, and some do not.
bool must_block(const Position& pos) {
  const auto counts = losing_moves(pos);
  return counts && counts->first > 0 && counts->first < counts->second;
}

// Every move but one loses the game at once.
bool one_safe_move(const Position& pos) {
  const auto counts = losing_moves(pos);
  return counts && counts->second > 1 && counts->first == counts->second - 1;
}

TEST(Levels, AlwaysReturnALegalMoveUnderEveryVariant) {
  std::uint64_t seed = 1;
  for (Rules rules : testing::all_variant_combinations()) {
    for (const Position& pos : random_positions(rules, 6, seed++)) {
      for (Level level : kLevels) {
        const SearchResult r = choose_move(pos, level, iterations(150, seed));
        EXPECT_EQ(pos.check(r.move), MoveError::kOk)
            << level_name(level) << " in " << testing::name_of(rules) << " at ply " << pos.ply();
        EXPECT_GE(r.expected_score, 0.0);
        EXPECT_LE(r.expected_score, 1.0);
      }
    }
  }
}

TEST(Levels, PlayTheOnlyLegalMove) {
  std::uint64_t seed = 100;
  for (Rules rules : testing::all_variant_combinations()) {
    const auto forced = positions_where(rules, 2, seed++, [](const Position& p) {
      return p.count_legal_moves() == 1;
    });
    for (const Position& pos : forced) {
      MoveList only;
      pos.legal_moves(only);
      for (Level level : kLevels)
        EXPECT_EQ(choose_move(pos, level, iterations(5000)).move, only[0])
            << level_name(level) << " in " << testing::name_of(rules);
    }
  }
}

TEST(Levels, EveryLevelTakesAnImmediateGameWin) {
  for (Rules rules : {Rules{}, Rules{false, false, true, 0}, Rules{false, false, false, 4}}) {
    const auto positions = positions_where(rules, 15, 7, [](const Position& p) {
      return search::immediate_game_win(p) >= 0;
    });
    for (const Position& pos : positions)
      for (Level level : kLevels)
        for (std::uint64_t seed = 1; seed <= 3; ++seed)
          EXPECT_TRUE(wins_at_once(pos, choose_move(pos, level, iterations(300, seed)).move))
              << level_name(level) << " in " << testing::name_of(rules) << " at ply " << pos.ply();
  }
}

TEST(Levels, NormalAndExpertoBlockAnImmediateGameLoss) {
  for (Rules rules : {Rules{}, Rules{true, false, false, 0}, Rules{false, true, false, 0}}) {
    const auto positions = positions_where(rules, 20, 11, must_block);
    for (const Position& pos : positions)
      for (Level level : {Level::kNormal, Level::kExperto})
        EXPECT_FALSE(allows_game_win(pos, choose_move(pos, level, iterations(2000)).move))
            << level_name(level) << " in " << testing::name_of(rules) << " at ply " << pos.ply();
  }
}

// Novato is meant to be beatable: it mostly blocks, and sometimes does not.
TEST(Levels, NovatoUsuallyBlocksButSometimesMissesIt) {
  const auto positions = positions_where(Rules{}, 20, 11, must_block);
  int blocked = 0, missed = 0;
  for (const Position& pos : positions)
    for (std::uint64_t seed = 1; seed <= 10; ++seed)
      (allows_game_win(pos, choose_move(pos, Level::kNovato, iterations(1000, seed)).move)
           ? missed
           : blocked)++;
  EXPECT_GT(blocked, 2 * missed);
  EXPECT_GT(missed, 0);
}

TEST(Search, SameSeedAndBudgetGiveTheSameMove) {
  const auto positions = random_positions(Rules{}, 8, 3);
  for (const Position& pos : positions)
    for (Level level : kLevels) {
      const SearchResult a = choose_move(pos, level, iterations(3000, 42));
      const SearchResult b = choose_move(pos, level, iterations(3000, 42));
      EXPECT_EQ(a.move, b.move) << level_name(level);
      EXPECT_EQ(a.iterations, b.iterations);
      EXPECT_EQ(a.expected_score, b.expected_score);
    }
}

// choose_move keeps searchers between calls for their memory only: what an
// earlier call searched must not change the next answer.
TEST(Search, EarlierCallsDoNotChangeTheAnswer) {
  const auto positions = random_positions(Rules{}, 6, 11);
  for (Level level : {Level::kNormal, Level::kExperto}) {
    Searcher fresh(config_for(level));
    for (const Position& pos : positions) {
      fresh.forget();
      const SearchResult expected = fresh.choose(pos, iterations(2000, 7));
      // The same position, and a position it leads to, searched first.
      choose_move(pos, level, iterations(2000, 7));
      const SearchResult again = choose_move(pos, level, iterations(2000, 7));
      EXPECT_EQ(again.move, expected.move) << level_name(level);
      EXPECT_EQ(again.expected_score, expected.expected_score);
    }
  }
}

// Normal and Experto think until their time is up (a lower bound, which a
// busy machine cannot break); Novato may answer at once.
TEST(Search, NormalAndExpertoUseTheirWholeTimeBudget) {
  for (Level level : {Level::kNormal, Level::kExperto}) {
    SearchLimits limits;
    limits.max_milliseconds = 40;
    const auto start = std::chrono::steady_clock::now();
    choose_move(Position(), level, limits);
    const std::chrono::duration<double, std::milli> took = std::chrono::steady_clock::now() - start;
    EXPECT_GE(took.count(), 39.0) << level_name(level);
  }
}

TEST(Search, SpendsTheIterationBudget) {
  const SearchResult r = choose_move(Position(), Level::kExperto, iterations(5000));
  EXPECT_EQ(r.iterations, 5000u);
}

// Time management (measured weaker, and off for every level): a search
// stops once the most visited move cannot be overtaken in what is left of
// the budget, and so chooses what the whole budget would have; when every
// other move is proven lost, it stops at once.
TEST(Search, StopsOnceTheMoveIsSettled) {
  SearchConfig settles = config_for(Level::kExperto);
  settles.stop_when_settled = true;
  std::uint64_t spent = 0, budget = 0;
  for (const Position& pos : positions_where(Rules{}, 20, 11, must_block)) {
    Searcher settling(settles);
    Searcher thorough(config_for(Level::kExperto));
    const SearchResult a = settling.choose(pos, iterations(20000));
    const SearchResult b = thorough.choose(pos, iterations(20000));
    EXPECT_EQ(a.move, b.move) << "ply " << pos.ply();
    EXPECT_LE(a.iterations, b.iterations);
    spent += a.iterations;
    budget += b.iterations;
  }
  EXPECT_LT(spent, budget);

  for (const Position& pos : positions_where(Rules{}, 5, 12, one_safe_move)) {
    Searcher settling(settles);
    const SearchResult r = settling.choose(pos, iterations(20000));
    EXPECT_FALSE(allows_game_win(pos, r.move));
    EXPECT_LE(r.iterations, 512u) << "ply " << pos.ply();
  }
}

TEST(Search, HonoursATimeBudget) {
  SearchLimits limits;
  limits.max_milliseconds = 50;
  const auto start = std::chrono::steady_clock::now();
  const SearchResult r = choose_move(Position(), Level::kExperto, limits);
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  EXPECT_LT(ms, 1000.0);
  EXPECT_GT(r.iterations, 0u);
  EXPECT_TRUE(Position().is_legal(r.move));
}

TEST(Search, StopsPromptlyWhenCancelled) {
  std::atomic<bool> stop{false};
  SearchLimits limits;
  limits.max_milliseconds = 600000;  // ten minutes: only the flag can end it in time
  limits.stop = &stop;
  SearchResult r;
  std::thread searching([&] { r = choose_move(Position(), Level::kExperto, limits); });
  std::this_thread::sleep_for(std::chrono::milliseconds(30));
  const auto raised = std::chrono::steady_clock::now();
  stop = true;
  searching.join();
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - raised).count();
  EXPECT_LT(ms, 1000.0);
  EXPECT_TRUE(Position().is_legal(r.move));
}

TEST(Search, RefusesAFinishedGameOrAMissingBudget) {
  Position over = testing::position_of("uttt: 1/1 1/4 4/2 2/1 1/2 2/4 4/3 3/1 1/3");
  Rng rng(5);
  while (!over.is_over()) over.play(random_move(over, rng));
  EXPECT_THROW(choose_move(over, Level::kExperto, iterations(10)), std::invalid_argument);
  EXPECT_THROW(choose_move(Position(), Level::kNormal, SearchLimits{}), std::invalid_argument);
  SearchLimits negative;
  negative.max_milliseconds = -5;
  EXPECT_THROW(choose_move(Position(), Level::kNovato, negative), std::invalid_argument);
}

TEST(Searcher, KeepsTheSubtreeOfThePositionReached) {
  Searcher searcher(config_for(Level::kExperto));
  Position pos;
  const SearchResult first = searcher.choose(pos, iterations(20000));
  EXPECT_EQ(searcher.nodes_reused(), 0u);
  pos.play(first.move);
  Rng rng(9);
  pos.play(random_move(pos, rng));
  const SearchResult second = searcher.choose(pos, iterations(20000));
  EXPECT_GT(searcher.nodes_reused(), 1u);
  EXPECT_TRUE(pos.is_legal(second.move));
  // A position from another game starts a new tree.
  Position other;
  other.play(make_move(0, 0));
  searcher.choose(other, iterations(100));
  EXPECT_EQ(searcher.nodes_reused(), 0u);
}

TEST(Searcher, StaysWithinItsMemoryBudget) {
  constexpr std::size_t kBytes = 64 << 10;
  Searcher searcher(config_for(Level::kExperto), kBytes);
  const SearchResult r = searcher.choose(Position(), iterations(50000));
  EXPECT_EQ(r.iterations, 50000u);  // a full pool stops the growth, not the search
  EXPECT_LE(searcher.nodes_in_use() * Searcher::kBytesPerNode, kBytes);
  EXPECT_TRUE(Position().is_legal(r.move));
}

TEST(Searcher, PlaysWholeGamesLegallyWithTreeReuse) {
  for (Level level : kLevels) {
    Searcher x(config_for(level)), o(config_for(level));
    Position pos;
    while (!pos.is_over()) {
      Searcher& mover = pos.side_to_move() == Player::X ? x : o;
      const Move m = mover.choose(pos, iterations(400, pos.ply() + 1)).move;
      ASSERT_EQ(pos.check(m), MoveError::kOk) << level_name(level) << " at ply " << pos.ply();
      pos.play(m);
    }
  }
}

// One iteration visits one child of the root: the one with the best
// estimate, where the evaluation applies, and otherwise the first.
// Each child's estimate as the searcher makes it when a node grows: by the
// logistic evaluation (Normal) or by the network (Experto).
float logistic_estimate(const Position& pos, Move m) { return search::MoveEstimates(pos).after(m); }

float network_estimate(const Position& pos, Move m) {
  const nnue::Network& net = *nnue::Network::embedded();
  Position next = pos;
  next.play(m);
  if (next.is_over()) return search::mover_win_chance(next);
  nnue::Accumulator acc;
  net.refresh(pos, acc);
  nnue::FeatureChange change[2];
  nnue::changes_of(pos, m, next, change);
  return 1.0f - nnue::win_chance(net.output_after(acc, change, next.side_to_move()));
}

TEST(Searcher, TriesTheBestEstimatedMoveFirst) {
  Rules open_boards;
  open_boards.open_boards = true;
  for (const auto& [level, estimate] :
       {std::pair(Level::kNormal, &logistic_estimate), std::pair(Level::kExperto, &network_estimate)})
    for (Rules rules : {Rules{}, open_boards}) {
      const bool evaluated = rules.standard_boards();
      for (const Position& pos : random_positions(rules, 200, 41)) {
        if (search::immediate_game_win(pos) >= 0) continue;
        MoveList moves;
        pos.legal_moves(moves);
        Move expected = moves[0];
        if (evaluated)
          for (Move m : moves)
            if (estimate(pos, m) > estimate(pos, expected)) expected = m;
        Searcher searcher(config_for(level));
        EXPECT_EQ(searcher.choose(pos, iterations(1)).move, expected)
            << level_name(level) << " " << testing::name_of(rules) << " ply " << pos.ply();
      }
    }
}

// Without a first-play value every child of the root is tried once before
// any is tried twice, so 81 iterations from the empty board grow nothing
// below the root's 81 children. Experto values a child not tried yet at its
// estimate and goes back to a promising one first, which grows children of
// its own; where the evaluation does not apply it tries every child first.
TEST(Searcher, ExpertoRevisitsAPromisingMoveBeforeTryingEveryOne) {
  auto nodes_after_81_iterations = [](const SearchConfig& config, Rules rules) {
    Searcher searcher(config);
    searcher.choose(Position(rules), iterations(kCells));
    return searcher.nodes_in_use();
  };
  SearchConfig every_child_first = config_for(Level::kExperto);
  every_child_first.first_play = 0;
  EXPECT_EQ(nodes_after_81_iterations(every_child_first, Rules{}), 1u + kCells);
  EXPECT_GT(nodes_after_81_iterations(config_for(Level::kExperto), Rules{}), 1u + kCells);
  Rules open_boards;
  open_boards.open_boards = true;
  EXPECT_EQ(nodes_after_81_iterations(config_for(Level::kExperto), open_boards), 1u + kCells);
}

// A leaf's value is its estimate, its playout's result, or a blend: only
// the playouts draw on the seed, so a search on estimates alone gives the
// same answer whatever the seed, and a blend does not.
TEST(Searcher, PlaysOutLeavesUnlessTheirEstimateStandsAlone) {
  auto answers_differ_by_seed = [](float leaf_share) {
    SearchConfig config = config_for(Level::kExperto);
    config.leaf_estimate_share = leaf_share;
    int differ = 0;
    for (const Position& pos : random_positions(Rules{}, 12, 23)) {
      Searcher a(config), b(config);
      const SearchResult ra = a.choose(pos, iterations(2000, 1));
      const SearchResult rb = b.choose(pos, iterations(2000, 2));
      differ += ra.move != rb.move || ra.expected_score != rb.expected_score;
    }
    return differ;
  };
  EXPECT_EQ(answers_differ_by_seed(1.0f), 0);
  EXPECT_GT(answers_differ_by_seed(0.5f), 0);
  EXPECT_GT(answers_differ_by_seed(0.0f), 0);
}

// An endgame from a game Experto lost as O to the yardstick: each of O's
// moves loses to a forced win, yet nearly every playout from here ends in
// a draw. Seeing the loss means trying X's winning replies, which the
// network ranks below the drawn ones already tried. While X's draws were
// worth 0.5 + contempt in Experto's tree, it took 264,862 iterations, and
// Experto had walked into this position believing it drawn.
TEST(Searcher, ExpertoFindsTheOpponentsWinBehindDrawnLines) {
  const Parsed<GameRecord> game = parse_game(
      "uttt: 5/5 5/7 7/7 7/2 2/4 4/2 2/6 6/2 2/2 2/8 8/6 6/8 8/9 9/6 6/6 6/5 5/9 9/4 4/1 1/1 "
      "1/4 4/4 4/9 9/9 9/2 2/9 9/1 1/2 2/7 7/1 1/3 3/4 4/7 7/3 3/1 1/8 8/1 1/5 5/1 4/8 8/2 2/5 "
      "3/3");
  ASSERT_TRUE(game) << game.error;
  for (std::uint64_t seed : {1, 2, 3}) {
    Searcher searcher(config_for(Level::kExperto));
    EXPECT_EQ(searcher.choose(game.value.position(), iterations(20000, seed)).expected_score, 0.0)
        << "seed " << seed;
  }
}

TEST(Levels, NamesRoundTrip) {
  for (Level level : kLevels) EXPECT_EQ(parse_level(level_name(level)), level);
  EXPECT_FALSE(parse_level("Experto"));
  EXPECT_FALSE(parse_level(""));
}

}  // namespace
}  // namespace uttt
