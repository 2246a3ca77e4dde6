// Every locale of every game says everything the English document says:
// the same sections, table rows, glossary and FAQ entries, UI keys and
// placeholders, with nothing left empty. And what the platform decides reads
// the same in every game.
#include <algorithm>
#include <map>
#include <set>

#include <gtest/gtest.h>

#include "boardgame/rules/document_check.h"
#include "boardgame/rules/ui_format.h"
#include "documents.h"

namespace boardgame::testing {
namespace {

using rules::Problem;

std::string describe(const std::vector<Problem>& problems) {
  std::string out;
  for (const Problem& p : problems) out += "\n  " + rules::to_string(p);
  return out;
}

std::set<std::string> keys_of(const v1::RulesDocument& d) {
  std::set<std::string> keys;
  for (const auto& s : d.ui_strings()) keys.insert(s.key());
  return keys;
}

std::vector<std::string> sorted_placeholders(const std::string& text) {
  auto names = rules::placeholder_names(text);
  EXPECT_TRUE(names) << names.error;
  std::sort(names.value.begin(), names.value.end());
  return names.value;
}

template <class Entries>
std::vector<std::string> ids(const Entries& entries) {
  std::vector<std::string> out;
  for (const auto& e : entries) out.push_back(e.id());
  return out;
}

// What each game's pages must hold, by id.
struct Shape {
  std::vector<std::string> settings, local_rules, glossary, required_faq;
};

const Shape& shape_of(const std::string& game) {
  static const std::vector<std::string> kPlatform = {"players", "time_per_turn", "player_leaves",
                                                     "draws", "rules_origin"};
  static const std::map<std::string, Shape> kShapes = {
      {"uttt",
       {kPlatform,
        {"alternate_first_turn", "early_draw", "open_boards", "draw_counts_both", "fast_game"},
        {"small_board", "big_board", "destination", "free_move"},
        {"finished_board", "draw", "next_game", "leaving", "timeout", "variants"}}},
      {"tictactoe",
       {kPlatform,
        {"alternate_first_turn"},
        {"cell", "line", "block", "double_threat"},
        {"centre", "force_win", "draw", "next_game", "leaving", "timeout", "computer"}}},
  };
  return kShapes.at(game);
}

TEST(Completeness, EveryGamePublishesEnglishSpanishPortugueseAndGerman) {
  for (const EmbeddedGame& game : kGames) {
    std::vector<std::string> locales;
    for (const auto& embedded : game.documents()) locales.emplace_back(embedded.locale);
    EXPECT_EQ(locales, (std::vector<std::string>{"en", "de", "es", "pt"})) << game.id;
    for (const auto& [locale, doc] : documents(game.id)) {
      EXPECT_EQ(doc.locale(), locale);
      EXPECT_EQ(doc.game_id(), game.id);
    }
  }
}

class CompletenessOf : public ::testing::TestWithParam<GameLocale> {
 protected:
  const v1::RulesDocument& doc() const { return document(GetParam().game, GetParam().locale); }
  const v1::RulesDocument& en() const { return document(GetParam().game, "en"); }
  const Shape& shape() const { return shape_of(GetParam().game); }
};

TEST_P(CompletenessOf, HasNothingEmptyOrMalformed) {
  std::vector<Problem> problems = rules::check_document(doc());
  EXPECT_TRUE(problems.empty()) << describe(problems);
}

TEST_P(CompletenessOf, MatchesEnglishEntryForEntry) {
  std::vector<Problem> problems = rules::check_translation(doc(), en());
  EXPECT_TRUE(problems.empty()) << describe(problems);
}

TEST_P(CompletenessOf, HasEverySection) {
  for (const v1::Section* s : {&doc().setup(), &doc().how_to_play(), &doc().how_to_win(),
                               &doc().draws(), &doc().resigning(), &doc().strategy()}) {
    EXPECT_FALSE(s->heading().empty());
    EXPECT_GT(s->blocks_size(), 0) << s->heading();
  }
  EXPECT_FALSE(doc().title().empty());
  EXPECT_GT(doc().other_names_size(), 0);
  EXPECT_FALSE(doc().tagline().empty());
  EXPECT_EQ(doc().maintainer(), "Qdan, Inc.");
  EXPECT_EQ(doc().last_updated(), en().last_updated());
}

TEST_P(CompletenessOf, HasEveryUiKeyOfEnglishAndNoOther) {
  EXPECT_EQ(keys_of(doc()), keys_of(en()));
  for (const auto& s : doc().ui_strings()) EXPECT_FALSE(s.text().empty()) << s.key();
}

TEST_P(CompletenessOf, UsesTheSamePlaceholdersAsEnglish) {
  for (const auto& s : en().ui_strings())
    EXPECT_EQ(sorted_placeholders(ui_text_of(doc(), s.key())), sorted_placeholders(s.text()))
        << s.key();
}

TEST_P(CompletenessOf, TablesHaveTheSameRowsAsEnglish) {
  EXPECT_EQ(ids(doc().settings().rows()), shape().settings);
  EXPECT_EQ(ids(doc().local_rules().rows()), shape().local_rules);
  for (auto table : {&v1::RulesDocument::settings, &v1::RulesDocument::local_rules}) {
    const auto& mine = (doc().*table)();
    const auto& theirs = (en().*table)();
    ASSERT_EQ(mine.rows_size(), theirs.rows_size());
    for (int i = 0; i < mine.rows_size(); ++i)
      EXPECT_EQ(mine.rows(i).changeable(), theirs.rows(i).changeable()) << mine.rows(i).id();
  }
}

TEST_P(CompletenessOf, LocalRulesAreChangeableAndOnlyTimeAmongSettings) {
  for (const auto& row : doc().local_rules().rows()) EXPECT_TRUE(row.changeable()) << row.id();
  for (const auto& row : doc().settings().rows())
    EXPECT_EQ(row.changeable(), row.id() == "time_per_turn") << row.id();
}

TEST_P(CompletenessOf, GlossaryAndFaqCoverTheRequiredEntries) {
  EXPECT_EQ(ids(doc().glossary().entries()), shape().glossary);
  std::vector<std::string> faq = ids(doc().faq().entries());
  for (const std::string& required : shape().required_faq)
    EXPECT_NE(std::find(faq.begin(), faq.end(), required), faq.end()) << required;
}

INSTANTIATE_TEST_SUITE_P(Games, CompletenessOf, ::testing::ValuesIn(every_game_and_locale()),
                         game_locale_name);

// The keys and arguments the host and each game's plugin send: a client can
// rely on them.
void expect_keys(const v1::RulesDocument& en,
                 const std::map<std::string, std::vector<std::string>>& expected) {
  for (const auto& [key, placeholders] : expected) {
    ASSERT_TRUE(keys_of(en).count(key)) << en.game_id() << ": " << key;
    EXPECT_EQ(sorted_placeholders(ui_text_of(en, key)), placeholders) << en.game_id() << ": " << key;
  }
  for (const auto* table : {&en.settings(), &en.local_rules()})
    for (const auto& row : table->rows()) {
      EXPECT_TRUE(keys_of(en).count("setting." + row.id() + ".name")) << row.id();
      EXPECT_TRUE(keys_of(en).count("setting." + row.id() + ".description")) << row.id();
    }
}

// Sent by the host for every game, whatever the plugin.
const std::map<std::string, std::vector<std::string>> kHostKeys = {
    {"error.game_over", {}},
    {"error.not_your_turn", {}},
    {"error.unknown_setting", {"setting"}},
    {"error.bad_setting_value", {"setting", "value"}},
    {"error.duplicate_setting", {"setting"}},
    {"error.unknown_game", {"game"}},
    {"error.bad_seat", {"seat"}},
    {"error.bad_state", {}},
    {"setting.time_per_turn.value.seconds", {"seconds"}},
    {"value.on", {}},
    {"value.off", {}},
};

TEST(Completeness, EnglishHasTheKeysTheHostSends) {
  for (const EmbeddedGame& game : kGames) expect_keys(document(game.id, "en"), kHostKeys);
}

TEST(Completeness, UtttEnglishHasTheKeysItsPluginSends) {
  expect_keys(uttt_document("en"), {
                                       {"status.first_move", {}},
                                       {"status.x_to_move", {"board"}},
                                       {"status.o_to_move", {"board"}},
                                       {"status.x_free_move", {}},
                                       {"status.o_free_move", {}},
                                       {"move.sends_to", {"board", "cell", "destination"}},
                                       {"move.gives_free_move", {"board", "cell"}},
                                       {"move.free_move", {}},
                                       {"outcome.x_wins_line", {}},
                                       {"outcome.o_wins_line", {}},
                                       {"outcome.x_wins_fast", {"count"}},
                                       {"outcome.o_wins_fast", {"count"}},
                                       {"outcome.draw_full", {}},
                                       {"outcome.draw_early", {}},
                                       {"outcome.x_resigns", {}},
                                       {"outcome.o_resigns", {}},
                                       {"error.cell_occupied", {"board", "cell"}},
                                       {"error.wrong_board", {"destination"}},
                                       {"error.board_closed", {"board"}},
                                       {"error.not_a_cell", {}},
                                       {"error.malformed_move", {"move"}},
                                       {"setting.fast_game.value.target", {"count"}},
                                   });
}

// The same keys as ultimate tic-tac-toe wherever they mean the same, so a
// generic client renders both games alike.
TEST(Completeness, TicTacToeEnglishHasTheKeysItsPluginSends) {
  expect_keys(document("tictactoe", "en"), {
                                               {"status.first_move", {}},
                                               {"status.x_to_move", {}},
                                               {"status.o_to_move", {}},
                                               {"move.cell", {"cell"}},
                                               {"outcome.x_wins_line", {}},
                                               {"outcome.o_wins_line", {}},
                                               {"outcome.draw_full", {}},
                                               {"outcome.x_resigns", {}},
                                               {"outcome.o_resigns", {}},
                                               {"error.cell_occupied", {"cell"}},
                                               {"error.not_a_cell", {}},
                                               {"error.malformed_move", {"move"}},
                                           });
  // Nothing of the big board: no destinations, free moves or fast games.
  for (const std::string& key : keys_of(document("tictactoe", "en")))
    for (const char* foreign : {"free_move", "destination", "board", "fast", "early"})
      EXPECT_EQ(key.find(foreign), std::string::npos) << key;
}

// What the platform decides is the same for every game, and says so in the
// same words: the settings table, the platform's UI strings and the FAQ
// answers about the next game, leaving and time.
class PlatformTextOf : public ::testing::TestWithParam<std::string> {};

TEST_P(PlatformTextOf, IsTheSameInEveryGame) {
  const v1::RulesDocument& uttt = uttt_document(GetParam());
  for (const EmbeddedGame& game : kGames) {
    const v1::RulesDocument& doc = document(game.id, GetParam());
    EXPECT_EQ(doc.labels().SerializeAsString(), uttt.labels().SerializeAsString()) << game.id;
    EXPECT_EQ(doc.settings().SerializeAsString(), uttt.settings().SerializeAsString()) << game.id;
    EXPECT_EQ(doc.resigning().SerializeAsString(), uttt.resigning().SerializeAsString()) << game.id;
    EXPECT_EQ(doc.local_rules().rows(0).SerializeAsString(),
              uttt.local_rules().rows(0).SerializeAsString())
        << game.id;
    for (const auto& faq : doc.faq().entries())
      for (const auto& theirs : uttt.faq().entries())
        if (faq.id() == theirs.id() && (faq.id() == "next_game" || faq.id() == "leaving" ||
                                        faq.id() == "timeout")) {
          EXPECT_EQ(faq.SerializeAsString(), theirs.SerializeAsString()) << game.id << " " << faq.id();
        }
    for (const auto& s : doc.ui_strings()) {
      const std::string& key = s.key();
      const bool platform = key.rfind("setting.", 0) == 0 || key.rfind("value.", 0) == 0 ||
                            key.rfind("cpu.", 0) == 0 || key.rfind("player.", 0) == 0 ||
                            key.rfind("place.", 0) == 0 || key.rfind("event.", 0) == 0 ||
                            kHostKeys.count(key) || key == "status.cpu_thinking" ||
                            key == "status.game_over";
      if (platform) {
        EXPECT_EQ(s.text(), ui_text_of(uttt, key)) << game.id << " " << key;
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Locales, PlatformTextOf, ::testing::ValuesIn(kLocales),
                         [](const auto& info) { return info.param; });

}  // namespace
}  // namespace boardgame::testing
