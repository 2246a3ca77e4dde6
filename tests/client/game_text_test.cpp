#include "game_text.h"

#include <gtest/gtest.h>

namespace game_client {
namespace {

v1::GameInfo game_with_settings() {
  v1::GameInfo info;
  info.set_id("g");
  info.set_name("Game");
  auto add = [&](const char* id, v1::SettingSpec::Type type) {
    v1::SettingSpec* s = info.add_settings();
    s->set_id(id);
    s->set_type(type);
  };
  add("early_draw", v1::SettingSpec::FLAG);
  add("fast_game", v1::SettingSpec::NUMBER);
  add("time_per_turn", v1::SettingSpec::CHOICE);
  return info;
}

TEST(GameText, WritesTheRecordAndReadsItBack) {
  v1::GameState state;
  state.set_game_id("g");
  state.set_game_number(3);
  v1::Setting* flag = state.add_settings();
  flag->set_id("early_draw");
  flag->mutable_value()->set_flag(true);
  v1::Setting* number = state.add_settings();
  number->set_id("fast_game");
  number->mutable_value()->set_number(5);
  v1::Setting* choice = state.add_settings();
  choice->set_id("time_per_turn");
  choice->mutable_value()->set_choice("s60");
  state.set_resigned_seat(2);
  v1::SeatResult* win = state.mutable_outcome()->add_results();
  win->set_seat(1);
  win->set_result(v1::SeatResult::WIN);
  win->set_score(1);
  state.mutable_outcome()->add_results()->set_seat(2);
  const std::string text = write_game_text(state, {"5/5", "5/1"}, {"2026-12-07", {"Ana", "Computer (Normal)"}});
  EXPECT_EQ(text,
            "[Game \"g\"]\n"
            "[Date \"2026-12-07\"]\n"
            "[Seat1 \"Ana\"]\n"
            "[Seat2 \"Computer (Normal)\"]\n"
            "[Result \"1-0\"]\n"
            "[Settings \"early_draw=on fast_game=5 time_per_turn=s60\"]\n"
            "g early_draw=on fast_game=5 time_per_turn=s60 game_number=3: 5/5 5/1 resigned_seat=2");

  GameText read;
  ASSERT_EQ(read_game_text(text, &read).key, "");
  EXPECT_EQ(read.game_id, "g");
  EXPECT_EQ(read.tag("Seat1"), "Ana");
  EXPECT_EQ(read.tag("Seat2"), "Computer (Normal)");
  EXPECT_EQ(read.tag("Result"), "1-0");
  EXPECT_EQ(read.tags.size(), 6u);
  EXPECT_EQ(read.game_number, 3u);
  EXPECT_EQ(read.moves, (std::vector<std::string>{"5/5", "5/1"}));
  EXPECT_EQ(read.resigned_seat, 2u);
  std::vector<v1::Setting> settings;
  ASSERT_EQ(settings_of(read, game_with_settings(), &settings).key, "");
  ASSERT_EQ(settings.size(), 3u);
  EXPECT_TRUE(settings[0].value().flag());
  EXPECT_EQ(settings[1].value().number(), 5);
  EXPECT_EQ(settings[2].value().choice(), "s60");
}

TEST(GameText, AFirstGameWithoutSettingsIsJustItsMoves) {
  v1::GameState state;
  state.set_game_id("g");
  state.set_game_number(1);
  EXPECT_EQ(write_game_text(state, {}, {}), "[Game \"g\"]\n[Result \"*\"]\ng:");
  GameText read;
  // Line breaks and runs of spaces, as a pasted or wrapped text has them.
  ASSERT_EQ(read_game_text("  g:  1\n 2\t3 \n", &read).key, "");
  EXPECT_EQ(read.game_number, 1u);
  EXPECT_EQ(read.moves, (std::vector<std::string>{"1", "2", "3"}));
}

TEST(GameText, SaysWhatIsWrong) {
  const std::pair<const char*, const char*> cases[] = {
      {"g 5/5 5/1", "game_text.no_colon"},
      {" : 5/5", "game_text.no_game"},
      {"g early_draw: 5/5", "game_text.not_a_setting"},
      {"g =on: 5/5", "game_text.not_a_setting"},
      {"g game_number=0: 5/5", "game_text.bad_game_number"},
      {"g game_number=x: 5/5", "game_text.bad_game_number"},
      {"g a=1 a=2: 5/5", "game_text.setting_twice"},
      {"g: 5/5 resigned_seat=1 5/1", "game_text.resigned_not_last"},
      {"g: 5/5 resigned_seat=0", "game_text.bad_resigned_seat"},
      {"g: 5/5 h:1", "game_text.two_colons"},
  };
  for (const auto& [text, key] : cases) {
    GameText read;
    EXPECT_EQ(read_game_text(text, &read).key, key) << text;
  }
}

TEST(GameText, SettingsFollowTheGamesSchema) {
  const v1::GameInfo info = game_with_settings();
  const std::pair<const char*, const char*> cases[] = {
      {"g colour=red:", "game_text.unknown_setting"},
      {"g early_draw=yes:", "game_text.not_a_flag"},
      {"g fast_game=five:", "game_text.not_a_number"},
  };
  for (const auto& [text, key] : cases) {
    GameText read;
    ASSERT_EQ(read_game_text(text, &read).key, "") << text;
    std::vector<v1::Setting> settings;
    const GameTextProblem problem = settings_of(read, info, &settings);
    EXPECT_EQ(problem.key, key) << text;
    EXPECT_FALSE(problem.args.at("setting").empty());
  }
}

TEST(GameText, ATextWithoutAHeaderStillReads) {
  GameText read;
  ASSERT_EQ(read_game_text("uttt fast_game=5: 5/5 5/1 1/9 resigned_seat=2", &read).key, "");
  EXPECT_TRUE(read.tags.empty());
  EXPECT_EQ(read.game_id, "uttt");
  EXPECT_EQ(read.tag("Seat1"), "");
  EXPECT_EQ(read.moves.size(), 3u);
  EXPECT_EQ(read.resigned_seat, 2u);
}

TEST(GameText, NamesInAnyScriptAndQuotesRoundTrip) {
  v1::GameState state;
  state.set_game_id("g");
  const std::vector<std::string> seats = {"Zoë \"the \\ Quick\"", "李雷 🙂"};
  const std::string text = write_game_text(state, {"1"}, {"", seats});
  EXPECT_NE(text.find("[Seat1 \"Zoë \\\"the \\\\ Quick\\\"\"]\n"), std::string::npos) << text;
  GameText read;
  ASSERT_EQ(read_game_text(text, &read).key, "") << text;
  EXPECT_EQ(read.tag("Seat1"), seats[0]);
  EXPECT_EQ(read.tag("Seat2"), seats[1]);
  EXPECT_EQ(read.tag("Date"), "");
}

TEST(GameText, ALineBreakInANameCannotEndItsTag) {
  v1::GameState state;
  state.set_game_id("g");
  GameText read;
  ASSERT_EQ(read_game_text(write_game_text(state, {}, {"", {"a\nb"}}), &read).key, "");
  EXPECT_EQ(read.tag("Seat1"), "a b");
}

TEST(GameText, UnknownTagsAndBlankLinesAreKept) {
  GameText read;
  ASSERT_EQ(read_game_text("\n  [Event \"Club night\"]  \n\n[Game \"g\"]\r\n[ Round  \"2\" ]\ng: 1\n 2\n", &read).key, "");
  ASSERT_EQ(read.tags.size(), 3u);
  EXPECT_EQ(read.tags[0], (std::pair<std::string, std::string>{"Event", "Club night"}));
  EXPECT_EQ(read.tag("Round"), "2");
  EXPECT_EQ(read.moves, (std::vector<std::string>{"1", "2"}));
}

TEST(GameText, AMalformedHeaderLineIsNamed) {
  const struct {
    const char* text;
    const char* key;
    const char* line;
  } cases[] = {
      {"[Game \"g\"]\n[Seat1 Ana]\ng:", "game_text.bad_tag", "2"},
      {"[Seat1 \"Ana]\ng:", "game_text.bad_tag", "1"},
      {"[Seat1 \"Ana\"\ng:", "game_text.bad_tag", "1"},
      {"[\"Ana\"]\ng:", "game_text.bad_tag", "1"},
      {"[Seat1 \"Ana\"] x\ng:", "game_text.bad_tag", "1"},
      {"[Seat-1 \"Ana\"]\ng:", "game_text.bad_tag", "1"},
      {"\n[Seat1 \"A\\nna\"]\ng:", "game_text.bad_escape", "2"},
      {"[Seat1 \"A\"]\n[Seat1 \"B\"]\ng:", "game_text.tag_twice", "2"},
  };
  for (const auto& c : cases) {
    GameText read;
    read.game_id = "untouched";
    const GameTextProblem problem = read_game_text(c.text, &read);
    EXPECT_EQ(problem.key, c.key) << c.text;
    EXPECT_EQ(problem.args.count("line") ? problem.args.at("line") : "", c.line) << c.text;
    EXPECT_EQ(read.game_id, "untouched") << c.text;
  }
  GameText read;
  EXPECT_EQ(read_game_text("[Game \"g\"]\n", &read).key, "game_text.no_moves_line");
  EXPECT_EQ(read_game_text("[Game \"h\"]\ng: 1", &read).key, "game_text.header_game");
}

TEST(GameText, TheResultGivesEverySeatsScore) {
  v1::GameState state;
  state.set_seat_to_move(1);
  EXPECT_EQ(result_tag(state), "*");
  state.set_seat_to_move(0);
  EXPECT_EQ(result_tag(state), "*");  // over, but the rules gave no outcome
  for (std::uint32_t seat = 1; seat <= 3; ++seat) {
    v1::SeatResult* r = state.mutable_outcome()->add_results();
    r->set_seat(seat);
    r->set_result(seat == 3 ? v1::SeatResult::LOSS : v1::SeatResult::DRAW);
    r->set_score(seat == 3 ? 0 : 0.5);
  }
  EXPECT_EQ(result_tag(state), "1/2-1/2-0");
  // Without scores, the results alone.
  state.mutable_outcome()->mutable_results(0)->set_score(0);
  state.mutable_outcome()->mutable_results(1)->set_result(v1::SeatResult::LOSS);
  state.mutable_outcome()->mutable_results(1)->set_score(0);
  state.mutable_outcome()->mutable_results(2)->set_result(v1::SeatResult::WIN);
  EXPECT_EQ(result_tag(state), "1/2-0-1");
}

}  // namespace
}  // namespace game_client
