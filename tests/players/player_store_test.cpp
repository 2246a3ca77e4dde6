// Every store's players (boardgame/players/player_store.h): the same suite
// against memory, SQLite and PostgreSQL. Rated games reach a store the way
// a table host sends them, inside the commit that finishes the game.
#include <gtest/gtest.h>

#include <future>
#include <memory>
#include <string>

#include "boardgame/players/glicko2.h"
#include "boardgame/players/rated_result.h"
#include "memory_store.h"
#include "postgresql_store.h"
#include "sqlite_store.h"
#include "store_places.h"

namespace boardgame::tables {
namespace {

namespace fs = std::filesystem;
using players::PlayerStore;
using players::StoredPlayer;
using namespace store_places;

constexpr std::int64_t kNoon = 1'800'000'000'000 - 1'800'000'000'000 % players::kDayMs +
                               12 * 3600 * 1000;

struct StoreKind {
  std::string name;
  std::function<std::unique_ptr<TableStore>(const fs::path& place)> open;
  bool durable = false;
};
void PrintTo(const StoreKind& kind, std::ostream* out) { *out << kind.name; }


class PlayerStoreTest : public ::testing::TestWithParam<StoreKind> {
 protected:
  void SetUp() override {
    place_ = fresh_place("player_store_");
    open();
  }
  void TearDown() override {
    store_.reset();
    if (GetParam().name == "Postgresql")
      run_on_cluster("DROP DATABASE IF EXISTS " + database_of(place_) + " WITH (FORCE)");
    fs::remove_all(place_);
  }
  void open() {
    store_.reset();
    store_ = GetParam().open(place_);
  }
  PlayerStore& players() { return store_->players(); }

  // Commits the finished game as the commit that creates and ends table
  // `table_id`; the store's error, empty when written.
  std::string finish(const v1::FinishedGame& game) {
    v1::TableRecord record;
    record.mutable_table()->set_table_id(game.table_id());
    record.mutable_table()->set_invite_code("K7MQ4X");
    record.mutable_table()->set_version(1);
    v1::TableEvent event;
    event.set_version(1);
    event.set_kind(v1::TableEvent::GAME_OVER);
    Commit commit = commit_of(record, {event});
    commit.finished = game;
    std::promise<std::string> written;
    store_->commit(std::move(commit), [&](const std::string& error) { written.set_value(error); });
    return written.get_future().get();
  }

  // A rated game in which `a` scored `score_a` against `b`.
  v1::FinishedGame game(const std::string& a, const std::string& b, double score_a,
                        std::int64_t at_ms = kNoon) {
    v1::FinishedGame g;
    g.set_table_id("table-" + std::to_string(++tables_));
    g.set_game_number(1);
    g.set_game_id("uttt");
    g.set_rated(true);
    g.set_finished_ms(at_ms);
    const std::string ids[] = {a, b};
    const double scores[] = {score_a, 1 - score_a};
    for (std::uint32_t n = 1; n <= 2; ++n) {
      v1::Seat& seat = *g.add_seats();
      seat.set_number(n);
      seat.mutable_plan()->set_kind(v1::SeatPlan::PERSON);
      seat.set_name(ids[n - 1]);
      seat.set_player_id(ids[n - 1]);
      v1::SeatResult& result = *g.mutable_state()->mutable_outcome()->add_results();
      result.set_seat(n);
      result.set_score(scores[n - 1]);
    }
    for (int i = 0; i < 4; ++i) g.add_move_seats(i % 2 + 1);
    return g;
  }

  v1::PlayerRating rating(const std::string& player) {
    for (const v1::PlayerRating& r : players().ratings(player))
      if (r.game_id() == "uttt") return r;
    return players::first_rating("uttt");
  }

  fs::path place_;
  std::unique_ptr<TableStore> store_;
  int tables_ = 0;
};

TEST_P(PlayerStoreTest, KeepsPlayersAndTheirNames) {
  players().add_player({"player-one-aaaaa", "Ana", std::string(32, 'h'), kNoon});
  const auto found = players().player("player-one-aaaaa");
  ASSERT_TRUE(found);
  EXPECT_EQ(found->name, "Ana");
  EXPECT_EQ(found->secret_hash, std::string(32, 'h'));
  EXPECT_EQ(found->created_ms, kNoon);
  EXPECT_FALSE(players().player("player-two-bbbbb"));
  EXPECT_TRUE(players().rename_player("player-one-aaaaa", "Ana María"));
  EXPECT_FALSE(players().rename_player("player-two-bbbbb", "Bruno"));
  EXPECT_EQ(players().player("player-one-aaaaa")->name, "Ana María");
}

TEST_P(PlayerStoreTest, ATransferCodeWorksOnceBeforeItExpires) {
  players().add_player({"player-one-aaaaa", "Ana", "old-secret", kNoon});
  players().put_transfer("player-one-aaaaa", "code-1", kNoon + 600'000);
  EXPECT_FALSE(players().claim_transfer("code-0", "new-secret", kNoon));
  EXPECT_EQ(players().player("player-one-aaaaa")->secret_hash, "old-secret");
  EXPECT_EQ(players().claim_transfer("code-1", "new-secret", kNoon), "player-one-aaaaa");
  EXPECT_EQ(players().player("player-one-aaaaa")->secret_hash, "new-secret");
  EXPECT_FALSE(players().claim_transfer("code-1", "third-secret", kNoon)) << "used up";

  // A newer code replaces the older; an expired one does nothing.
  players().put_transfer("player-one-aaaaa", "code-2", kNoon + 600'000);
  players().put_transfer("player-one-aaaaa", "code-3", kNoon + 600'000);
  EXPECT_FALSE(players().claim_transfer("code-2", "x", kNoon));
  EXPECT_FALSE(players().claim_transfer("code-3", "x", kNoon + 600'000)) << "expired";
  EXPECT_EQ(players().player("player-one-aaaaa")->secret_hash, "new-secret");
}

TEST_P(PlayerStoreTest, ARatedGameChangesBothRatingsOnceWithItsCommit) {
  const v1::FinishedGame won = game("player-one-aaaaa", "player-two-bbbbb", 1);
  ASSERT_EQ(finish(won), "");
  const v1::PlayerRating winner = rating("player-one-aaaaa");
  const v1::PlayerRating loser = rating("player-two-bbbbb");
  EXPECT_GT(winner.rating(), 1500);
  EXPECT_LT(loser.rating(), 1500);
  EXPECT_EQ(winner.games(), 1u);
  EXPECT_EQ(winner.wins(), 1u);
  EXPECT_EQ(loser.losses(), 1u);

  // The same commit again (a retry) is refused as a double write, and
  // changes no rating.
  EXPECT_NE(finish(won), "");
  EXPECT_EQ(rating("player-one-aaaaa").rating(), winner.rating());
  EXPECT_EQ(rating("player-one-aaaaa").games(), 1u);
  ASSERT_EQ(players().rated_games("player-one-aaaaa", 10).size(), 1u);

  if (GetParam().durable) {
    open();  // a restart
    EXPECT_EQ(rating("player-one-aaaaa").rating(), winner.rating());
    EXPECT_EQ(rating("player-two-bbbbb").games(), 1u);
  }
  const auto games = players().rated_games("player-two-bbbbb", 10);
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(games[0].table_id(), won.table_id());
  EXPECT_EQ(games[0].opponent_id(), "player-one-aaaaa");
  EXPECT_EQ(games[0].score(), 0);
  EXPECT_EQ(games[0].rating_before(), 1500);
  EXPECT_EQ(games[0].rating_after(), loser.rating());
  EXPECT_TRUE(games[0].counted());
}

TEST_P(PlayerStoreTest, ADrawBetweenEqualsMovesNoRatingButCounts) {
  ASSERT_EQ(finish(game("player-one-aaaaa", "player-two-bbbbb", 0.5)), "");
  for (const char* player : {"player-one-aaaaa", "player-two-bbbbb"}) {
    EXPECT_NEAR(rating(player).rating(), 1500, 1e-9);
    EXPECT_LT(rating(player).deviation(), 350);
    EXPECT_EQ(rating(player).draws(), 1u);
  }
}

TEST_P(PlayerStoreTest, AbortedCasualAndComputerGamesChangeNoRating) {
  v1::FinishedGame aborted = game("player-one-aaaaa", "player-two-bbbbb", 1);
  aborted.mutable_move_seats()->Truncate(3);  // seat 2 moved once
  v1::FinishedGame casual = game("player-one-aaaaa", "player-two-bbbbb", 1);
  casual.set_rated(false);
  v1::FinishedGame computer = game("player-one-aaaaa", "player-two-bbbbb", 1);
  computer.mutable_seats(1)->mutable_plan()->set_kind(v1::SeatPlan::CPU);
  v1::FinishedGame alone = game("player-one-aaaaa", "player-one-aaaaa", 1);
  for (const v1::FinishedGame& g : {aborted, casual, computer, alone}) ASSERT_EQ(finish(g), "");
  EXPECT_TRUE(players().ratings("player-one-aaaaa").empty());
  EXPECT_TRUE(players().rated_games("player-one-aaaaa", 10).empty());
}

TEST_P(PlayerStoreTest, TwoPlayersCountAtMostTheDailyNumberOfGames) {
  for (int i = 0; i < players::kRatedGamesPerPairPerDay; ++i)
    ASSERT_EQ(finish(game("player-one-aaaaa", "player-two-bbbbb", i % 2, kNoon + i)), "");
  const v1::PlayerRating counted = rating("player-one-aaaaa");
  EXPECT_EQ(counted.games(), unsigned(players::kRatedGamesPerPairPerDay));
  // Either order of seats is the same pair.
  ASSERT_EQ(finish(game("player-two-bbbbb", "player-one-aaaaa", 0, kNoon + 100)), "");
  EXPECT_EQ(rating("player-one-aaaaa").rating(), counted.rating());
  EXPECT_EQ(rating("player-one-aaaaa").games(), counted.games());
  const auto latest = players().rated_games("player-one-aaaaa", 1);
  ASSERT_EQ(latest.size(), 1u);
  EXPECT_FALSE(latest[0].counted());
  // Another opponent counts, and so does the next day.
  ASSERT_EQ(finish(game("player-one-aaaaa", "player-three-ccc", 1, kNoon + 200)), "");
  EXPECT_EQ(rating("player-one-aaaaa").games(), counted.games() + 1);
  ASSERT_EQ(finish(game("player-one-aaaaa", "player-two-bbbbb", 1, kNoon + players::kDayMs)), "");
  EXPECT_EQ(rating("player-one-aaaaa").games(), counted.games() + 2);
}

TEST_P(PlayerStoreTest, StandingsListTheBestFirstAndLeaveOutProvisionalRatings) {
  for (const char* id : {"player-one-aaaaa", "player-two-bbbbb", "player-three-ccc"})
    players().add_player({id, std::string("name of ") + id, "s", kNoon});
  // One and two play until their ratings settle, over enough days; three
  // plays once.
  int day = 0;
  while (rating("player-two-bbbbb").deviation() > players::glicko2::kProvisionalDeviation) {
    ASSERT_LT(day, 60);
    const std::int64_t at = kNoon + day++ * players::kDayMs;
    ASSERT_EQ(finish(game("player-one-aaaaa", "player-two-bbbbb", day % 3 ? 1 : 0.5, at)), "");
  }
  ASSERT_EQ(finish(game("player-three-ccc", "player-two-bbbbb", 1)), "");

  const auto settled = players().standings("uttt", false, 100);
  ASSERT_EQ(settled.size(), 2u);
  EXPECT_EQ(settled[0].player_id(), "player-one-aaaaa");
  EXPECT_EQ(settled[0].name(), "name of player-one-aaaaa");
  EXPECT_EQ(settled[0].rank(), 1u);
  EXPECT_EQ(settled[1].player_id(), "player-two-bbbbb");
  EXPECT_EQ(settled[1].rank(), 2u);
  EXPECT_FALSE(settled[0].provisional());

  const auto all = players().standings("uttt", true, 100);
  ASSERT_EQ(all.size(), 3u);
  for (std::size_t i = 1; i < all.size(); ++i) EXPECT_GE(all[i - 1].rating(), all[i].rating());
  EXPECT_TRUE(std::any_of(all.begin(), all.end(), [](const v1::Standing& s) {
    return s.player_id() == "player-three-ccc" && s.provisional();
  }));
  EXPECT_EQ(players().standings("uttt", true, 1).size(), 1u);
  EXPECT_TRUE(players().standings("tictactoe", true, 100).empty());
}

INSTANTIATE_TEST_SUITE_P(
    EveryStore, PlayerStoreTest,
    ::testing::Values(
        StoreKind{"Memory", [](const fs::path&) { return std::make_unique<MemoryTableStore>(); }},
        StoreKind{"Sqlite",
                  [](const fs::path& place) {
                    return std::make_unique<SqliteTableStore>(place / "tables.db");
                  },
                  true},
        StoreKind{"Postgresql",
                  [](const fs::path& place) {
                    return std::make_unique<PostgresqlTableStore>(postgresql_place(place));
                  },
                  true}),
    [](const auto& info) { return info.param.name; });

}  // namespace
}  // namespace boardgame::tables
