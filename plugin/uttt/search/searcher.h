// Monte Carlo tree search with a solver, over a preallocated node pool that
// survives from one move to the next.
#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>

#include "rollout.h"
#include "uttt/engine/position.h"
#include "uttt/engine/random.h"
#include "uttt/nnue/network.h"
#include "uttt/search/search.h"

namespace uttt {

// Everything that makes one CPU player differ from another.
struct SearchConfig {
  search::Playout playout = search::Playout::kDecisive;
  // Proven wins, losses and draws travel up the tree, a move that wins the
  // game at once is played without searching, and a leaf where no line can
  // be completed any more counts as a draw.
  bool solver = true;
  float exploration = 0.5f;         // UCB1 constant; results are 1, 0.5 and 0
  // Playing for a win: a draw is worth 0.5 - contempt to the searching
  // side in the tree's means (the reported expected score stays 1, 0.5, 0).
  // The opponent's moves keep a draw at 0.5, the scale of the estimates
  // that rank moves not tried yet: valuing its draws above that, the
  // opponent would stay on a drawn line it has tried and never look at a
  // winning reply its estimate ranks lower.
  float contempt = 0.15f;
  // The opponent's draws at 0.5 plus this instead. 0 for every level; the
  // trainer's fixed self-play settings keep the 0.15 that generations 1 to
  // 4 were played with, so that its command still writes those weights.
  float opponent_contempt = 0;
  std::uint32_t expand_visits = 1;  // a leaf grows its children on this visit
  std::uint64_t max_iterations = 0; // cap per move whatever the budget; 0: none
  double blunder_rate = 0;          // chance of a beginner's move (Novato)
  bool reuse_tree = true;           // keep the subtree of the position reached
  // Implicit minimax: each node also keeps the minimax value of the static
  // evaluation over its grown subtree, and selection ranks it by this share
  // of that value and the rest of its playouts' mean. Children not tried
  // yet are tried best estimate first. 0: playouts only.
  float minimax_weight = 0.3f;
  // The evaluation behind those values: the learned network (nnue/) when
  // set, the fitted logistic one (evaluation.h) otherwise.
  std::shared_ptr<const nnue::Network> network;
  // Time management: stop before the budget is spent once the most visited
  // move can no longer be overtaken in what is left of it, or every other
  // move is proven lost. Turn clocks start afresh each turn, so the time
  // saved buys nothing later, and the deeper subtree of a whole budget,
  // kept for the next move, measured stronger: off for every level.
  bool stop_when_settled = false;
  // A leaf's value: this share of its estimate and the rest of its playout's
  // result (where the evaluation is in use); 1 estimates without playing
  // out. Every share tried measured weaker than playouts alone; kept for
  // comparison.
  float leaf_estimate_share = 0;
  // First-play value. 0: every child is tried once before any is tried
  // twice, best estimate first. Above 0: a child not tried yet competes on
  // its estimate alone, explored as though visited once times this, so the
  // search goes back to a promising move before trying the weak ones; it
  // pays once the estimates are sharp enough to trust (the network's).
  float first_play = 0;
};

SearchConfig config_for(Level level);
// The yardstick: uniform playouts, no solver, no shortcut; it still reuses
// its tree, since that is bookkeeping rather than knowledge of the game.
SearchConfig plain_uct();

namespace search {

enum class Proof : std::uint8_t { kUnknown, kWin, kDraw, kLoss };

// One edge of the tree and the position it leads to. Results are seen by the
// player who made `move`. The two halves of its UCB1 score live apart, in
// the Searcher's score arrays at the same index, so that choosing among 81
// children runs four at a time.
struct Node {
  std::uint32_t visits;
  float points;            // 1 per win, 0.5 per draw, or a leaf's estimate in their stead
  std::uint32_t children;  // index of the first child; 0: not grown yet
  Move move;
  std::uint8_t child_count;
  Proof proof;
  std::uint8_t unused;
  // For the mover: the mean playout result, and the minimax value of the
  // static evaluation over the grown subtree (its own estimate while it
  // has no children). Kept in the node, which the backup reads anyway.
  float average;
  float estimate;
};
static_assert(sizeof(Node) == 24);

}  // namespace search

// One CPU player over a game: a Searcher remembers the tree of its last
// search and, when asked about the position after its move and the reply,
// keeps the part of the tree below it (the yardstick, without contempt,
// also one move on). Not thread-safe: one per player.
class Searcher {
 public:
  static constexpr std::size_t kDefaultTreeBytes = std::size_t(256) << 20;
  // A node, its value and its exploration factor.
  static constexpr std::size_t kBytesPerNode = sizeof(search::Node) + 2 * sizeof(float);

  explicit Searcher(const SearchConfig& config, std::size_t tree_bytes = kDefaultTreeBytes);
  ~Searcher();
  Searcher(const Searcher&) = delete;
  Searcher& operator=(const Searcher&) = delete;

  // Same preconditions as choose_move(), same exceptions.
  SearchResult choose(const Position& pos, const SearchLimits& limits);
  void forget();  // drop the tree, e.g. when a new game starts

  const SearchConfig& config() const { return config_; }
  std::size_t nodes_in_use() const { return used_; }
  std::size_t nodes_reused() const { return reused_; }  // by the last choose()

 private:
  void start_tree(const Position& pos);
  bool reroot(const Position& pos);
  void compact_below(std::uint32_t new_root);
  bool expand(std::uint32_t node, const Position& pos);
  std::uint32_t select(const search::Node& parent) const;
  void init_node(std::uint32_t index, Move m, float estimate);
  float best_child_estimate(const search::Node& node) const;
  // draw_value: what a proven draw is worth to the node's mover.
  void record_proof(std::uint32_t node, search::Proof proof, float draw_value = 0.5f);
  void prove_upwards(const std::uint32_t* path, int depth, const float* draw_value);
  using Clock = std::chrono::steady_clock;
  std::uint64_t run(std::uint64_t max_iterations, Clock::time_point deadline,
                    const std::atomic<bool>* stop, Rng& rng);
  SearchResult best_result() const;
  bool settled(std::uint64_t iterations_left) const;

  // The pool's arrays, from pool_array(): on huge pages where the system
  // grants them, so freed with std::free.
  struct PoolFree {
    void operator()(void* p) const;
  };
  template <typename T>
  using PoolArray = std::unique_ptr<T[], PoolFree>;
  template <typename T>
  static PoolArray<T> pool_array(std::size_t count);

  SearchConfig config_;
  PoolArray<search::Node> nodes_;
  // Per node: what selection ranks it by (its value, or the proven one) and
  // 1 / sqrt(visits). A few spare entries at the end let selection read
  // whole groups of four.
  PoolArray<float> mean_;
  PoolArray<float> explore_;
  std::size_t capacity_ = 0;
  std::size_t used_ = 0;
  std::size_t reused_ = 0;
  float minimax_weight_ = 0;  // config_'s, or 0 where the evaluation does not apply
  float leaf_share_ = 0;      // config_'s leaf_estimate_share, or 0 without the evaluation
  // A child not tried yet: its value beyond its estimate, and its exploration
  // factor (from config_'s first_play, which applies with the evaluation only).
  float unvisited_base_ = 0;
  float unvisited_explore_ = 1;
  // The root's inputs and accumulators, which a grown node's are counted from.
  std::optional<nnue::Anchor> anchor_;
  Position root_pos_;
  bool has_tree_ = false;
};

}  // namespace uttt
