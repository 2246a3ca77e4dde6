#include "players.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <vector>

#include "random.h"

namespace reversi {

namespace {

// Corners can never flip back; the squares touching an empty corner hand
// it to the opponent. The classic square weights say both.
constexpr int kWeight[kSquares] = {
    100, -20, 10, 5, 5, 10, -20, 100,  //
    -20, -50, -2, -2, -2, -2, -50, -20,  //
    10, -2, -1, -1, -1, -1, -2, 10,  //
    5, -2, -1, -1, -1, -1, -2, 5,  //
    5, -2, -1, -1, -1, -1, -2, 5,  //
    10, -2, -1, -1, -1, -1, -2, 10,  //
    -20, -50, -2, -2, -2, -2, -50, -20,  //
    100, -20, 10, 5, 5, 10, -20, 100,
};
constexpr int kMobility = 5;
constexpr int kWon = 100000;  // beyond any heuristic value

int weight(Bits discs) {
  int sum = 0;
  for (; discs; discs &= discs - 1) sum += kWeight[lowest_square(discs)];
  return sum;
}

// For the side to move.
int heuristic(const Position& p) {
  const Position them = [&] { Position q = p; q.pass(); return q; }();
  return weight(p.own()) - weight(p.opponent()) +
         kMobility * (count(p.legal_moves()) - count(them.legal_moves()));
}

int final_score(const Position& p) {
  const int diff = count(p.own()) - count(p.opponent());
  return diff > 0 ? kWon + diff : diff < 0 ? -kWon + diff : 0;
}

struct Abort {};

class Search {
 public:
  explicit Search(const Budget& b) : budget_(b), start_(Clock::now()) {}

  std::uint64_t nodes() const { return nodes_; }

  int negamax(const Position& p, int depth, int alpha, int beta) {
    if ((++nodes_ & 1023) == 0) check();
    if (budget_.nodes && nodes_ > budget_.nodes) throw Abort{};
    Bits moves = p.legal_moves();
    if (moves == 0) {
      Position passed = p;
      passed.pass();
      if (passed.legal_moves() == 0) return final_score(p);
      return -negamax(passed, depth, -beta, -alpha);
    }
    if (depth == 0) return heuristic(p);
    int best = -2 * kWon;
    for (int square : ordered(moves)) {
      Position next = p;
      next.play(square);
      best = std::max(best, -negamax(next, depth - 1, -beta, -alpha));
      alpha = std::max(alpha, best);
      if (alpha >= beta) break;
    }
    return best;
  }

  // Best square first by its weight: cheap, and cuts most of the tree.
  static std::vector<int> ordered(Bits moves) {
    std::vector<int> squares;
    for (; moves; moves &= moves - 1) squares.push_back(lowest_square(moves));
    std::stable_sort(squares.begin(), squares.end(),
                     [](int a, int b) { return kWeight[a] > kWeight[b]; });
    return squares;
  }

 private:
  using Clock = std::chrono::steady_clock;
  void check() const {
    if (budget_.stop && budget_.stop->load(std::memory_order_relaxed)) throw Abort{};
    if (budget_.milliseconds > 0 &&
        std::chrono::duration<double, std::milli>(Clock::now() - start_).count() >
            budget_.milliseconds)
      throw Abort{};
  }

  const Budget& budget_;
  Clock::time_point start_;
  std::uint64_t nodes_ = 0;
};

double expected(int value) {
  if (value >= kWon) return 1;
  if (value <= -kWon) return 0;
  return 1 / (1 + std::exp(-value / 100.0));
}

Choice random_move(const Position& p, Random& rng) {
  return {rng.pick(p.legal_moves()), 1, 0.5};
}

Choice greedy_move(const Position& p, Random& rng) {
  Choice best{kPass, 0, 0};
  int best_value = 0;
  for (Bits moves = p.legal_moves(); moves; moves &= moves - 1) {
    const int square = lowest_square(moves);
    Position next = p;
    next.play(square);
    // A random tie-break keeps a series of games from repeating itself.
    const int value = -heuristic(next) * 16 + int(rng.below(16));
    if (best.move == kPass || value > best_value) {
      best.move = square;
      best_value = value;
    }
    ++best.nodes;
  }
  best.expected_score = expected(best_value / 16);
  return best;
}

Choice searched_move(const Position& p, const Budget& budget) {
  Search search(budget);
  const std::vector<int> squares = Search::ordered(p.legal_moves());
  Choice best{squares.front(), 0, 0.5};
  const int empties = count(p.empty());
  // With neither a time nor a node limit, a fixed depth keeps the answer quick.
  const int max_depth = budget.milliseconds > 0 || budget.nodes ? empties : std::min(empties, 6);
  try {
    for (int depth = 1; depth <= max_depth; ++depth) {
      int alpha = -2 * kWon, value_of_best = alpha;
      int chosen = squares.front();
      for (int square : squares) {
        Position next = p;
        next.play(square);
        const int value = -search.negamax(next, depth - 1, -2 * kWon, -alpha);
        if (value > value_of_best) {
          value_of_best = value;
          chosen = square;
          alpha = value;
        }
      }
      best.move = chosen;
      best.expected_score = expected(value_of_best);
      if (std::abs(value_of_best) >= kWon) break;  // the end is solved
    }
  } catch (const Abort&) {
    // The last depth searched to the end stands.
  }
  best.nodes = std::max<std::uint64_t>(search.nodes(), 1);
  return best;
}

}  // namespace

Choice choose_move(const Position& p, const Budget& budget) {
  if (p.legal_moves() == 0) return {kPass, 1, 0.5};
  Random rng(budget.seed);
  switch (budget.level) {
    case Level::kNovato: return random_move(p, rng);
    case Level::kNormal: return greedy_move(p, rng);
    case Level::kExperto: break;
  }
  return searched_move(p, budget);
}

}  // namespace reversi
