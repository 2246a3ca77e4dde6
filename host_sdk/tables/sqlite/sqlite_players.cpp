#include "sqlite_players.h"

#include "boardgame/players/glicko2.h"
#include "boardgame/players/rated_result.h"

namespace boardgame::tables::sqlite {

namespace {

template <typename Message>
Message parsed(std::string_view bytes, const char* what) {
  Message message;
  if (!message.ParseFromArray(bytes.data(), static_cast<int>(bytes.size())))
    throw std::runtime_error(std::string("player store: a corrupt ") + what);
  return message;
}

}  // namespace

struct RatingWriter::Statements {
  explicit Statements(sqlite3* db)
      : counted_today(db,
                      "SELECT count(*) FROM rated_games WHERE player_id = ?1 AND opponent_id = ?2"
                      " AND counted = 1 AND finished_ms >= ?3"),
        rating(db, "SELECT record FROM ratings WHERE player_id = ?1 AND game_id = ?2"),
        put_rating(db,
                   "INSERT INTO ratings(player_id, game_id, rating, deviation, record)"
                   " VALUES(?1, ?2, ?3, ?4, ?5) ON CONFLICT(player_id, game_id) DO UPDATE SET"
                   " rating = excluded.rating, deviation = excluded.deviation,"
                   " record = excluded.record"),
        add_game(db,
                 "INSERT INTO rated_games(player_id, table_id, game_number, opponent_id,"
                 " finished_ms, counted, record) VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7)") {}
  Statement counted_today, rating, put_rating, add_game;
};

RatingWriter::RatingWriter(sqlite3* db) : statements_(std::make_unique<Statements>(db)) {}
RatingWriter::~RatingWriter() = default;

void RatingWriter::apply(const v1::FinishedGame& game) {
  const std::optional<players::RatedResult> result = players::rated_result(game);
  if (!result) return;
  Statements& s = *statements_;
  int counted_today = 0;
  {
    Statement::Reset reset(s.counted_today);
    s.counted_today.bind(1, result->player_ids[0]);
    s.counted_today.bind(2, result->player_ids[1]);
    s.counted_today.bind(3, result->day_start_ms());
    if (s.counted_today.step()) counted_today = int(s.counted_today.integer(0));
  }
  std::array<v1::PlayerRating, 2> before;
  for (int i = 0; i < 2; ++i) {
    Statement::Reset reset(s.rating);
    s.rating.bind(1, result->player_ids[i]);
    s.rating.bind(2, result->game_id);
    before[i] = s.rating.step() ? parsed<v1::PlayerRating>(s.rating.blob(0), "rating")
                                : players::first_rating(result->game_id);
  }
  const players::RatingUpdate update = players::rate(*result, before, counted_today);
  for (int i = 0; i < 2; ++i) {
    const std::string rating = update.after[i].SerializeAsString();
    {
      Statement::Reset reset(s.put_rating);
      s.put_rating.bind(1, result->player_ids[i]);
      s.put_rating.bind(2, result->game_id);
      s.put_rating.bind(3, update.after[i].rating());
      s.put_rating.bind(4, update.after[i].deviation());
      s.put_rating.bind_blob(5, rating);
      s.put_rating.run();
    }
    const std::string record = update.games[i].SerializeAsString();
    Statement::Reset reset(s.add_game);
    s.add_game.bind(1, result->player_ids[i]);
    s.add_game.bind(2, result->table_id);
    s.add_game.bind(3, std::int64_t(result->game_number));
    s.add_game.bind(4, result->player_ids[1 - i]);
    s.add_game.bind(5, result->finished_ms);
    s.add_game.bind(6, std::int64_t(update.games[i].counted()));
    s.add_game.bind_blob(7, record);
    s.add_game.run();
  }
}

struct Players::Statements {
  explicit Statements(sqlite3* db)
      : begin(db, "BEGIN IMMEDIATE"),
        commit(db, "COMMIT"),
        rollback(db, "ROLLBACK"),
        add_player(db,
                   "INSERT INTO players(player_id, name, secret_hash, created_ms)"
                   " VALUES(?1, ?2, ?3, ?4)"),
        player(db, "SELECT name, secret_hash, created_ms FROM players WHERE player_id = ?1"),
        rename(db, "UPDATE players SET name = ?2 WHERE player_id = ?1"),
        drop_transfer(db, "DELETE FROM transfers WHERE player_id = ?1"),
        put_transfer(db, "INSERT INTO transfers(code_hash, player_id, expires_ms) VALUES(?1, ?2, ?3)"),
        take_transfer(db,
                      "DELETE FROM transfers WHERE code_hash = ?1 AND expires_ms > ?2"
                      " RETURNING player_id"),
        set_secret(db, "UPDATE players SET secret_hash = ?2 WHERE player_id = ?1"),
        ratings(db, "SELECT record FROM ratings WHERE player_id = ?1 ORDER BY game_id"),
        rated_games(db,
                    "SELECT record FROM rated_games WHERE player_id = ?1"
                    " ORDER BY finished_ms DESC, table_id, game_number DESC LIMIT ?2"),
        standings(db,
                  "SELECT r.player_id, coalesce(p.name, ''), r.record FROM ratings r"
                  " LEFT JOIN players p ON p.player_id = r.player_id"
                  " WHERE r.game_id = ?1 AND (?2 OR r.deviation <= ?3)"
                  " ORDER BY r.rating DESC, r.player_id LIMIT ?4") {}
  Statement begin, commit, rollback, add_player, player, rename, drop_transfer, put_transfer,
      take_transfer, set_secret, ratings, rated_games, standings;
};

Players::Players(const fs::path& path, int busy_timeout_ms)
    : label_("player store \"" + path.string() + "\""),
      db_(open_database(path, busy_timeout_ms)),
      statements_(std::make_unique<Statements>(db_.get())) {}

Players::~Players() = default;

void Players::add_player(const players::StoredPlayer& player) {
  std::lock_guard lock(mutex_);
  Statement& add = statements_->add_player;
  Statement::Reset reset(add);
  add.bind(1, player.player_id);
  add.bind(2, player.name);
  add.bind_blob(3, player.secret_hash);
  add.bind(4, player.created_ms);
  add.run();
}

std::optional<players::StoredPlayer> Players::player(const std::string& player_id) {
  std::lock_guard lock(mutex_);
  Statement& find = statements_->player;
  Statement::Reset reset(find);
  find.bind(1, player_id);
  if (!find.step()) return std::nullopt;
  return players::StoredPlayer{player_id, std::string(find.text(0)), std::string(find.blob(1)),
                               find.integer(2)};
}

bool Players::rename_player(const std::string& player_id, const std::string& name) {
  std::lock_guard lock(mutex_);
  Statement& rename = statements_->rename;
  Statement::Reset reset(rename);
  rename.bind(1, player_id);
  rename.bind(2, name);
  rename.run();
  return sqlite3_changes(db_.get()) > 0;
}

void Players::put_transfer(const std::string& player_id, const std::string& code_hash,
                           std::int64_t expires_ms) {
  std::lock_guard lock(mutex_);
  Statements& s = *statements_;
  s.begin.run();
  try {
    {
      Statement::Reset reset(s.drop_transfer);
      s.drop_transfer.bind(1, player_id);
      s.drop_transfer.run();
    }
    Statement::Reset reset(s.put_transfer);
    s.put_transfer.bind_blob(1, code_hash);
    s.put_transfer.bind(2, player_id);
    s.put_transfer.bind(3, expires_ms);
    s.put_transfer.run();
    s.commit.run();
  } catch (...) {
    sqlite3_exec(db_.get(), "ROLLBACK", nullptr, nullptr, nullptr);
    throw;
  }
}

std::optional<std::string> Players::claim_transfer(const std::string& code_hash,
                                                   const std::string& new_secret_hash,
                                                   std::int64_t now_ms) {
  std::lock_guard lock(mutex_);
  Statements& s = *statements_;
  s.begin.run();
  try {
    std::optional<std::string> player_id;
    {
      Statement::Reset reset(s.take_transfer);
      s.take_transfer.bind_blob(1, code_hash);
      s.take_transfer.bind(2, now_ms);
      if (s.take_transfer.step()) player_id = std::string(s.take_transfer.text(0));
      while (s.take_transfer.step()) {
      }
    }
    if (player_id) {
      Statement::Reset reset(s.set_secret);
      s.set_secret.bind(1, *player_id);
      s.set_secret.bind_blob(2, new_secret_hash);
      s.set_secret.run();
    }
    s.commit.run();
    return player_id;
  } catch (...) {
    sqlite3_exec(db_.get(), "ROLLBACK", nullptr, nullptr, nullptr);
    throw;
  }
}

std::vector<v1::PlayerRating> Players::ratings(const std::string& player_id) {
  std::lock_guard lock(mutex_);
  Statement& all = statements_->ratings;
  Statement::Reset reset(all);
  all.bind(1, player_id);
  std::vector<v1::PlayerRating> found;
  while (all.step()) found.push_back(parsed<v1::PlayerRating>(all.blob(0), "rating"));
  return found;
}

std::vector<v1::RatedGame> Players::rated_games(const std::string& player_id, std::size_t limit) {
  std::lock_guard lock(mutex_);
  Statement& games = statements_->rated_games;
  Statement::Reset reset(games);
  games.bind(1, player_id);
  games.bind(2, std::int64_t(limit));
  std::vector<v1::RatedGame> found;
  while (games.step()) found.push_back(parsed<v1::RatedGame>(games.blob(0), "rated game"));
  return found;
}

std::vector<v1::Standing> Players::standings(const std::string& game_id, bool include_provisional,
                                             std::size_t limit) {
  std::lock_guard lock(mutex_);
  Statement& best = statements_->standings;
  Statement::Reset reset(best);
  best.bind(1, game_id);
  best.bind(2, std::int64_t(include_provisional));
  best.bind(3, players::glicko2::kProvisionalDeviation);
  best.bind(4, std::int64_t(limit));
  std::vector<v1::Standing> found;
  while (best.step()) {
    found.push_back(players::standing_of(std::uint32_t(found.size() + 1),
                                         std::string(best.text(0)), std::string(best.text(1)),
                                         parsed<v1::PlayerRating>(best.blob(2), "rating")));
  }
  return found;
}

}  // namespace boardgame::tables::sqlite
