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
  const std::string text = write_game_text(state, {"5/5", "5/1"});
  EXPECT_EQ(text, "g early_draw=on fast_game=5 time_per_turn=s60 game_number=3: 5/5 5/1 resigned_seat=2");

  GameText read;
  ASSERT_EQ(read_game_text(text, &read).key, "");
  EXPECT_EQ(read.game_id, "g");
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
  EXPECT_EQ(write_game_text(state, {}), "g:");
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

}  // namespace
}  // namespace game_client
