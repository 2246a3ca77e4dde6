#include <gtest/gtest.h>

#include "boardgame/rules/ui_format.h"

namespace boardgame::rules {
namespace {

TEST(UiFormat, FillsNamedPlaceholdersInAnyOrder) {
  auto text = format_ui_text("Tablero {board}, casilla {cell} → manda al tablero {destination}",
                             {{"board", "3"}, {"cell", "9"}, {"destination", "9"}});
  ASSERT_TRUE(text) << text.error;
  EXPECT_EQ(text.value, "Tablero 3, casilla 9 → manda al tablero 9");
  EXPECT_EQ(format_ui_text("{b}{a}{b}", {{"a", "1"}, {"b", "2"}}).value, "212");
  EXPECT_EQ(format_ui_text("no placeholders", {}).value, "no placeholders");
}

TEST(UiFormat, DoubledBracesAreLiteral) {
  EXPECT_EQ(format_ui_text("{{board}} is {board}", {{"board", "5"}}).value, "{board} is 5");
  EXPECT_EQ(format_ui_text("}}{{", {}).value, "}{");
}

TEST(UiFormat, ArgumentsAreInsertedAsTheyAre) {
  EXPECT_EQ(format_ui_text("«{move}»", {{"move", "{cell}"}}).value, "«{cell}»");
}

TEST(UiFormat, AMissingArgumentIsAnError) {
  auto text = format_ui_text("Board {board}, cell {cell}", {{"board", "3"}});
  EXPECT_FALSE(text);
  EXPECT_NE(text.error.find("{cell}"), std::string::npos) << text.error;
}

TEST(UiFormat, UnusedArgumentsAreAllowed) {
  EXPECT_EQ(format_ui_text("Free move", {{"board", "3"}}).value, "Free move");
}

TEST(UiFormat, MalformedBracesAreErrors) {
  for (const char* bad : {"{board", "board}", "{}", "{Board}", "{1st}", "{board cell}",
                          "{board-2}", "a { b } c", "{{board}"}) {
    EXPECT_FALSE(placeholder_names(bad)) << bad;
    EXPECT_FALSE(format_ui_text(bad, {{"board", "1"}})) << bad;
  }
}

TEST(UiFormat, ListsPlaceholderNamesOnceInOrder) {
  auto names = placeholder_names("{player} left; {player} comes back with {move} {{x}}");
  ASSERT_TRUE(names) << names.error;
  EXPECT_EQ(names.value, (std::vector<std::string>{"player", "move"}));
}

}  // namespace
}  // namespace boardgame::rules
