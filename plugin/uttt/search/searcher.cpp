#include "searcher.h"

#include <emmintrin.h>
#include <sys/mman.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>
#include <optional>
#include <stdexcept>
#include <vector>

#include "beginner.h"
#include "evaluation.h"
#include "tactics.h"

namespace uttt {

using search::Node;
using search::Proof;

namespace {

// Without a first-play value, unvisited children come first: their value,
// this plus their estimate, beats any mean, and their exploration factor is
// the largest. Small, so that estimates keep their precision in the sum. A
// proven win beats them, a proven loss is never chosen while anything else
// remains.
constexpr float kUnvisited = 2.0f;
constexpr float kProvenWin = 1e7f;
constexpr float kProvenLoss = -1e7f;

// Selection scores this many children at once (SSE).
constexpr int kLanes = 4;

// Every search pass reads the clock and the stop flag once per this many
// iterations: about a tenth of a millisecond.
constexpr std::uint64_t kPollEvery = 64;

// A search on a position with one legal move only estimates its value, and
// no answer that time management cuts short rests on fewer iterations.
constexpr std::uint64_t kForcedMoveIterations = 256;

// ln x for x >= 1, to about 1e-4: the exploration term needs no more, and
// std::log would cost more than the rest of a selection step. Pure float
// arithmetic, so the same on every machine.
inline float fast_ln(float x) {
  std::uint32_t bits;
  std::memcpy(&bits, &x, sizeof bits);
  const int exponent = int(bits >> 23) - 127;
  bits = (bits & 0x007FFFFFu) | 0x3F800000u;
  float m;
  std::memcpy(&m, &bits, sizeof m);  // mantissa in [1, 2)
  const float t = (m - 1.0f) / (m + 1.0f);
  const float t2 = t * t;
  return float(exponent) * 0.69314718f + 2.0f * t * (1.0f + t2 * (1.0f / 3 + t2 * 0.2f));
}

// sqrt(ln n) for the visit counts most nodes have, the same floats the
// formula gives: computed, it sat on the path of every selection step.
constexpr std::uint32_t kSqrtLnTable = 1024;
const std::array<float, kSqrtLnTable> kSqrtLn = [] {
  std::array<float, kSqrtLnTable> t{};
  for (std::uint32_t n = 1; n < kSqrtLnTable; ++n) t[n] = std::sqrt(fast_ln(float(n)));
  return t;
}();

inline float sqrt_ln(std::uint32_t n) {
  return n < kSqrtLnTable ? kSqrtLn[n] : std::sqrt(fast_ln(float(n)));
}

Proof proof_of(Status s, Player mover) {
  const Winner w = winner_of(s);
  if (w == Winner::kDraw) return Proof::kDraw;
  return w == (mover == Player::X ? Winner::kX : Winner::kO) ? Proof::kWin : Proof::kLoss;
}

Winner winner_for(Player p) { return p == Player::X ? Winner::kX : Winner::kO; }

}  // namespace

SearchConfig config_for(Level level) {
  SearchConfig c;
  switch (level) {
    case Level::kExperto:
      // The learned evaluation, and a larger share for it than the logistic
      // one earns: its estimates are sharper; with them a narrower search
      // pays, and so does trusting them for moves not tried yet (docs/cpu.md,
      // "The learned evaluation").
      c.network = nnue::Network::embedded();
      c.minimax_weight = 0.5f;
      c.exploration = 0.35f;
      c.first_play = 0.25f;
      break;
    case Level::kNormal:
      // The whole budget, but spread too evenly: with the textbook constant
      // it keeps looking at moves Experto has already dismissed, so it sees
      // every short tactic and plans less deep.
      c.exploration = 1.414f;
      break;
    case Level::kNovato:
      c.playout = search::Playout::kUniform;
      c.minimax_weight = 0;
      c.max_iterations = 300;
      c.blunder_rate = 0.3;
      break;
  }
  return c;
}

SearchConfig plain_uct() {
  SearchConfig c;
  c.playout = search::Playout::kUniform;
  c.solver = false;
  c.contempt = 0;
  c.minimax_weight = 0;
  c.exploration = 0.5f;  // its best by measurement (0.35 is as good, 0.7 and 1.0 worse)
  return c;
}

Searcher::Searcher(const SearchConfig& config, std::size_t tree_bytes)
    : config_(config),
      // Room for the root's children at least, whatever the budget says, and
      // no more than 32-bit child indices reach.
      capacity_(std::clamp<std::size_t>(tree_bytes / kBytesPerNode, 2 * kCells,
                                        UINT32_MAX - kLanes)) {}

Searcher::~Searcher() = default;

void Searcher::PoolFree::operator()(void* p) const { std::free(p); }

// Whole huge pages, advised as such: a tree of a few hundred thousand nodes
// then takes a page fault per 2 MiB instead of per 4 KiB, and selection's
// scattered reads miss the TLB far less. The advice may be refused (huge
// pages off), which leaves ordinary pages; the memory is still only touched
// as the tree grows.
template <typename T>
Searcher::PoolArray<T> Searcher::pool_array(std::size_t count) {
  constexpr std::size_t kHugePage = std::size_t(2) << 20;
  const std::size_t bytes = (count * sizeof(T) + kHugePage - 1) / kHugePage * kHugePage;
  void* memory = std::aligned_alloc(kHugePage, bytes);
  if (!memory) throw std::bad_alloc();
  madvise(memory, bytes, MADV_HUGEPAGE);
  T* first = static_cast<T*>(memory);
  std::uninitialized_default_construct_n(first, count);  // trivial: writes nothing
  return PoolArray<T>(first);
}

void Searcher::forget() {
  has_tree_ = false;
  used_ = reused_ = 0;
}

SearchResult Searcher::choose(const Position& pos, const SearchLimits& limits) {
  if (pos.is_over()) throw std::invalid_argument("cannot choose a move: the game is over");
  if (!(limits.max_milliseconds >= 0) || !std::isfinite(limits.max_milliseconds))
    throw std::invalid_argument("the time budget must be a finite number of milliseconds >= 0");
  if (limits.max_iterations == 0 && limits.max_milliseconds == 0)
    throw std::invalid_argument("a search needs an iteration budget or a time budget");

  const auto start = Clock::now();
  Rng rng(limits.seed);
  if (config_.solver) {
    if (const int win = search::immediate_game_win(pos); win >= 0)
      return {Move(win), 0, 1.0};
  }
  if (config_.blunder_rate > 0 && rng.below(1u << 20) < config_.blunder_rate * (1u << 20))
    return {search::beginner_move(pos, rng), 0, 0.5};

  if (!nodes_) {  // pages are touched as the tree grows; all three or none
    PoolArray<Node> nodes = pool_array<Node>(capacity_);
    PoolArray<float> mean = pool_array<float>(capacity_ + kLanes);
    explore_ = pool_array<float>(capacity_ + kLanes);
    mean_ = std::move(mean);
    nodes_ = std::move(nodes);
  }
  // The evaluation was fitted to games with standard boards; under the other
  // variants it would mislead more than it helps.
  minimax_weight_ = pos.rules().standard_boards() ? config_.minimax_weight : 0.0f;
  leaf_share_ = minimax_weight_ > 0 ? config_.leaf_estimate_share : 0.0f;
  const float first_play = minimax_weight_ > 0 ? config_.first_play : 0.0f;
  unvisited_base_ = first_play > 0 ? 0.0f : kUnvisited;
  unvisited_explore_ = first_play > 0 ? first_play : 1.0f;
  reused_ = 0;
  if (!reroot(pos)) start_tree(pos);
  // Every position the search grows lies a few moves from this one.
  if (minimax_weight_ > 0 && config_.network) anchor_.emplace(*config_.network, pos);
  // A kept root may be a leaf (even a proven one, such as a certain draw);
  // the answer needs its children.
  if (!nodes_[0].children && !expand(0, root_pos_)) {
    start_tree(pos);
    expand(0, root_pos_);
  }

  // The clock started with this call, so the tree reuse above is paid from
  // the budget too.
  std::uint64_t max_iterations = limits.max_iterations ? limits.max_iterations : ~std::uint64_t(0);
  if (config_.max_iterations) max_iterations = std::min(max_iterations, config_.max_iterations);
  if (pos.count_legal_moves() == 1) max_iterations = std::min(max_iterations, kForcedMoveIterations);
  Clock::time_point deadline = Clock::time_point::max();
  if (limits.max_milliseconds > 0)
    deadline = start + std::chrono::duration_cast<Clock::duration>(
                           std::chrono::duration<double, std::milli>(limits.max_milliseconds));

  const std::uint64_t iterations = run(max_iterations, deadline, limits.stop, rng);
  SearchResult result = best_result();
  result.iterations = iterations;
  return result;
}

void Searcher::init_node(std::uint32_t index, Move m, float estimate) {
  nodes_[index] = Node{0, 0.0f, 0, m, 0, Proof::kUnknown, 0, 0.5f, estimate};
  // Among children not tried yet, the best estimate goes first.
  mean_[index] = unvisited_base_ + estimate;
  explore_[index] = unvisited_explore_;
}

float Searcher::best_child_estimate(const Node& node) const {
  const Node* child = &nodes_[node.children];
  float best = child[0].estimate;
  for (int i = 1; i < node.child_count; ++i) best = std::max(best, child[i].estimate);
  return best;
}

void Searcher::start_tree(const Position& pos) {
  root_pos_ = pos;
  init_node(0, 0, 0.5f);
  used_ = 1;
  reused_ = 0;
  has_tree_ = true;
}

bool Searcher::reroot(const Position& pos) {
  if (!has_tree_ || !config_.reuse_tree || pos.rules() != root_pos_.rules()) return false;
  if (pos == root_pos_) return true;
  const int plies = pos.ply() - root_pos_.ply();
  // The kept means value draws for the side that searched them; one ply on,
  // the other side searches.
  if (plies != 2 && (plies != 1 || config_.contempt != 0)) return false;
  const Node& root = nodes_[0];
  for (std::uint32_t i = root.children; i < root.children + root.child_count; ++i) {
    Position after = root_pos_;
    after.play(nodes_[i].move);
    if (plies == 1 && after == pos) {
      compact_below(i);
      root_pos_ = pos;
      return true;
    }
    const Node& child = nodes_[i];
    if (plies == 1 || !child.children) continue;
    for (std::uint32_t j = child.children; j < child.children + child.child_count; ++j) {
      Position next = after;
      next.play(nodes_[j].move);
      if (next == pos) {
        compact_below(j);
        root_pos_ = pos;
        return true;
      }
    }
  }
  return false;
}

// Slides the subtree below new_root to the front of the pool, keeping the
// order of its nodes, so the kept tree is contiguous and the rest of the
// pool is free. A child block always lies after its parent: one forward
// sweep finds the whole subtree, and every node moves down onto a slot
// already read, with no second copy of the tree (copying it breadth first
// through a buffer took a fifth of a 100 ms move once the kept tree had a
// few hundred thousand nodes).
void Searcher::compact_below(std::uint32_t new_root) {
  const std::size_t span = used_ - new_root;
  std::vector<std::uint64_t> kept((span + 63) / 64, 0);  // a bit per node from new_root on
  auto mark_block = [&](std::size_t first, std::size_t count) {
    for (std::size_t i = first; i < first + count; ++i)
      kept[i >> 6] |= std::uint64_t(1) << (i & 63);
  };
  mark_block(0, 1);
  for (std::size_t w = 0; w < kept.size(); ++w) {
    // Children may land in this very word, above the bit being read.
    for (std::uint64_t m = kept[w]; m;) {
      const int b = __builtin_ctzll(m);
      const Node& n = nodes_[new_root + (w << 6) + std::size_t(b)];
      if (n.children) mark_block(n.children - new_root, n.child_count);
      m = kept[w] & ~((std::uint64_t(2) << b) - 1);
    }
  }
  std::vector<std::uint32_t> before(kept.size());  // kept nodes in the words before
  std::uint32_t count = 0;
  for (std::size_t w = 0; w < kept.size(); ++w) {
    before[w] = count;
    count += std::uint32_t(__builtin_popcountll(kept[w]));
  }
  auto new_index = [&](std::uint32_t old) {
    const std::size_t i = old - new_root;
    const std::uint64_t below = kept[i >> 6] & ((std::uint64_t(1) << (i & 63)) - 1);
    return before[i >> 6] + std::uint32_t(__builtin_popcountll(below));
  };
  std::uint32_t to = 0;
  for (std::size_t w = 0; w < kept.size(); ++w) {
    for (std::uint64_t m = kept[w]; m; m &= m - 1) {
      const std::size_t from = new_root + (w << 6) + std::size_t(__builtin_ctzll(m));
      Node n = nodes_[from];
      if (n.children) n.children = new_index(n.children);
      nodes_[to] = n;
      mean_[to] = mean_[from];
      explore_[to] = explore_[from];
      ++to;
    }
  }
  used_ = reused_ = count;
}

bool Searcher::expand(std::uint32_t node, const Position& pos) {
  MoveList moves;
  pos.legal_moves(moves);
  if (used_ + std::size_t(moves.size) > capacity_) return false;  // the pool is full
  const std::uint32_t first = std::uint32_t(used_);
  nodes_[node].children = first;
  nodes_[node].child_count = std::uint8_t(moves.size);
  if (minimax_weight_ > 0 && config_.network) {
    const nnue::Network& net = *config_.network;
    nnue::Accumulator acc;
    net.refresh(pos, *anchor_, acc);
    for (const Move m : moves) {
      Position next = pos;
      next.play(m);
      if (next.is_over()) {
        init_node(std::uint32_t(used_++), m, search::mover_win_chance(next));
        continue;
      }
      nnue::FeatureChange change[2];
      nnue::changes_of(pos, m, next, change);
      init_node(std::uint32_t(used_++), m,
                1.0f - nnue::win_chance(net.output_after(acc, change, next.side_to_move())));
    }
  } else if (minimax_weight_ > 0) {
    const search::MoveEstimates estimates(pos);
    for (const Move m : moves) init_node(std::uint32_t(used_++), m, estimates.after(m));
  } else {
    for (const Move m : moves) init_node(std::uint32_t(used_++), m, 0.5f);
  }
  if (config_.solver) {
    if (const int win = search::immediate_game_win(pos); win >= 0) {
      for (std::uint32_t i = first; i < first + std::uint32_t(moves.size); ++i)
        if (nodes_[i].move == win) record_proof(i, Proof::kWin);
      record_proof(node, Proof::kLoss);
    }
  }
  return true;
}

// UCB1 over the children, four at a time. Each lane keeps the first best
// child of its own; the lanes then agree on the best score and, among equal
// ones, the lowest index: the first best child, as a plain loop finds.
std::uint32_t Searcher::select(const Node& parent) const {
  // A new root has no visits yet: no exploration term, so that its first
  // child tried is its best estimate too.
  const float scale = config_.exploration * sqrt_ln(std::max(parent.visits, 1u));
  const float* mean = &mean_[parent.children];
  const float* explore = &explore_[parent.children];
  const int count = parent.child_count;
  const __m128 scale4 = _mm_set1_ps(scale);
  const __m128i count4 = _mm_set1_epi32(count);
  const __m128i step = _mm_set1_epi32(kLanes);
  __m128i index = _mm_setr_epi32(0, 1, 2, 3);
  __m128 best = _mm_set1_ps(-INFINITY);
  __m128i best_index = _mm_setzero_si128();
  for (int i = 0; i < count; i += kLanes) {
    const __m128 score =
        _mm_add_ps(_mm_loadu_ps(mean + i), _mm_mul_ps(scale4, _mm_loadu_ps(explore + i)));
    const __m128 better =
        _mm_and_ps(_mm_cmpgt_ps(score, best), _mm_castsi128_ps(_mm_cmplt_epi32(index, count4)));
    best = _mm_or_ps(_mm_and_ps(better, score), _mm_andnot_ps(better, best));
    const __m128i take = _mm_castps_si128(better);
    best_index = _mm_or_si128(_mm_and_si128(take, index), _mm_andnot_si128(take, best_index));
    index = _mm_add_epi32(index, step);
  }
  alignas(16) float scores[kLanes];
  alignas(16) std::int32_t indices[kLanes];
  _mm_store_ps(scores, best);
  _mm_store_si128(reinterpret_cast<__m128i*>(indices), best_index);
  int chosen = 0;
  for (int lane = 1; lane < kLanes; ++lane)
    if (scores[lane] > scores[chosen] ||
        (scores[lane] == scores[chosen] && indices[lane] < indices[chosen]))
      chosen = lane;
  return parent.children + std::uint32_t(indices[chosen]);
}

void Searcher::record_proof(std::uint32_t node, Proof proof, float draw_value) {
  nodes_[node].proof = proof;
  // Without the solver a finished game is only a leaf whose playout is
  // exact; its value still comes from the averages.
  if (!config_.solver) return;
  nodes_[node].estimate = proof == Proof::kWin ? 1.0f : proof == Proof::kLoss ? 0.0f : draw_value;
  mean_[node] = proof == Proof::kWin    ? kProvenWin
                : proof == Proof::kLoss ? kProvenLoss
                                        : draw_value;
}

// A node is won for its mover when every reply loses for the opponent, lost
// when one reply wins, drawn when the best reply draws. path[d] are node
// indices from the root; the proof climbs while it keeps settling parents.
void Searcher::prove_upwards(const std::uint32_t* path, int depth, const float* draw_value) {
  for (int d = depth; d >= 1; --d) {
    const Node& child = nodes_[path[d]];
    Node& parent = nodes_[path[d - 1]];
    if (child.proof == Proof::kUnknown || parent.proof != Proof::kUnknown) return;
    if (child.proof == Proof::kWin) {
      record_proof(path[d - 1], Proof::kLoss);
      continue;
    }
    bool drawn = false;
    for (std::uint32_t i = parent.children; i < parent.children + parent.child_count; ++i) {
      const Proof p = nodes_[i].proof;
      if (p == Proof::kUnknown) return;
      drawn |= p == Proof::kDraw;
    }
    record_proof(path[d - 1], drawn ? Proof::kDraw : Proof::kWin, draw_value[(d - 1) & 1]);
  }
}

std::uint64_t Searcher::run(std::uint64_t max_iterations, Clock::time_point deadline,
                           const std::atomic<bool>* stop, Rng& rng) {
  const bool timed = deadline != Clock::time_point::max();
  const Player root_mover = ~root_pos_.side_to_move();
  const bool solver = config_.solver;
  // What a draw is worth at even and odd depths: odd depths are the
  // searching side's moves.
  const float draw_value[2] = {0.5f + config_.opponent_contempt, 0.5f - config_.contempt};

  const Clock::time_point began = Clock::now();

  std::uint32_t path[kMaxPlies + 2];
  std::uint64_t it = 0;
  for (; it < max_iterations; ++it) {
    if (it % kPollEvery == 0 && it > 0) {
      if (stop && stop->load(std::memory_order_relaxed)) break;
      const Clock::time_point now = timed ? Clock::now() : began;
      if (timed && now >= deadline) break;
      if (config_.stop_when_settled && it >= kForcedMoveIterations) {
        std::uint64_t left = max_iterations - it;
        if (timed) {  // at the pace so far
          const double per_iteration = std::chrono::duration<double>(now - began).count() / it;
          const double time_left = std::chrono::duration<double>(deadline - now).count();
          left = std::min(left, std::uint64_t(time_left / per_iteration) + 1);
        }
        if (settled(left)) break;
      }
    }
    if (solver && nodes_[0].proof != Proof::kUnknown) break;  // nothing left to learn

    Position pos = root_pos_;
    int depth = 0;
    path[0] = 0;
    Winner result = Winner::kNone;
    float leaf_estimate = 0;  // for the leaf's mover, when it enters its value
    bool blend = false;       // the leaf was estimated and played out
    for (;;) {
      Node& node = nodes_[path[depth]];
      const Player mover = (depth & 1) ? ~root_mover : root_mover;
      if (node.proof != Proof::kUnknown) {
        result = node.proof == Proof::kDraw ? Winner::kDraw
                 : node.proof == Proof::kWin ? winner_for(mover)
                                             : winner_for(~mover);
        break;
      }
      if (!node.children) {
        const bool grow = depth == 0 || node.visits >= config_.expand_visits;
        if (!grow || !expand(path[depth], pos)) {
          if (leaf_share_ > 0) leaf_estimate = node.estimate;
          if (leaf_share_ < 1) result = search::play_out(pos, rng, config_.playout);
          blend = leaf_share_ > 0 && leaf_share_ < 1;
          break;
        }
        if (node.proof != Proof::kUnknown) continue;
      }
      const std::uint32_t next = select(node);
      Node& child = nodes_[next];
      const Mask9 decided_before = pos.decided_boards();
      pos.play(child.move);
      path[++depth] = next;
      if (pos.is_over())
        record_proof(next, proof_of(pos.status(), ~mover), draw_value[depth & 1]);
      else if (solver && pos.decided_boards() != decided_before && search::dead_draw(pos))
        record_proof(next, Proof::kDraw, draw_value[depth & 1]);
    }

    const float weight = minimax_weight_;
    bool estimate_changed = true;
    for (int d = depth; d >= 0; --d) {
      Node& node = nodes_[path[d]];
      const Player mover = (d & 1) ? ~root_mover : root_mover;
      ++node.visits;
      const float estimate_here = (depth - d) & 1 ? 1.0f - leaf_estimate : leaf_estimate;
      // A leaf that was played out and estimated is worth a blend of both.
      auto value = [&](float draw) {
        if (result == Winner::kNone) return estimate_here;
        const float r = result == Winner::kDraw       ? draw
                        : result == winner_for(mover) ? 1.0f
                                                      : 0.0f;
        return blend ? r + leaf_share_ * (estimate_here - r) : r;
      };
      node.points += value(0.5f);
      const float inverse = 1.0f / float(node.visits);
      explore_[path[d]] = std::sqrt(inverse);
      if (node.proof == Proof::kUnknown || !solver) {
        const float r = value(draw_value[d & 1]);
        float& average = node.average;
        average = node.visits == 1 ? r : average + (r - average) * inverse;
        if (weight > 0) {
          float& estimate = node.estimate;
          if (estimate_changed && node.children) {
            const float e = 1.0f - best_child_estimate(node);
            estimate_changed = e != estimate;
            estimate = e;
          }
          mean_[path[d]] = average + weight * (estimate - average);
        } else {
          mean_[path[d]] = average;
        }
      } else {
        estimate_changed = true;
      }
    }
    if (solver) prove_upwards(path, depth, draw_value);
  }
  return it;
}

bool Searcher::settled(std::uint64_t iterations_left) const {
  const Node& root = nodes_[0];
  const Node* const first = &nodes_[root.children];
  const Node* const last = first + root.child_count;
  const Node* best = first;
  for (const Node* c = first; c != last; ++c)
    if (c->visits > best->visits) best = c;
  if (best->proof == Proof::kLoss) return false;
  // Proven losses are never chosen while anything else is left, however
  // many visits they have.
  std::uint32_t runner_up = 0;
  bool contested = false;
  for (const Node* c = first; c != last; ++c)
    if (c != best && (c->proof != Proof::kLoss || !config_.solver)) {
      contested = true;
      runner_up = std::max(runner_up, c->visits);
    }
  if (!contested) return true;
  // A losing-looking move gives way to a proven draw, which may still come.
  if (best->proof != Proof::kDraw && best->points < 0.5f * float(best->visits)) return false;
  return best->visits - runner_up > iterations_left;
}

SearchResult Searcher::best_result() const {
  const Node& root = nodes_[0];
  const Node* first = &nodes_[root.children];
  const Node* const last = first + root.child_count;
  auto mean = [](const Node& n) { return n.visits ? double(n.points) / n.visits : 0.5; };

  const Node* best = nullptr;
  for (const Node* c = first; c != last; ++c)
    if (c->proof == Proof::kWin) return {c->move, 0, 1.0};
  auto better = [&](const Node* a, const Node* b) {  // is a better than b?
    if (!b) return true;
    if (a->visits != b->visits) return a->visits > b->visits;
    return a->points > b->points;
  };
  for (const Node* c = first; c != last; ++c)
    if ((c->proof != Proof::kLoss || !config_.solver) && better(c, best)) best = c;
  if (!best)  // every move loses: resist the longest, where the search looked most
    for (const Node* c = first; c != last; ++c)
      if (better(c, best)) best = c;
  if (config_.solver && best->proof != Proof::kDraw && mean(*best) < 0.5) {
    const Node* draw = nullptr;
    for (const Node* c = first; c != last; ++c)
      if (c->proof == Proof::kDraw && better(c, draw)) draw = c;
    if (draw) best = draw;
  }
  double expected = mean(*best);
  if (config_.solver && best->proof != Proof::kUnknown)
    expected = best->proof == Proof::kDraw ? 0.5 : best->proof == Proof::kWin ? 1.0 : 0.0;
  return {best->move, 0, expected};
}

}  // namespace uttt
