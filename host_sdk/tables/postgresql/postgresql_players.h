// The PostgreSQL store's players (players::PlayerStore): schema step 2 of
// postgresql_store.cpp. Every host of a club shares them.
#pragma once

#include <pqxx/pqxx>

#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "boardgame/players/player_store.h"
#include "boardgame/v1/table.pb.h"

namespace boardgame::tables::postgresql {

namespace v1 = ::boardgame::v1;

// The statements RatingWriter runs, prepared on the writing connection.
void prepare_rating_statements(pqxx::connection& connection);

// Applies a finished game's ratings inside the transaction that stores the
// game: both happen, or neither. The two players' rows are locked in id
// order, so that games ending at once on several hosts take turns instead
// of losing an update, and never deadlock.
void apply_ratings(pqxx::transaction_base& tx, const v1::FinishedGame& game);

// The PlayerStore calls, on a connection of their own, opened again once
// when it is lost.
class Players final : public players::PlayerStore {
 public:
  explicit Players(std::string conninfo);
  ~Players() override;

  void add_player(const players::StoredPlayer& player) override;
  std::optional<players::StoredPlayer> player(const std::string& player_id) override;
  bool rename_player(const std::string& player_id, const std::string& name) override;
  void put_transfer(const std::string& player_id, const std::string& code_hash,
                    std::int64_t expires_ms) override;
  std::optional<std::string> claim_transfer(const std::string& code_hash,
                                            const std::string& new_secret_hash,
                                            std::int64_t now_ms) override;
  std::vector<v1::PlayerRating> ratings(const std::string& player_id) override;
  std::vector<v1::RatedGame> rated_games(const std::string& player_id, std::size_t limit) override;
  std::vector<v1::Standing> standings(const std::string& game_id, bool include_provisional,
                                      std::size_t limit) override;

 private:
  // Runs `work` in a transaction, committed when it returns.
  template <class Work>
  auto transact(const Work& work);

  const std::string conninfo_;
  std::mutex mutex_;
  std::unique_ptr<pqxx::connection> connection_;
};

}  // namespace boardgame::tables::postgresql
