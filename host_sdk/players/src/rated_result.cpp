#include "boardgame/players/rated_result.h"

#include "boardgame/players/glicko2.h"

namespace boardgame::players {

std::optional<RatedResult> rated_result(const v1::FinishedGame& game) {
  if (!game.rated() || game.seats_size() != 2) return std::nullopt;
  const v1::Outcome& outcome = game.state().outcome();
  if (outcome.results_size() != 2) return std::nullopt;
  RatedResult result;
  for (int i = 0; i < 2; ++i) {
    const v1::Seat& seat = game.seats(i);
    if (seat.plan().kind() != v1::SeatPlan::PERSON || seat.player_id().empty())
      return std::nullopt;
    result.player_ids[i] = seat.player_id();
    result.names[i] = seat.name();
  }
  if (result.player_ids[0] == result.player_ids[1]) return std::nullopt;
  std::array<int, 2> moves{};
  for (std::uint32_t seat : game.move_seats())
    if (seat == 1 || seat == 2) ++moves[seat - 1];
  if (moves[0] < kMovesToRate || moves[1] < kMovesToRate) return std::nullopt;
  for (const v1::SeatResult& seat_result : outcome.results()) {
    if (seat_result.seat() < 1 || seat_result.seat() > 2) return std::nullopt;
    result.scores[seat_result.seat() - 1] = seat_result.score();
  }
  result.game_id = game.game_id();
  result.table_id = game.table_id();
  result.game_number = game.game_number();
  result.finished_ms = game.finished_ms();
  return result;
}

v1::PlayerRating first_rating(const std::string& game_id) {
  const glicko2::Rating start;
  v1::PlayerRating rating;
  rating.set_game_id(game_id);
  rating.set_rating(start.rating);
  rating.set_deviation(start.deviation);
  rating.set_volatility(start.volatility);
  rating.set_provisional(start.provisional());
  return rating;
}

v1::Standing standing_of(std::uint32_t rank, const std::string& player_id, const std::string& name,
                         const v1::PlayerRating& rating) {
  v1::Standing standing;
  standing.set_rank(rank);
  standing.set_player_id(player_id);
  standing.set_name(name);
  standing.set_rating(rating.rating());
  standing.set_deviation(rating.deviation());
  standing.set_provisional(rating.provisional());
  standing.set_games(rating.games());
  return standing;
}

namespace {

glicko2::Rating glicko(const v1::PlayerRating& r) {
  return {r.rating(), r.deviation(), r.volatility()};
}

void count(v1::PlayerRating& r, double score) {
  r.set_games(r.games() + 1);
  if (score > 0.5) r.set_wins(r.wins() + 1);
  else if (score < 0.5) r.set_losses(r.losses() + 1);
  else r.set_draws(r.draws() + 1);
}

}  // namespace

RatingUpdate rate(const RatedResult& result, const std::array<v1::PlayerRating, 2>& before,
                  int counted_today) {
  RatingUpdate update{before, {}};
  const bool counted = counted_today < kRatedGamesPerPairPerDay;
  if (counted) {
    // A draw is worth half a win: Glicko-2 takes the score as it is.
    const auto [first, second] = glicko2::rate_game(glicko(before[0]), glicko(before[1]),
                                                    result.scores[0]);
    for (int i = 0; i < 2; ++i) {
      const glicko2::Rating& now = i == 0 ? first : second;
      update.after[i].set_rating(now.rating);
      update.after[i].set_deviation(now.deviation);
      update.after[i].set_volatility(now.volatility);
      update.after[i].set_provisional(now.provisional());
      count(update.after[i], result.scores[i]);
    }
  }
  for (int i = 0; i < 2; ++i) {
    v1::RatedGame& game = update.games[i];
    game.set_table_id(result.table_id);
    game.set_game_number(result.game_number);
    game.set_game_id(result.game_id);
    game.set_opponent_id(result.player_ids[1 - i]);
    game.set_opponent_name(result.names[1 - i]);
    game.set_score(result.scores[i]);
    game.set_rating_before(before[i].rating());
    game.set_rating_after(update.after[i].rating());
    game.set_deviation_after(update.after[i].deviation());
    game.set_opponent_rating_before(before[1 - i].rating());
    game.set_finished_ms(result.finished_ms);
    game.set_counted(counted);
  }
  return update;
}

}  // namespace boardgame::players
