#include "evaluation.h"

#include <cmath>

#include "tactics.h"

namespace uttt::search {

namespace {

constexpr Mask9 kCentre = 1u << 4;
constexpr Mask9 kCorners = 1u << 0 | 1u << 2 | 1u << 6 | 1u << 8;
constexpr Mask9 kEdges = 1u << 1 | 1u << 3 | 1u << 5 | 1u << 7;

// Lines of m with exactly `own` squares of m and the rest in `open`.
int lines_with(Mask9 m, Mask9 open, int own) {
  int n = 0;
  for (const Mask9 line : kLines)
    if (popcount9(line & m) == own && popcount9(line & open) == 3 - own) ++n;
  return n;
}

Summary summary_of(const Position& pos) {
  Summary s;
  s.closed = pos.closed_boards();
  s.open = kAll9 & ~(pos.decided_boards() | s.closed);
  for (int p = 0; p < 2; ++p) {
    s.won[p] = pos.won_boards(Player(p));
    s.lines[p] = game_winning_boards(pos, Player(p));
    s.threats[p] = threat_boards(pos, Player(p));
  }
  s.to_move = pos.side_to_move();
  s.destination = pos.destination();
  return s;
}

// The features of who holds which small boards.
void add_board_terms(const Summary& s, Features& f) {
  for (int p = 0; p < 2; ++p) {
    const float sign = p == 0 ? 1.0f : -1.0f;
    f[kCentreBoards] += sign * popcount9(s.won[p] & kCentre);
    f[kCornerBoards] += sign * popcount9(s.won[p] & kCorners);
    f[kEdgeBoards] += sign * popcount9(s.won[p] & kEdges);
    f[kBigTwos] += sign * lines_with(s.won[p], s.open, 2);
    f[kBigOnes] += sign * lines_with(s.won[p], s.open, 1);
  }
}

// The features of the threats and of the side to move.
void add_move_terms(const Summary& s, Features& f) {
  for (int p = 0; p < 2; ++p) {
    const float sign = p == 0 ? 1.0f : -1.0f;
    f[kThreatBoards] += sign * popcount9(s.threats[p]);
    f[kDecisiveThreats] += sign * popcount9(s.threats[p] & s.lines[p]);
  }
  const int me = int(s.to_move);
  const float sign = s.to_move == Player::X ? 1.0f : -1.0f;
  const bool free_move = s.destination == kAnyBoard;
  const Mask9 playable = free_move ? Mask9(kAll9 & ~s.closed) : Mask9(1u << s.destination);
  f[kToMove] = sign;
  f[kFreeMove] = free_move ? sign : 0.0f;
  f[kCanWinBoard] = (s.threats[me] & playable) ? sign : 0.0f;
  f[kCanWinGame] = (s.threats[me] & s.lines[me] & playable) ? sign : 0.0f;
  f[kMustFaceThreat] = (!free_move && (s.threats[me ^ 1] & playable)) ? sign : 0.0f;
}

// Fitted by logistic regression on positions of self-play games.
constexpr float kBias = 0.1669f;
constexpr Features kWeights = {-0.4299f, -0.3205f, -0.2102f, 0.7380f, 0.3121f, 0.2534f,
                               1.1966f, 0.0419f, 0.7598f, -0.0898f, 6.2151f, 0.0273f};

float chance(float logit) { return 1.0f / (1.0f + std::exp(-logit)); }

float x_chance(const Features& f) {
  float z = kBias;
  for (int i = 0; i < kFeatureCount; ++i) z += kWeights[i] * f[i];
  return chance(z);
}

}  // namespace

Features features_of(const Position& pos) {
  const Summary s = summary_of(pos);
  Features f{};
  add_board_terms(s, f);
  add_move_terms(s, f);
  return f;
}

float x_win_chance(const Position& pos) { return x_chance(features_of(pos)); }

float mover_win_chance(const Position& pos) {
  const bool x_moved = pos.side_to_move() == Player::O;
  if (pos.is_over()) {
    const Winner w = winner_of(pos.status());
    return w == Winner::kDraw ? 0.5f : (w == Winner::kX) == x_moved ? 1.0f : 0.0f;
  }
  const float x = x_win_chance(pos);
  return x_moved ? x : 1.0f - x;
}

MoveEstimates::MoveEstimates(const Position& pos) : pos_(pos), summary_(summary_of(pos)) {
  Features f{};
  add_board_terms(summary_, f);
  board_logit_ = kBias;
  for (int i = 0; i < kFeatureCount; ++i) board_logit_ += kWeights[i] * f[i];
}

float MoveEstimates::after(Move m) const {
  const int b = board_of(m), c = cell_of(m);
  const Player me = pos_.side_to_move();
  const Mask9 my_cells = Mask9(pos_.cells(me, b) | 1u << c);
  const Mask9 empty = Mask9(pos_.empty(b) & ~(1u << c));
  // A move into a decided board (open-boards variant), or one that decides
  // or fills its board, changes more: evaluate the position it reaches.
  if ((pos_.decided_boards() >> b & 1) || has_line(my_cells) || !empty) {
    Position next = pos_;
    next.play(m);
    return mover_win_chance(next);
  }
  // The features of add_move_terms() for the position reached, summed
  // straight into the logit: only the threats on board b and where the
  // next move goes differ from this position's.
  const int mine = int(me), theirs = mine ^ 1;
  const Mask9 bit = Mask9(1u << b);
  Mask9 threats[2];
  threats[mine] = Mask9(summary_.threats[mine] & ~bit);
  threats[theirs] = Mask9(summary_.threats[theirs] & ~bit);
  if (kCompleting[my_cells] & empty) threats[mine] |= bit;
  if (kCompleting[pos_.cells(~me, b)] & empty) threats[theirs] |= bit;
  const Mask9* lines = summary_.lines;
  float z = board_logit_ +
            kWeights[kThreatBoards] * float(popcount9(threats[0]) - popcount9(threats[1])) +
            kWeights[kDecisiveThreats] *
                float(popcount9(threats[0] & lines[0]) - popcount9(threats[1] & lines[1]));
  const bool free_move = summary_.closed >> c & 1;
  const Mask9 playable = free_move ? Mask9(kAll9 & ~summary_.closed) : Mask9(1u << c);
  float next_to_move = kWeights[kToMove];
  if (free_move) next_to_move += kWeights[kFreeMove];
  if (threats[theirs] & playable) next_to_move += kWeights[kCanWinBoard];
  if (threats[theirs] & lines[theirs] & playable) next_to_move += kWeights[kCanWinGame];
  if (!free_move && (threats[mine] >> c & 1)) next_to_move += kWeights[kMustFaceThreat];
  z += me == Player::O ? next_to_move : -next_to_move;
  const float x = chance(z);
  return me == Player::X ? x : 1.0f - x;
}

}  // namespace uttt::search
