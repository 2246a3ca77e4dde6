#include "postgresql_players.h"

#include <algorithm>
#include <stdexcept>

#include "boardgame/players/glicko2.h"
#include "boardgame/players/rated_result.h"

namespace boardgame::tables::postgresql {

namespace {

template <typename Message>
Message parsed(const pqxx::field& field, const char* what) {
  pqxx::binarystring bytes(field);
  Message message;
  if (!message.ParseFromArray(bytes.data(), static_cast<int>(bytes.size())))
    throw std::runtime_error(std::string("player store: a corrupt ") + what);
  return message;
}

}  // namespace

void prepare_rating_statements(pqxx::connection& connection) {
  connection.prepare("first_rating",
                     "INSERT INTO ratings(player_id, game_id, rating, deviation, record)"
                     " VALUES($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING");
  connection.prepare("lock_rating",
                     "SELECT record FROM ratings WHERE player_id = $1 AND game_id = $2 FOR UPDATE");
  connection.prepare("counted_today",
                     "SELECT count(*) FROM rated_games WHERE player_id = $1 AND opponent_id = $2"
                     " AND counted AND finished_ms >= $3");
  connection.prepare("put_rating",
                     "UPDATE ratings SET rating = $3, deviation = $4, record = $5"
                     " WHERE player_id = $1 AND game_id = $2");
  connection.prepare("add_rated_game",
                     "INSERT INTO rated_games(player_id, table_id, game_number, opponent_id,"
                     " finished_ms, counted, record) VALUES($1, $2, $3, $4, $5, $6, $7)");
}

void apply_ratings(pqxx::transaction_base& tx, const v1::FinishedGame& game) {
  const std::optional<players::RatedResult> result = players::rated_result(game);
  if (!result) return;
  const v1::PlayerRating first = players::first_rating(result->game_id);
  pqxx::binarystring first_bytes(first.SerializeAsString());
  std::array<int, 2> order{0, 1};
  if (result->player_ids[1] < result->player_ids[0]) std::swap(order[0], order[1]);
  std::array<v1::PlayerRating, 2> before;
  for (int i : order) {
    tx.exec_prepared("first_rating", result->player_ids[i], result->game_id, first.rating(),
                     first.deviation(), first_bytes);
    before[i] = parsed<v1::PlayerRating>(
        tx.exec_prepared1("lock_rating", result->player_ids[i], result->game_id)[0], "rating");
  }
  // Counted once both rows are locked: a game of the same two players that
  // ended at once on another host has committed by now, and is seen.
  const int counted_today =
      tx.exec_prepared1("counted_today", result->player_ids[0], result->player_ids[1],
                        result->day_start_ms())[0]
          .as<int>();
  const players::RatingUpdate update = players::rate(*result, before, counted_today);
  for (int i = 0; i < 2; ++i) {
    pqxx::binarystring rating(update.after[i].SerializeAsString());
    tx.exec_prepared("put_rating", result->player_ids[i], result->game_id,
                     update.after[i].rating(), update.after[i].deviation(), rating);
    pqxx::binarystring record(update.games[i].SerializeAsString());
    tx.exec_prepared("add_rated_game", result->player_ids[i], result->table_id,
                     std::int64_t(result->game_number), result->player_ids[1 - i],
                     result->finished_ms, update.games[i].counted(), record);
  }
}

Players::Players(std::string conninfo) : conninfo_(std::move(conninfo)) {}
Players::~Players() = default;

template <class Work>
auto Players::transact(const Work& work) {
  std::lock_guard lock(mutex_);
  for (int attempt = 1;; ++attempt) {
    try {
      if (!connection_ || !connection_->is_open())
        connection_ = std::make_unique<pqxx::connection>(conninfo_);
      pqxx::work tx(*connection_);
      auto answer = work(tx);
      tx.commit();
      return answer;
    } catch (const pqxx::in_doubt_error& error) {
      connection_.reset();
      throw std::runtime_error(std::string("player store: the connection broke during COMMIT: ") +
                               error.what());
    } catch (const pqxx::broken_connection& error) {
      // Lost before COMMIT: nothing was written, so once more on a new one.
      connection_.reset();
      if (attempt == 2)
        throw std::runtime_error(std::string("player store: the connection is lost: ") +
                                 error.what());
    } catch (const pqxx::failure& error) {
      throw std::runtime_error(std::string("player store: ") + error.what());
    }
  }
}

void Players::add_player(const players::StoredPlayer& player) {
  transact([&](pqxx::work& tx) {
    tx.exec_params("INSERT INTO players(player_id, name, secret_hash, created_ms)"
                   " VALUES($1, $2, $3, $4)",
                   player.player_id, player.name, pqxx::binarystring(player.secret_hash),
                   player.created_ms);
    return true;
  });
}

std::optional<players::StoredPlayer> Players::player(const std::string& player_id) {
  return transact([&](pqxx::work& tx) -> std::optional<players::StoredPlayer> {
    const pqxx::result found = tx.exec_params(
        "SELECT name, secret_hash, created_ms FROM players WHERE player_id = $1", player_id);
    if (found.empty()) return std::nullopt;
    return players::StoredPlayer{player_id, found[0][0].as<std::string>(),
                                 pqxx::binarystring(found[0][1]).str(),
                                 found[0][2].as<std::int64_t>()};
  });
}

bool Players::rename_player(const std::string& player_id, const std::string& name) {
  return transact([&](pqxx::work& tx) {
    return tx.exec_params("UPDATE players SET name = $2 WHERE player_id = $1", player_id, name)
               .affected_rows() > 0;
  });
}

void Players::put_transfer(const std::string& player_id, const std::string& code_hash,
                           std::int64_t expires_ms) {
  transact([&](pqxx::work& tx) {
    tx.exec_params("DELETE FROM transfers WHERE player_id = $1", player_id);
    tx.exec_params("INSERT INTO transfers(code_hash, player_id, expires_ms) VALUES($1, $2, $3)",
                   pqxx::binarystring(code_hash), player_id, expires_ms);
    return true;
  });
}

std::optional<std::string> Players::claim_transfer(const std::string& code_hash,
                                                   const std::string& new_secret_hash,
                                                   std::int64_t now_ms) {
  return transact([&](pqxx::work& tx) -> std::optional<std::string> {
    // DELETE ... RETURNING: of two devices claiming one code at once, one
    // deletes the row and the other finds none.
    const pqxx::result taken = tx.exec_params(
        "DELETE FROM transfers WHERE code_hash = $1 AND expires_ms > $2 RETURNING player_id",
        pqxx::binarystring(code_hash), now_ms);
    if (taken.empty()) return std::nullopt;
    const std::string player_id = taken[0][0].as<std::string>();
    tx.exec_params("UPDATE players SET secret_hash = $2 WHERE player_id = $1", player_id,
                   pqxx::binarystring(new_secret_hash));
    return player_id;
  });
}

std::vector<v1::PlayerRating> Players::ratings(const std::string& player_id) {
  return transact([&](pqxx::work& tx) {
    std::vector<v1::PlayerRating> found;
    for (const pqxx::row& row :
         tx.exec_params("SELECT record FROM ratings WHERE player_id = $1 ORDER BY game_id",
                        player_id))
      found.push_back(parsed<v1::PlayerRating>(row[0], "rating"));
    // A row made for a game whose commit then failed is rolled back with
    // it, so every row here has at least one game.
    return found;
  });
}

std::vector<v1::RatedGame> Players::rated_games(const std::string& player_id, std::size_t limit) {
  return transact([&](pqxx::work& tx) {
    std::vector<v1::RatedGame> found;
    for (const pqxx::row& row : tx.exec_params(
             "SELECT record FROM rated_games WHERE player_id = $1"
             " ORDER BY finished_ms DESC, table_id, game_number DESC LIMIT $2",
             player_id, std::int64_t(limit)))
      found.push_back(parsed<v1::RatedGame>(row[0], "rated game"));
    return found;
  });
}

std::vector<v1::Standing> Players::standings(const std::string& game_id, bool include_provisional,
                                             std::size_t limit) {
  return transact([&](pqxx::work& tx) {
    std::vector<v1::Standing> found;
    for (const pqxx::row& row : tx.exec_params(
             "SELECT r.player_id, coalesce(p.name, ''), r.record FROM ratings r"
             " LEFT JOIN players p ON p.player_id = r.player_id"
             " WHERE r.game_id = $1 AND ($2 OR r.deviation <= $3)"
             " ORDER BY r.rating DESC, r.player_id LIMIT $4",
             game_id, include_provisional, players::glicko2::kProvisionalDeviation,
             std::int64_t(limit))) {
      found.push_back(players::standing_of(std::uint32_t(found.size() + 1),
                                           row[0].as<std::string>(), row[1].as<std::string>(),
                                           parsed<v1::PlayerRating>(row[2], "rating")));
    }
    return found;
  });
}

}  // namespace boardgame::tables::postgresql
