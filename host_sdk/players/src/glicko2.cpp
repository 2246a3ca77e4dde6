// Glicko-2 ratings, steps 1-8 of Mark Glickman's "Example of the Glicko-2 system".
#include "boardgame/players/glicko2.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace boardgame::players::glicko2 {

namespace {

// Step 5's stopping rule: the paper's epsilon.
constexpr double kEpsilon = 0.000001;

void check(const Rating& r) {
  if (!std::isfinite(r.rating))
    throw std::invalid_argument("glicko2: rating must be finite");
  if (!std::isfinite(r.deviation) || r.deviation <= 0)
    throw std::invalid_argument("glicko2: deviation must be finite and positive");
  if (!std::isfinite(r.volatility) || r.volatility <= 0)
    throw std::invalid_argument("glicko2: volatility must be finite and positive");
}

void check_score(double score) {
  // Written so that NaN fails too.
  if (!(score >= 0 && score <= 1))
    throw std::invalid_argument("glicko2: score must be within [0, 1]");
}

constexpr double kPi = 3.14159265358979323846;

double g(double phi) {
  return 1 / std::sqrt(1 + 3 * phi * phi / (kPi * kPi));
}

double expected(double mu, double mu_j, double g_j) {
  return 1 / (1 + std::exp(-g_j * (mu - mu_j)));
}

// Step 5: the new volatility, by the Illinois algorithm (5.1-5.5).
double new_volatility(double sigma, double phi, double v, double delta, double tau) {
  const double a = std::log(sigma * sigma);
  const double phi2 = phi * phi;
  const double delta2 = delta * delta;
  auto f = [&](double x) {
    const double ex = std::exp(x);
    const double d = phi2 + v + ex;
    return ex * (delta2 - phi2 - v - ex) / (2 * d * d) - (x - a) / (tau * tau);
  };

  double A = a;
  double B;
  if (delta2 > phi2 + v) {
    B = std::log(delta2 - phi2 - v);
  } else {
    int k = 1;
    while (f(a - k * tau) < 0) ++k;
    B = a - k * tau;
  }

  double fA = f(A);
  double fB = f(B);
  while (std::abs(B - A) > kEpsilon) {
    const double C = A + (A - B) * fA / (fB - fA);
    const double fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else {
      fA /= 2;  // Illinois: halve the stale end so it cannot stall
    }
    B = C;
    fB = fC;
  }
  return std::exp(A / 2);
}

}  // namespace

Rating update(const Rating& player, const std::vector<Result>& games, double tau) {
  check(player);
  if (!std::isfinite(tau) || tau <= 0)
    throw std::invalid_argument("glicko2: tau must be finite and positive");
  for (const Result& game : games) {
    check(game.opponent);
    check_score(game.score);
  }

  // Step 2: onto the Glicko-2 scale.
  const double mu = (player.rating - kStartRating) / kScale;
  const double phi = player.deviation / kScale;
  const double sigma = player.volatility;

  if (games.empty()) {
    // Step 6 alone. The cap keeps an absent player from becoming less known
    // than a newcomer; an RD already above it is left as it is.
    const double grown = std::sqrt(phi * phi + sigma * sigma) * kScale;
    return {player.rating, std::max(player.deviation, std::min(grown, kStartDeviation)), sigma};
  }

  // Steps 3 and 4: estimated variance v and improvement delta.
  double inv_v = 0;
  double sum = 0;  // sum of g(phi_j) (s_j - E)
  for (const Result& game : games) {
    const double mu_j = (game.opponent.rating - kStartRating) / kScale;
    const double g_j = g(game.opponent.deviation / kScale);
    const double e = expected(mu, mu_j, g_j);
    inv_v += g_j * g_j * e * (1 - e);
    sum += g_j * (game.score - e);
  }
  const double v = 1 / inv_v;
  const double delta = v * sum;

  // Steps 5-7.
  const double sigma_new = new_volatility(sigma, phi, v, delta, tau);
  const double phi_star = std::sqrt(phi * phi + sigma_new * sigma_new);
  const double phi_new = 1 / std::sqrt(1 / (phi_star * phi_star) + 1 / v);
  const double mu_new = mu + phi_new * phi_new * sum;

  // Step 8: back onto the Glicko scale.
  return {kScale * mu_new + kStartRating, kScale * phi_new, sigma_new};
}

std::pair<Rating, Rating> rate_game(const Rating& a, const Rating& b, double score_a) {
  check_score(score_a);
  // Both from the ratings before the game: neither sees the other's new one.
  Rating new_a = update(a, {{b, score_a}});
  Rating new_b = update(b, {{a, 1 - score_a}});
  new_a.deviation = std::clamp(new_a.deviation, kMinDeviation, kMaxDeviation);
  new_b.deviation = std::clamp(new_b.deviation, kMinDeviation, kMaxDeviation);
  return {new_a, new_b};
}

}  // namespace boardgame::players::glicko2
