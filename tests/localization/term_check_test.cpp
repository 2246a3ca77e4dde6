// The term base check: whole words in any letter case, allowed phrases,
// every prose field of a document, and the term bases of the tree.
#include <filesystem>
#include <fstream>
#include <sstream>

#include <google/protobuf/text_format.h>
#include <gtest/gtest.h>

#include "boardgame/rules/term_check.h"
#include "documents.h"
#include "build_paths.h"

namespace {

namespace fs = std::filesystem;
namespace v1 = boardgame::v1;
using boardgame::rules::avoided_terms;

v1::TermBase base(const std::string& text) {
  v1::TermBase terms;
  EXPECT_TRUE(google::protobuf::TextFormat::ParseFromString(text, &terms)) << text;
  return terms;
}

const v1::TermBase kSpanish = base(R"(locale: "es"
  terms { concept: "draw" preferred: "empate" avoid: "tablas" }
  terms { concept: "rated_games" preferred: "partidas clasificatorias" avoid: "partidas puntuables" })");

const v1::TermBase kPortuguese = base(R"(locale: "pt"
  terms { concept: "game" preferred: "partida" avoid: "jogo" allow: "Jogo do galo" })");

TEST(TermCheck, FindsAnAvoidedFormAsAWholeWordInAnyCase) {
  EXPECT_EQ(avoided_terms("La partida acaba en tablas.", kSpanish).size(), 1u);
  EXPECT_EQ(avoided_terms("¡TABLAS!", kSpanish).size(), 1u);
  EXPECT_TRUE(avoided_terms("Las tablasas y establas no cuentan.", kSpanish).empty());
  EXPECT_TRUE(avoided_terms("Acaba en empate.", kSpanish).empty());
}

TEST(TermCheck, NamesTheFormAndThePreferredTerm) {
  const auto found = avoided_terms("Tablas otra vez", kSpanish);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_NE(found[0].find("“Tablas”"), std::string::npos) << found[0];
  EXPECT_NE(found[0].find("“empate” (draw)"), std::string::npos) << found[0];
}

TEST(TermCheck, FindsPhrasesAcrossWords) {
  EXPECT_EQ(avoided_terms("En las partidas puntuables cuenta.", kSpanish).size(), 1u);
  EXPECT_TRUE(avoided_terms("partidas que son puntuables", kSpanish).empty());
}

TEST(TermCheck, AllowedPhrasesExcuseTheFormInsideThemOnly) {
  EXPECT_TRUE(avoided_terms("O Jogo do galo é para dois.", kPortuguese).empty());
  EXPECT_EQ(avoided_terms("Jogo do galo: cada jogo dura pouco.", kPortuguese).size(), 1u);
}

TEST(TermCheck, ReportsTheFieldOfEveryUse) {
  v1::RulesDocument d;
  d.set_title("Tres en raya");
  d.mutable_faq()->add_entries()->set_question("¿Puede acabar en tablas?");
  d.mutable_faq()->mutable_entries(0)->set_id("tablas");  // an id is not prose
  const auto problems = boardgame::rules::check_terms(d, kSpanish);
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_EQ(boardgame::rules::to_string(problems[0]).rfind("faq.entries[0].question: uses", 0), 0u)
      << boardgame::rules::to_string(problems[0]);
}

TEST(TermCheck, AGamesTermsReplaceTheClubsConceptAndAddTheirOwn) {
  const v1::TermBase game = base(R"(locale: "es"
    terms { concept: "draw" preferred: "tablas" avoid: "empate" }
    terms { concept: "mark" preferred: "ficha" avoid: "disco" })");
  const v1::TermBase merged = boardgame::rules::with_game_terms(kSpanish, game);
  ASSERT_EQ(merged.terms_size(), 3);
  EXPECT_TRUE(avoided_terms("Acaba en tablas.", merged).empty());
  EXPECT_EQ(avoided_terms("Acaba en empate.", merged).size(), 1u);
  EXPECT_EQ(avoided_terms("Un disco negro.", merged).size(), 1u);
  EXPECT_EQ(avoided_terms("Son partidas puntuables.", merged).size(), 1u);  // the club's, untouched
  EXPECT_TRUE(boardgame::rules::check_term_base(merged).empty());
}

TEST(TermCheck, RefusesABrokenTermBase) {
  const auto problems = boardgame::rules::check_term_base(base(R"(
    terms { concept: "draw" preferred: "empate" avoid: "empate" }
    terms { concept: "draw" preferred: "" })"));
  std::string all;
  for (const auto& p : problems) all += boardgame::rules::to_string(p) + "\n";
  EXPECT_NE(all.find("terms[0]: its preferred term \"empate\" holds a form it avoids"),
            std::string::npos) << all;
  EXPECT_NE(all.find("terms[1]: has no preferred term"), std::string::npos) << all;
  EXPECT_NE(all.find("terms[1]: repeats the concept \"draw\""), std::string::npos) << all;
}

// The tree: every locale has a sound term base, and the pages as the
// plugins embed them (the club's section included) keep to it.
class TreeTerms : public ::testing::TestWithParam<std::string> {};

TEST_P(TreeTerms, EveryPageKeepsToTheTermBase) {
  std::ifstream in(fs::path(LOCALIZATION_DIR) / "terms" / (GetParam() + ".textproto"));
  ASSERT_TRUE(in) << "no term base for " << GetParam();
  std::stringstream text;
  text << in.rdbuf();
  const v1::TermBase terms = base(text.str());
  EXPECT_EQ(terms.locale(), GetParam());
  EXPECT_TRUE(boardgame::rules::check_term_base(terms).empty());
  for (const auto& game : boardgame::testing::kGames)
    for (const auto& p : boardgame::rules::check_terms(
             boardgame::testing::document(game.id, GetParam()), terms))
      ADD_FAILURE() << game.id << "/" << GetParam() << ": " << boardgame::rules::to_string(p);
}

INSTANTIATE_TEST_SUITE_P(Locales, TreeTerms, ::testing::ValuesIn(boardgame::testing::kLocales),
                         [](const auto& info) { return info.param; });

}  // namespace
