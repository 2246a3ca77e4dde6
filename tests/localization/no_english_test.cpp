// No English left behind: every page (the club's section included) and every
// UI catalogue in es, pt and de says everything in its own language. English
// function words are the tell-tale; a UI string copied unchanged from the
// English catalogue is the other.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <regex>
#include <set>

#include <google/protobuf/text_format.h>
#include <gtest/gtest.h>

#include "boardgame/rules/term_check.h"
#include "documents.h"
#include "build_paths.h"

namespace {

namespace fs = std::filesystem;
namespace v1 = boardgame::v1;
using boardgame::rules::FieldPath;

// Words that are English and nothing else in Spanish, Portuguese or German
// ("in", "an", "so", "no" or "will" would be, so they are not here).
const std::set<std::string> kEnglish = {
    "the",   "and",  "with",  "your",  "you",   "is",    "are",  "this",  "that",
    "of",    "to",   "when",  "what",  "which", "it",   "be",    "can",
    "does",  "not",  "yes",   "have",  "only",  "more", "must",  "next",
    "back",  "first", "seat", "move",  "moves", "board", "boards", "game", "games",
    "player", "players", "wins", "draw", "turn", "time", "free", "play", "win",
    "here",  "there", "from", "by",    "at",    "or",    "if",  "then",   "again", "left",
    "right", "top",  "bottom", "middle", "cell", "cells", "level", "levels"};

// The words of a text as a reader sees them: ICU message syntax (argument
// names, "plural", "select", branch keys) and technical tokens such as
// "game-host" or "scripts/play.sh" are left out.
std::vector<std::string> words_of(std::string text) {
  static const std::regex kArgument(R"(\{\s*\w+\s*\})");
  static const std::regex kSyntax(R"(\{\s*\w+\s*,\s*(plural|select|selectordinal|number)\s*,)");
  static const std::regex kBranch(R"((=\d+|\b\w+)\s*\{)");
  text = std::regex_replace(text, kArgument, " ");
  text = std::regex_replace(text, kSyntax, " ");
  text = std::regex_replace(text, kBranch, " ");
  // Words are runs of letters (any non-ASCII character but the punctuation
  // of the four languages counts as one); a run with a digit or one of
  // - _ / . = < > inside is a command, a path or a number.
  static const std::vector<std::string> kPunctuation = {
      "«", "»", "“", "”", "„", "‚", "‘", "’", "¿", "¡", "…", "·", "—", "–", "×", "→", "\u00a0"};
  std::vector<std::string> words;
  std::string word;
  bool technical = false;
  auto end_word = [&] {
    while (!word.empty() && word.back() == '.') word.pop_back();
    if (!word.empty() && !technical && word.find('.') == std::string::npos) words.push_back(word);
    word.clear();
    technical = false;
  };
  for (std::size_t i = 0; i < text.size();) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    const std::size_t length = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
    const std::string glyph = text.substr(i, length);
    i += length;
    if (std::isalpha(c) || (c >= 0x80 && std::find(kPunctuation.begin(), kPunctuation.end(),
                                                   glyph) == kPunctuation.end())) {
      word += char(std::tolower(c)) + glyph.substr(1);
    } else if (!word.empty() && std::string_view("-_/.=<>0123456789").find(char(c)) !=
                                    std::string_view::npos) {
      technical |= char(c) != '.';
      word += char(c);
    } else if (std::string_view("-_/=<>0123456789").find(char(c)) != std::string_view::npos) {
      technical = true;
      word += char(c);
    } else {
      end_word();
    }
  }
  end_word();
  return words;
}

// Words that English shares with Spanish, Portuguese or German: a text made
// of these alone (or of arguments and symbols) may read the same.
const std::set<std::string> kShared = {"no", "menu", "computer", "normal", "s"};

bool may_read_as_english(const std::string& text) {
  const auto words = words_of(text);
  return std::all_of(words.begin(), words.end(),
                     [](const std::string& w) { return w.size() < 2 || kShared.count(w); });
}

void expect_no_english(const google::protobuf::Message& message, const std::string& where) {
  boardgame::rules::for_each_prose(message, [&](const FieldPath& path, const std::string& text) {
    for (const std::string& word : words_of(text))
      if (kEnglish.count(word))
        ADD_FAILURE() << where << ": " << boardgame::rules::to_string(path) << " has the English \""
                      << word << "\": " << text;
  });
}

void expect_translated(const v1::RulesDocument& d, const v1::RulesDocument& en,
                       const std::string& where) {
  for (const auto& s : d.ui_strings()) {
    const std::string english = boardgame::testing::ui_text_of(en, s.key());
    if (s.text() == english && !may_read_as_english(s.text()))
      ADD_FAILURE() << where << ": ui string " << s.key() << " is the English text: " << s.text();
  }
}

// A generic client's catalogue: "client" (game-client) or "web" (the browser).
v1::RulesDocument client_catalogue(const std::string& client, const std::string& locale) {
  std::ifstream in(fs::path(LOCALIZATION_DIR) / client / (locale + ".textproto"));
  std::stringstream text;
  text << in.rdbuf();
  v1::RulesDocument d;
  EXPECT_TRUE(google::protobuf::TextFormat::ParseFromString(text.str(), &d))
      << client << "/" << locale;
  return d;
}

class NoEnglishIn : public ::testing::TestWithParam<std::string> {};

TEST_P(NoEnglishIn, TheRulePages) {
  for (const auto& game : boardgame::testing::kGames) {
    const std::string where = std::string(game.id) + "/" + GetParam();
    expect_no_english(boardgame::testing::document(game.id, GetParam()), where);
    expect_translated(boardgame::testing::document(game.id, GetParam()),
                      boardgame::testing::document(game.id, "en"), where);
  }
}

TEST_P(NoEnglishIn, TheClientCatalogue) {
  const std::string where = "client/" + GetParam();
  expect_no_english(client_catalogue("client", GetParam()), where);
  expect_translated(client_catalogue("client", GetParam()), client_catalogue("client", "en"), where);
}

TEST_P(NoEnglishIn, TheBrowserCatalogue) {
  const std::string where = "web/" + GetParam();
  expect_no_english(client_catalogue("web", GetParam()), where);
  expect_translated(client_catalogue("web", GetParam()), client_catalogue("web", "en"), where);
}

INSTANTIATE_TEST_SUITE_P(Locales, NoEnglishIn, ::testing::Values("es", "pt", "de"),
                         [](const auto& info) { return info.param; });

// The test itself: it does see English, and does not see it in syntax.
TEST(NoEnglish, SeesEnglishWordsButNotMessageSyntax) {
  const auto words = words_of("{person, select, you {Tu ganas} other {{player} gana}} — the end");
  EXPECT_EQ(std::count(words.begin(), words.end(), "you"), 0);
  EXPECT_EQ(std::count(words.begin(), words.end(), "the"), 1);
  EXPECT_EQ(std::count(words.begin(), words.end(), "ganas"), 1);
  EXPECT_TRUE(words_of("game-host --listen {host}").empty());
}

}  // namespace
