// The club's player as the client keeps it, and the rules of showing
// ratings: whole points, signed changes, the history and its sparkline.
#include "players.h"

#include <gtest/gtest.h>

#include <unistd.h>

#include "store.h"

namespace game_client {
namespace {

namespace fs = std::filesystem;

const std::string kId = "Ab3_-Ab3_-Ab3_-x";                            // 16
const std::string kSecret = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJ0123_-Z";  // 43

v1::RatedGame rated(const std::string& game, const std::string& table, std::uint32_t number, double before,
                    double after) {
  v1::RatedGame g;
  g.set_game_id(game);
  g.set_table_id(table);
  g.set_game_number(number);
  g.set_rating_before(before);
  g.set_rating_after(after);
  g.set_counted(true);
  return g;
}

TEST(Players, IdsAndSecretsAreAsTheHostMakesThem) {
  EXPECT_TRUE(valid_player_id(kId));
  EXPECT_FALSE(valid_player_id(kId + "x"));
  EXPECT_FALSE(valid_player_id("Ab3 -Ab3_-Ab3_-x"));
  EXPECT_TRUE(valid_player_secret(kSecret));
  EXPECT_FALSE(valid_player_secret(kSecret.substr(1)));
  EXPECT_FALSE(valid_player_secret(kSecret.substr(1) + "="));
  const v1::PlayerKey key = key_of({"h", kId, kSecret, "Ana", false});
  EXPECT_EQ(key.player_id(), kId);
  EXPECT_EQ(key.secret(), kSecret);
}

TEST(Players, ChangesAreThoseOfTheWholeRatingsShown) {
  EXPECT_EQ(rating_points(1515.5), 1516);
  EXPECT_EQ(rating_points(1484.4), 1484);
  EXPECT_EQ(rating_change(1500, 1515.6), "+16");
  EXPECT_EQ(rating_change(1500.4, 1496.6), "-3");
  // 1500.4 and 1500.2 both show as 1500: no change.
  EXPECT_EQ(rating_change(1500.4, 1500.2), "0");
}

TEST(Players, TheHistoryRunsOldestFirstFromTheRatingBefore) {
  v1::PlayerProfile profile;  // newest first, as GetPlayer answers
  *profile.add_recent_games() = rated("uttt", "t3", 1, 1540, 1530);
  *profile.add_recent_games() = rated("tictactoe", "t2", 1, 1500, 1600);
  *profile.add_recent_games() = rated("uttt", "t1", 2, 1520, 1540);
  *profile.add_recent_games() = rated("uttt", "t1", 1, 1500, 1520);
  EXPECT_EQ(rating_history(profile, "uttt", 40), (std::vector<double>{1500, 1520, 1540, 1530}));
  EXPECT_EQ(rating_history(profile, "uttt", 2), (std::vector<double>{1540, 1530}));
  EXPECT_EQ(rating_history(profile, "tictactoe", 40), (std::vector<double>{1500, 1600}));
  EXPECT_TRUE(rating_history(profile, "chess", 40).empty());

  ASSERT_NE(rated_game_at(profile, "t1", 2), nullptr);
  EXPECT_EQ(rated_game_at(profile, "t1", 2)->rating_after(), 1540);
  EXPECT_EQ(rated_game_at(profile, "t1", 3), nullptr);
  EXPECT_EQ(rated_game_at(profile, "t9", 1), nullptr);
}

TEST(Players, TheSparklineSpansTheLowestToTheHighest) {
  EXPECT_EQ(sparkline({1500, 1662}), "▁█");
  EXPECT_EQ(sparkline({1662, 1500}), "█▁");
  EXPECT_EQ(sparkline({1500, 1520, 1540, 1530}), "▁▅█▆");
  EXPECT_EQ(sparkline({1400, 1500, 1600, 1700, 1800, 1900, 2000, 2100}), "▁▂▃▄▅▆▇█");
  // No move, or less than a point, is flat, not a cliff.
  EXPECT_EQ(sparkline({1500, 1500.2, 1500}), "▄▄▄");
  EXPECT_EQ(sparkline({}), "");
}

TEST(Players, TheDataFileKeepsOnePlayerPerHostAndStillReadsFormat2) {
  char pattern[] = "/tmp/client-players-XXXXXX";
  const fs::path dir = mkdtemp(pattern);
  Store store(dir / "club-games");
  ClientData data;
  data.players.push_back({"127.0.0.1:5", kId, kSecret, "Ana", false});
  data.players.push_back({"club.example:50051", kId, kSecret, "Ana B.", true});
  ASSERT_EQ(store.save(data), "");
  const nlohmann::json saved = to_json(data);
  EXPECT_EQ(saved["format"], 3);
  EXPECT_FALSE(saved["players"][0].contains("moving_out"));
  Store::Loaded loaded = store.load();
  ASSERT_EQ(loaded.problem, "");
  ASSERT_EQ(loaded.data.players.size(), 2u);
  const ClubPlayer& p = loaded.data.players[1];
  EXPECT_EQ(p.host, "club.example:50051");
  EXPECT_EQ(p.player_id, kId);
  EXPECT_EQ(p.secret, kSecret);
  EXPECT_EQ(p.name, "Ana B.");
  EXPECT_TRUE(p.moving_out);
  EXPECT_FALSE(loaded.data.players[0].moving_out);
  fs::remove_all(dir);

  // A file of the format before players is read as before.
  auto old = client_data_from_json(nlohmann::json::parse(R"({"format": 2, "player_name": "Ana"})"));
  ASSERT_TRUE(old) << old.error;
  EXPECT_TRUE(old.value.players.empty());
  EXPECT_EQ(old.value.player_name, "Ana");
}

TEST(Players, ABrokenPlayerRecordIsRefusedWithAReason) {
  auto no_secret = client_data_from_json(nlohmann::json::parse(
      R"({"format": 3, "players": [{"host": "h", "player_id": "Ab3_-Ab3_-Ab3_-x", "name": "Ana"}]})"));
  EXPECT_FALSE(no_secret);
  EXPECT_NE(no_secret.error.find("secret"), std::string::npos) << no_secret.error;
  auto short_id = client_data_from_json(nlohmann::json::parse(
      R"({"format": 3, "players": [{"host": "h", "player_id": "x", "secret": "s", "name": "Ana"}]})"));
  EXPECT_FALSE(short_id);
  auto newer = client_data_from_json(nlohmann::json::parse(R"({"format": 4})"));
  EXPECT_FALSE(newer);
}

}  // namespace
}  // namespace game_client
