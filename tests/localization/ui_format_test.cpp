#include <gtest/gtest.h>

#include "boardgame/rules/ui_format.h"

namespace boardgame::rules {
namespace {

std::string format(std::string_view text, std::string_view locale, const UiArgs& args = {}) {
  auto out = format_ui_text(text, locale, args);
  EXPECT_TRUE(out) << text << ": " << out.error;
  return out.value;
}

TEST(UiFormat, FillsNamedArgumentsInAnyOrder) {
  EXPECT_EQ(format("Tablero {board}, casilla {cell} → manda al tablero {destination}", "es",
                   {{"board", "3"}, {"cell", "9"}, {"destination", "9"}}),
            "Tablero 3, casilla 9 → manda al tablero 9");
  EXPECT_EQ(format("{b}{a}{b}", "en", {{"a", "1"}, {"b", "2"}}), "212");
  EXPECT_EQ(format("no arguments", "en"), "no arguments");
  EXPECT_EQ(format("a { b } c", "en", {{"b", "1"}}), "a 1 c");  // ICU allows spaces inside
}

TEST(UiFormat, ApostrophesQuoteBracesAndAreOtherwiseText) {
  EXPECT_EQ(format("'{board}' is {board}", "en", {{"board", "5"}}), "{board} is 5");
  EXPECT_EQ(format("'}' '{'", "en"), "} {");
  EXPECT_EQ(format("It's {player}'s turn", "en", {{"player", "Ana"}}), "It's Ana's turn");
  EXPECT_EQ(format("It''s", "en"), "It's");
  EXPECT_EQ(format("It’s {player}", "en", {{"player", "Ana"}}), "It’s Ana");
}

TEST(UiFormat, ArgumentsAreInsertedAsTheyAre) {
  EXPECT_EQ(format("«{move}»", "es", {{"move", "{cell}"}}), "«{cell}»");
  EXPECT_EQ(format("{move}", "es", {{"move", "'#'"}}), "'#'");
}

TEST(UiFormat, PluralFollowsTheLocale) {
  const char* points[] = {
      "{points, plural, one {# point} other {# points}}",
      "{points, plural, one {# punto} other {# puntos}}",
      "{points, plural, one {# ponto} other {# pontos}}",
      "{points, plural, one {# Punkt} other {# Punkte}}",
  };
  struct Case {
    const char* value;
    const char* en;
    const char* es;
    const char* pt;
    const char* de;
  };
  for (const Case& c : {
           Case{"0", "0 points", "0 puntos", "0 pontos", "0 Punkte"},
           Case{"1", "1 point", "1 punto", "1 ponto", "1 Punkt"},
           Case{"2", "2 points", "2 puntos", "2 pontos", "2 Punkte"},
           Case{"1.5", "1.5 points", "1,5 puntos", "1,5 pontos", "1,5 Punkte"},
       }) {
    EXPECT_EQ(format(points[0], "en", {{"points", c.value}}), c.en);
    EXPECT_EQ(format(points[1], "es", {{"points", c.value}}), c.es);
    // European Portuguese: 0 and 1,5 are plural (in Brazil both are singular).
    EXPECT_EQ(format(points[2], "pt", {{"points", c.value}}), c.pt);
    EXPECT_EQ(format(points[2], "pt-PT", {{"points", c.value}}), c.pt);
    EXPECT_EQ(format(points[3], "de", {{"points", c.value}}), c.de);
  }
  // Exact values come before the categories.
  const char* moves = "{count, plural, =0 {no moves} one {one move} other {# moves}}";
  EXPECT_EQ(format(moves, "en", {{"count", "0"}}), "no moves");
  EXPECT_EQ(format(moves, "en", {{"count", "1"}}), "one move");
  EXPECT_EQ(format(moves, "en", {{"count", "12"}}), "12 moves");
}

TEST(UiFormat, NumbersUseTheLocalesDigits) {
  EXPECT_EQ(format("{n, number}", "en", {{"n", "1234.5"}}), "1,234.5");
  EXPECT_EQ(format("{n, number}", "de", {{"n", "1234.5"}}), "1.234,5");
  EXPECT_EQ(format("{n, number}", "es", {{"n", "1.5"}}), "1,5");
  EXPECT_EQ(format("{n, number}", "pt", {{"n", "-2"}}), "-2");
  // A plain argument is text: no digits are changed.
  EXPECT_EQ(format("{n}", "de", {{"n", "1.5"}}), "1.5");
}

TEST(UiFormat, SelectPicksTheCaseOfTheWord) {
  const char* wins = "{person, select, you {You win.} other {{player} wins.}}";
  EXPECT_EQ(format(wins, "en", {{"person", "you"}, {"player", "Ana"}}), "You win.");
  EXPECT_EQ(format(wins, "en", {{"person", "other"}, {"player", "Ana"}}), "Ana wins.");
  EXPECT_EQ(format(wins, "en", {{"person", "anything"}, {"player", "Ana"}}), "Ana wins.");
  // Nested: a select around a plural.
  const char* left =
      "{person, select, you {You have {n, plural, one {# second} other {# seconds}} left.} "
      "other {{player} has {n, plural, one {# second} other {# seconds}} left.}}";
  EXPECT_EQ(format(left, "en", {{"person", "you"}, {"player", "Ana"}, {"n", "1"}}),
            "You have 1 second left.");
  EXPECT_EQ(format(left, "en", {{"person", "other"}, {"player", "Ana"}, {"n", "30"}}),
            "Ana has 30 seconds left.");
}

TEST(UiFormat, AMissingArgumentIsAnError) {
  auto text = format_ui_text("Board {board}, cell {cell}", "en", {{"board", "3"}});
  EXPECT_FALSE(text);
  EXPECT_NE(text.error.find("{cell}"), std::string::npos) << text.error;
  // Also one that only a case the value does not choose would use.
  EXPECT_FALSE(format_ui_text("{person, select, you {You} other {{player}}}", "en",
                              {{"person", "you"}}));
}

TEST(UiFormat, ACountThatIsNoNumberIsAnError) {
  for (const char* bad : {"two", "", "1,5", "1.", ".5", "1e3", "--1", "½"}) {
    auto text = format_ui_text("{n, plural, one {# point} other {# points}}", "en", {{"n", bad}});
    EXPECT_FALSE(text) << bad;
    EXPECT_NE(text.error.find("{n}"), std::string::npos) << text.error;
    EXPECT_NE(text.error.find("not a number"), std::string::npos) << text.error;
    EXPECT_FALSE(format_ui_text("{n, number}", "en", {{"n", bad}})) << bad;
  }
  // A plain argument takes any text.
  EXPECT_EQ(format("{n}", "en", {{"n", "two"}}), "two");
}

TEST(UiFormat, UnusedArgumentsAreAllowed) {
  EXPECT_EQ(format("Free move", "en", {{"board", "3"}}), "Free move");
}

TEST(UiFormat, TheLocaleMustBeATag) {
  auto text = format_ui_text("{n}", "en_US", {{"n", "1"}});
  EXPECT_FALSE(text);
  EXPECT_NE(text.error.find("'-'"), std::string::npos) << text.error;
}

TEST(UiFormat, MalformedMessagesAreErrors) {
  for (const char* bad :
       {"{board", "board}", "{}", "{Board}", "{1st}", "{board cell}", "{board-2}", "{{board}",
        "{{", "}}", "{0} and {1}", "l'{player}", "{n, plural, one {#}}",
        "{n, plural, one {x} other {y}",
        "{n, plural, one {a} one {b} other {c}}", "{n, plural, singular {a} other {b}}",
        "{p, select, you {a} you {b} other {c}}", "{d, date}", "{n, choice, 0#none|1#one}",
        "{n, number, ::garbage}", "{n, plural, other {#}} {n, select, other {x}}"}) {
    EXPECT_FALSE(placeholder_names(bad)) << bad;
    EXPECT_FALSE(format_ui_text(bad, "en", {{"board", "1"}, {"n", "1"}, {"p", "you"}})) << bad;
  }
}

TEST(UiFormat, ErrorsSayWhereAndWhat) {
  auto error = [](const char* text) { return placeholder_names(text).error; };
  EXPECT_NE(error("«{board").find("'{' at position 2 is never closed"), std::string::npos)
      << error("«{board");
  EXPECT_NE(error("«{board»").find("position 3, before “board»”"), std::string::npos)
      << error("«{board»");
  EXPECT_NE(error("Cell {cell}}").find("'}' at position 12 closes nothing"), std::string::npos)
      << error("Cell {cell}}");
  EXPECT_NE(error("a {Board}").find("“Board” at position 3"), std::string::npos)
      << error("a {Board}");
  EXPECT_NE(error("{0}").find("named"), std::string::npos) << error("{0}");
  EXPECT_NE(error("{n, plural, one {x}}").find("no “other” case"), std::string::npos)
      << error("{n, plural, one {x}}");
  EXPECT_NE(error("l'{player} joue").find("apostrophe at position 2"), std::string::npos)
      << error("l'{player} joue");
  EXPECT_NE(error("{n, plural, onne {x} other {y}}").find("“onne”"), std::string::npos)
      << error("{n, plural, onne {x} other {y}}");
  EXPECT_NE(error("{d, date}").find("“date”"), std::string::npos) << error("{d, date}");
}

TEST(UiFormat, ListsArgumentNamesOnceInOrderNestedOnesIncluded) {
  auto names = placeholder_names("{player} left; {player} comes back with {move} '{x}'");
  ASSERT_TRUE(names) << names.error;
  EXPECT_EQ(names.value, (std::vector<std::string>{"player", "move"}));
  names = placeholder_names(
      "{person, select, you {Your move: {side} {move}} other {{player} plays {side} {move}}}, "
      "{points, plural, one {# point} other {# points for {player}}}");
  ASSERT_TRUE(names) << names.error;
  EXPECT_EQ(names.value,
            (std::vector<std::string>{"person", "side", "move", "player", "points"}));
}

}  // namespace
}  // namespace boardgame::rules
