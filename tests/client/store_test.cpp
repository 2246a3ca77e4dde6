#include "store.h"

#include <gtest/gtest.h>

#include <fstream>
#include <unistd.h>

namespace game_client {
namespace {

namespace fs = std::filesystem;

struct TempDir {
  fs::path path;
  TempDir() {
    char pattern[] = "/tmp/client-store-XXXXXX";
    path = mkdtemp(pattern);
  }
  ~TempDir() { fs::remove_all(path); }
};

ClientData sample() {
  ClientData data;
  MatchPlan plan;
  plan.game_id = "uttt";
  plan.mode = Mode::kAgainstCpu;
  plan.seats = {{true, v1::SuggestMoveRequest::NORMAL, ""}, {false, v1::SuggestMoveRequest::EXPERTO, ""}};
  v1::Outcome o;
  auto* r = o.add_results();
  r->set_seat(1);
  r->set_result(v1::SeatResult::WIN);
  data.scoreboard.count(plan, o);
  v1::GameState state;
  state.set_game_id("uttt");
  state.set_game_number(2);
  state.add_moves(40);
  state.add_moves(36);
  auto* s = state.add_settings();
  s->set_id("alternate_first_turn");
  s->mutable_value()->set_flag(false);
  data.unfinished.keep(SavedGame{plan, state});
  data.settings["uttt"] = {*s};
  return data;
}

TEST(Store, SavesAndLoadsEverything) {
  TempDir dir;
  Store store(dir.path / "club-games");
  ASSERT_EQ(store.save(sample()), "");
  Store::Loaded loaded = store.load();
  ASSERT_EQ(loaded.problem, "");
  ClientData& d = loaded.data;
  EXPECT_EQ(d.scoreboard.record("uttt", "cpu_experto").wins, 1u);
  ASSERT_EQ(d.unfinished.all().size(), 1u);
  const SavedGame* u = &d.unfinished.all().front();
  EXPECT_EQ(u->plan.mode, Mode::kAgainstCpu);
  EXPECT_EQ(u->plan.game_id, "uttt");
  EXPECT_EQ(u->plan.game_number, 2u);
  ASSERT_EQ(u->plan.seats.size(), 2u);
  EXPECT_FALSE(u->plan.seats[1].human);
  EXPECT_EQ(u->plan.seats[1].level, v1::SuggestMoveRequest::EXPERTO);
  EXPECT_EQ(u->state.moves_size(), 2);
  EXPECT_EQ(u->plan.settings.size(), 1u);
  EXPECT_EQ(d.settings["uttt"].size(), 1u);
}

// A finished game as the host would have returned it: over, with an outcome.
FinishedGame finished_between(std::string first, std::string second) {
  FinishedGame game;
  game.finished_at = "2026-12-02T01:55:07Z";
  game.plan.game_id = "tictactoe";
  game.plan.mode = Mode::kTwoPlayers;
  game.plan.seats = {{true, {}, std::move(first)}, {true, {}, std::move(second)}};
  game.state.set_game_id("tictactoe");
  game.state.set_game_number(1);
  for (std::uint32_t m : {0, 3, 1, 4, 2}) game.state.add_moves(m);
  game.state.mutable_outcome()->set_reason(v1::Outcome::LINE);
  return game;
}

TEST(Store, KeepsFinishedGamesWithNamesAndTheirTable) {
  TempDir dir;
  Store store(dir.path / "club-games");
  ClientData data;
  data.history.add(finished_between("Ana", "Bruno"));
  FinishedGame online = finished_between("Ana", "Chloé");
  online.reader = 2;
  online.table_id = "t-17";
  data.history.add(online);
  data.two_player_names = {"Ana", "Bruno"};
  ASSERT_EQ(store.save(data), "");
  Store::Loaded loaded = store.load();
  ASSERT_EQ(loaded.problem, "");
  const auto& games = loaded.data.history.all();
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[0].plan.seats[1].name, "Bruno");
  EXPECT_EQ(games[0].reader, 0u);
  EXPECT_EQ(games[0].finished_at, "2026-12-02T01:55:07Z");
  EXPECT_EQ(games[1].plan.seats[1].name, "Chloé");
  EXPECT_EQ(games[1].reader, 2u);
  EXPECT_EQ(games[1].table_id, "t-17");
  EXPECT_EQ(games[1].state.moves_size(), 5);
  EXPECT_EQ(loaded.data.two_player_names, (std::vector<std::string>{"Ana", "Bruno"}));
}

TEST(Store, RefusesAFinishedGameThatIsNotFinishedOrNamesNoSeat) {
  ClientData data;
  data.history.add(finished_between("Ana", "Bruno"));
  const nlohmann::json good = to_json(data);
  ASSERT_TRUE(client_data_from_json(good));

  nlohmann::json unfinished = good;
  unfinished["finished"][0]["state"].erase("outcome");
  EXPECT_EQ(client_data_from_json(unfinished).error, "a finished game's state is not a finished game");
  nlohmann::json no_time = good;
  no_time["finished"][0].erase("finished_at");
  EXPECT_EQ(client_data_from_json(no_time).error, "a finished game does not say when it ended");
  nlohmann::json far_seat = good;
  far_seat["finished"][0]["reader"] = 3;
  EXPECT_EQ(client_data_from_json(far_seat).error, "a finished game does not say which seat was the player's");
  nlohmann::json bad_name = good;
  bad_name["finished"][0]["seats"][0]["name"] = "";
  EXPECT_NE(client_data_from_json(bad_name).error.find("a name that is not 1 to 32 characters"), std::string::npos);
}

TEST(Store, TheHistoryKeepsTheNewestGames) {
  History history;
  for (std::size_t i = 0; i < History::kMaxFinishedGames + 3; ++i) {
    FinishedGame g = finished_between("Ana", "Bruno");
    g.finished_at = std::to_string(i);
    history.add(g);
  }
  ASSERT_EQ(history.all().size(), History::kMaxFinishedGames);
  EXPECT_EQ(history.all().front().finished_at, "3");
  EXPECT_EQ(history.all().back().finished_at, std::to_string(History::kMaxFinishedGames + 2));
}

TEST(Store, KeepsOneUnfinishedGamePerGameAndOpponent) {
  TempDir dir;
  Store store(dir.path / "club-games");
  ClientData data = sample();
  SavedGame other = data.unfinished.all().front();
  other.plan.seats[1].level = v1::SuggestMoveRequest::NOVATO;  // another opponent: its own slot
  data.unfinished.keep(other);
  SavedGame two = other;
  two.plan.mode = Mode::kTwoPlayers;
  two.plan.seats = {{true, {}, ""}, {true, {}, ""}};
  data.unfinished.keep(two);
  SavedGame later = two;
  later.state.add_moves(5);  // the same slot: the newer state replaces it
  data.unfinished.keep(later);
  ASSERT_EQ(store.save(data), "");
  Store::Loaded loaded = store.load();
  ASSERT_EQ(loaded.problem, "");
  ASSERT_EQ(loaded.data.unfinished.all().size(), 3u);
  EXPECT_EQ(loaded.data.unfinished.all().back().state.moves_size(), 3);
  EXPECT_EQ(loaded.data.unfinished.of_game("uttt").size(), 3u);
}

TEST(Store, AbandoningAgainstTheComputerIsALoss) {
  MatchPlan plan = sample().unfinished.all().front().plan;
  Scoreboard board;
  board.count(plan, abandoned_outcome(plan));
  EXPECT_EQ(board.record("uttt", "cpu_experto").losses, 1u);
}

TEST(Store, ReadsTheSingleGameOfFormat1) {
  TempDir dir;
  Store store(dir.path / "club-games");
  fs::create_directories(dir.path / "club-games");
  std::ofstream(store.file()) << R"({"format": 1, "unfinished": {"mode": "two_players",
      "seats": [{"human": true}, {"human": true}], "state": {"gameId": "uttt", "moves": [40]}}})";
  Store::Loaded loaded = store.load();
  ASSERT_EQ(loaded.problem, "");
  ASSERT_EQ(loaded.data.unfinished.all().size(), 1u);
  EXPECT_EQ(loaded.data.unfinished.all().front().state.moves_size(), 1);
}

TEST(Store, SavingLeavesNoTemporaryFileAndKeepsTheFilePrivate) {
  TempDir dir;
  Store store(dir.path / "club-games");
  ASSERT_EQ(store.save(sample()), "");
  ASSERT_EQ(store.save(sample()), "");
  std::size_t files = 0;
  for (const auto& entry : fs::directory_iterator(dir.path / "club-games")) {
    (void)entry;
    ++files;
  }
  EXPECT_EQ(files, 1u);
  EXPECT_EQ(fs::status(store.file()).permissions() & fs::perms::all,
            fs::perms::owner_read | fs::perms::owner_write);
}

TEST(Store, AFolderThatCannotBeWrittenIsReported) {
  TempDir dir;
  std::ofstream(dir.path / "a-file") << "not a folder";
  Store store(dir.path / "a-file" / "club-games");
  EXPECT_NE(store.save(sample()), "");
}

TEST(Store, NoFileIsAFreshStart) {
  TempDir dir;
  Store::Loaded loaded = Store(dir.path / "club-games").load();
  EXPECT_EQ(loaded.problem, "");
  EXPECT_TRUE(loaded.data.unfinished.empty());
}

TEST(Store, AnUnreadableFileIsMovedAsideWithAReason) {
  for (const char* content : {"{ not json", R"({"format": 99})",
                              R"({"format": 1, "unfinished": {"mode": "chess", "seats": []}})",
                              R"({"format": 1, "unfinished": {"mode": "demo", "seats": [{"human": false, "level": "GODLIKE"}], "state": {}}})",
                              R"({"format": 1, "unfinished": {"mode": "demo", "seats": [{"human": true}], "state": {"moves": ["x"]}}})"}) {
    TempDir dir;
    Store store(dir.path / "club-games");
    fs::create_directories(dir.path / "club-games");
    std::ofstream(store.file()) << content;
    Store::Loaded loaded = store.load();
    EXPECT_NE(loaded.problem, "") << content;
    EXPECT_FALSE(fs::exists(store.file())) << content;
    EXPECT_TRUE(fs::exists(loaded.set_aside)) << content;
    EXPECT_EQ(store.save(ClientData{}), "");  // and the next save starts afresh
  }
}

TEST(Store, TheDataDirectoryFollowsXdg) {
  auto env = [](const char* xdg, const char* home) {
    return [=](const char* name) -> const char* {
      return std::string(name) == "XDG_DATA_HOME" ? xdg : std::string(name) == "HOME" ? home : nullptr;
    };
  };
  EXPECT_EQ(Store::default_directory(env("/x/data", "/home/a")), fs::path("/x/data/club-games"));
  EXPECT_EQ(Store::default_directory(env("relative", "/home/a")), fs::path("/home/a/.local/share/club-games"));
  EXPECT_EQ(Store::default_directory(env(nullptr, "/home/a")), fs::path("/home/a/.local/share/club-games"));
  EXPECT_EQ(Store::default_directory(env(nullptr, nullptr)), fs::path());
}

}  // namespace
}  // namespace game_client
