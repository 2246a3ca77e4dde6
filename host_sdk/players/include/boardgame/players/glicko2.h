// Glicko-2 ratings, steps 1-8 of Mark Glickman's "Example of the Glicko-2 system".
#pragma once

#include <utility>
#include <vector>

namespace boardgame::players::glicko2 {

// Constants of the club's rating system (docs quote them).
inline constexpr double kStartRating = 1500.0;
inline constexpr double kStartDeviation = 350.0;
inline constexpr double kStartVolatility = 0.06;
inline constexpr double kTau = 0.5;  // system constant: how fast volatility may change
inline constexpr double kProvisionalDeviation = 110.0;  // RD above this: provisional
// rate_game keeps RD within these. The floor keeps an established rating able
// to move (as Lichess does); the cap is where an unknown player starts.
inline constexpr double kMinDeviation = 30.0;
inline constexpr double kMaxDeviation = kStartDeviation;
inline constexpr double kScale = 173.7178;  // Glicko to Glicko-2 scale (step 2)

struct Rating {
  double rating = kStartRating;
  double deviation = kStartDeviation;
  double volatility = kStartVolatility;

  bool provisional() const { return deviation > kProvisionalDeviation; }
};

// One game of the rating period, from the rated player's side.
struct Result {
  Rating opponent;
  double score;  // 1 win, 0.5 draw, 0 loss
};

// The player's rating after one rating period with these games, exactly as in
// the paper (no floor or cap on RD). With no games only the deviation grows
// (step 6), and not past kStartDeviation. Throws std::invalid_argument on a
// score outside [0, 1], a non-finite rating, a non-finite or non-positive
// deviation or volatility, or a non-finite or non-positive tau.
Rating update(const Rating& player, const std::vector<Result>& games, double tau = kTau);

// One game between a and b, rated as a rating period of its own for each of
// them (as Lichess does), RD then kept within [kMinDeviation, kMaxDeviation].
// score_a: a's score; b scores 1 - score_a.
std::pair<Rating, Rating> rate_game(const Rating& a, const Rating& b, double score_a);

}  // namespace boardgame::players::glicko2
