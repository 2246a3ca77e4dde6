// The checks the build runs on every document catch each kind of mistake a
// translator can make, and say where it is.
#include <gtest/gtest.h>

#include "boardgame/rules/document_check.h"
#include "documents.h"

namespace boardgame::testing {
namespace {

using rules::Problem;

// The problems as "path: message" lines.
std::vector<std::string> lines(const std::vector<Problem>& problems) {
  std::vector<std::string> out;
  for (const Problem& p : problems) out.push_back(rules::to_string(p));
  return out;
}

// True when exactly one problem is reported and it starts with `expected`.
::testing::AssertionResult one_problem(const std::vector<Problem>& problems,
                                       const std::string& expected) {
  std::vector<std::string> got = lines(problems);
  if (got.size() == 1 && got[0].rfind(expected, 0) == 0) return ::testing::AssertionSuccess();
  auto failure = ::testing::AssertionFailure() << "expected one problem \"" << expected << "...\", got:";
  for (const std::string& line : got) failure << "\n  " << line;
  return failure;
}

v1::UiString* ui(v1::RulesDocument& doc, const std::string& key) {
  for (auto& s : *doc.mutable_ui_strings())
    if (s.key() == key) return &s;
  return nullptr;
}

class DocumentCheck : public ::testing::Test {
 protected:
  v1::RulesDocument en = uttt_document("en");
  v1::RulesDocument es = uttt_document("es");
};

TEST_F(DocumentCheck, TheShippedDocumentsPass) {
  EXPECT_TRUE(rules::check_document(en).empty());
  EXPECT_TRUE(rules::check_translation(es, en).empty());
}

TEST_F(DocumentCheck, FindsEmptyText) {
  en.mutable_faq()->mutable_entries(2)->clear_question();
  EXPECT_TRUE(one_problem(rules::check_document(en), "faq.entries[2].question: is empty"));
}

TEST_F(DocumentCheck, FindsAMissingSection) {
  en.clear_draws();
  EXPECT_TRUE(one_problem(rules::check_document(en), "draws: is missing"));
}

TEST_F(DocumentCheck, FindsAnEmptyList) {
  en.mutable_strategy()->clear_blocks();
  EXPECT_TRUE(one_problem(rules::check_document(en), "strategy.blocks: is empty"));
}

TEST_F(DocumentCheck, FindsABlockWithNeitherParagraphNorBullets) {
  en.mutable_setup()->add_blocks();
  auto problems = rules::check_document(en);
  EXPECT_TRUE(one_problem(problems, "setup.blocks[4]: holds nothing"));
}

TEST_F(DocumentCheck, FindsBadSpacing) {
  en.set_tagline("Two  spaces");
  EXPECT_TRUE(one_problem(rules::check_document(en), "tagline: has two spaces"));
  en.set_tagline(" leading");
  EXPECT_TRUE(one_problem(rules::check_document(en), "tagline: starts or ends"));
  en.set_tagline("line\nbreak");
  EXPECT_TRUE(one_problem(rules::check_document(en), "tagline: holds a line break"));
}

TEST_F(DocumentCheck, FindsBadIdsKeysAndDates) {
  v1::RulesDocument doc = en;
  doc.mutable_glossary()->mutable_entries(1)->set_id("small_board");
  EXPECT_TRUE(one_problem(rules::check_document(doc), "glossary.entries[1].id: \"small_board\" is used twice"));
  doc = en;
  doc.mutable_settings()->mutable_rows(0)->set_id("Players");
  auto problems = rules::check_document(doc);
  ASSERT_FALSE(problems.empty());
  EXPECT_EQ(rules::to_string(problems[0]).rfind("settings.rows[0].id:", 0), 0u);
  doc = en;
  doc.mutable_ui_strings(0)->set_key("Setting players");
  EXPECT_FALSE(rules::check_document(doc).empty());
  doc = en;
  doc.set_last_updated("2026-02-30");
  EXPECT_TRUE(one_problem(rules::check_document(doc), "last_updated: \"2026-02-30\" is not a date"));
  doc.set_last_updated("2028-02-29");
  EXPECT_TRUE(rules::check_document(doc).empty());
  doc.set_locale("EN");
  EXPECT_TRUE(one_problem(rules::check_document(doc), "locale: write \"EN\" as \"en\""));
  doc.set_locale("en_GB");
  EXPECT_TRUE(one_problem(rules::check_document(doc), "locale: language tag"));
}

TEST_F(DocumentCheck, FindsABrokenPlaceholder) {
  ui(en, "error.cell_occupied")->set_text("Cell {cell of board {board} is taken.");
  EXPECT_TRUE(one_problem(rules::check_document(en), "ui_strings["));
}

TEST_F(DocumentCheck, FindsATableRowWithoutItsLabels) {
  en.mutable_local_rules()->mutable_rows(4)->set_id("fast_games");
  auto problems = lines(rules::check_document(en));
  ASSERT_EQ(problems.size(), 2u);
  EXPECT_EQ(problems[0], "ui_strings: has no key \"setting.fast_games.name\" for the table row \"fast_games\"");
}

TEST_F(DocumentCheck, FindsAMissingOrExtraKeyInATranslation) {
  const std::string last = es.ui_strings(es.ui_strings_size() - 1).key();
  es.mutable_ui_strings()->RemoveLast();
  EXPECT_TRUE(one_problem(rules::check_translation(es, en),
                          "ui_strings: has no key \"" + last + "\", which the en document has"));
  es = uttt_document("es");
  auto* extra = es.add_ui_strings();
  extra->set_key("status.extra");
  extra->set_text("Extra");
  EXPECT_TRUE(one_problem(rules::check_translation(es, en), "ui_strings["));
}

TEST_F(DocumentCheck, FindsPlaceholdersThatDifferFromEnglish) {
  ui(es, "move.sends_to")->set_text("Tablero {board}, casilla {celda} → tablero {destination}");
  auto problems = rules::check_translation(es, en);
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_NE(problems[0].message.find("{board} {celda} {destination}"), std::string::npos)
      << problems[0].message;
  EXPECT_NE(problems[0].message.find("{board} {cell} {destination}"), std::string::npos);
}

TEST_F(DocumentCheck, ComparesArgumentsInsidePluralsAndSelects) {
  // Each language words a count its own way: only the names must match.
  ui(en, "move.sends_to")
      ->set_text("{destination, plural, other {Board {board}, cell {cell} → board #}}");
  EXPECT_TRUE(rules::check_translation(es, en).empty());
  ui(es, "move.sends_to")
      ->set_text("{destination, plural, one {Tablero {board} → tablero #} other {Tablero {board}}}");
  auto problems = rules::check_translation(es, en);
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_NE(problems[0].message.find("has arguments {board} {destination} where the en document "
                                     "has {board} {cell} {destination}"),
            std::string::npos)
      << problems[0].message;
}

TEST_F(DocumentCheck, FindsAMalformedMessageWithItsPosition) {
  ui(en, "error.cell_occupied")->set_text("{cell, plural, one {# cell} other {# cells}");
  auto problems = lines(rules::check_document(en));
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_NE(problems[0].find("position"), std::string::npos) << problems[0];
}

TEST_F(DocumentCheck, FindsTableRowsThatDifferFromEnglish) {
  es.mutable_local_rules()->mutable_rows()->RemoveLast();
  EXPECT_TRUE(one_problem(rules::check_translation(es, en),
                          "local_rules.rows: has no entry \"fast_game\""));
  es = uttt_document("es");
  es.mutable_settings()->mutable_rows(0)->set_changeable(true);
  EXPECT_TRUE(one_problem(rules::check_translation(es, en),
                          "settings.rows[0].changeable: says true where the en document says false"));
  es = uttt_document("es");
  es.mutable_faq()->mutable_entries()->SwapElements(0, 1);
  EXPECT_TRUE(one_problem(rules::check_translation(es, en), "faq.entries: lists its entries in another order"));
  es = uttt_document("es");
  es.mutable_glossary()->mutable_entries(3)->set_id("free_moves");
  EXPECT_EQ(rules::check_translation(es, en).size(), 2u);  // one missing, one unknown
}

}  // namespace
}  // namespace boardgame::testing
