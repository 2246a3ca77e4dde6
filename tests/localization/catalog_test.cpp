#include <gtest/gtest.h>

#include "boardgame/rules/catalog.h"
#include "documents.h"

namespace boardgame::testing {
namespace {

using rules::RulesCatalog;

RulesCatalog catalog_of(const std::string& game) {
  std::vector<v1::RulesDocument> docs;
  for (const auto& [locale, doc] : documents(game)) docs.push_back(doc);
  auto catalog = RulesCatalog::create(std::move(docs));
  EXPECT_TRUE(catalog) << catalog.error;
  return std::move(catalog.value);
}

RulesCatalog uttt_catalog() { return catalog_of("uttt"); }

TEST(Catalog, NegotiatesTheDocumentAndSaysWhichItUsed) {
  RulesCatalog catalog = uttt_catalog();
  EXPECT_EQ(catalog.game_id(), "uttt");
  EXPECT_EQ(catalog.locales(), (std::vector<std::string>{"de", "en", "es", "pt"}));
  EXPECT_EQ(catalog.for_language("es-MX").value->locale(), "es");
  EXPECT_EQ(catalog.for_language("pt-BR").value->title(), "Jogo do galo ultimate");
  EXPECT_EQ(catalog.for_language("de-AT").value->locale(), "de");
  EXPECT_EQ(catalog.for_language("ja").value->locale(), "en");
  EXPECT_EQ(catalog.for_accept_language("fr, pt-PT;q=0.8, en;q=0.5").value->locale(), "pt");
  EXPECT_FALSE(catalog.for_language("en--US"));
  EXPECT_FALSE(catalog.for_accept_language("de;q=7"));
}

TEST(Catalog, FormatsUiStringsInTheLocale) {
  RulesCatalog catalog = uttt_catalog();
  auto text = catalog.ui_text("es", "error.cell_occupied", {{"board", "5"}, {"cell", "1"}});
  ASSERT_TRUE(text) << text.error;
  EXPECT_EQ(text.value.locale, "es");
  EXPECT_EQ(text.value.text, "La casilla 1 del tablero 5 ya está ocupada.");
  text = catalog.ui_text("de", "move.sends_to", {{"board", "3"}, {"cell", "9"}, {"destination", "9"}});
  EXPECT_EQ(text.value.text, "Spielfeld 3, Feld 9 → schickt auf Spielfeld 9");
  text = catalog.ui_text("pt", "status.x_free_move");
  EXPECT_EQ(text.value.text, "Joga o X: jogada livre, qualquer tabuleiro aberto");
}

TEST(Catalog, EachGameHasItsOwnCatalogue) {
  RulesCatalog catalog = catalog_of("tictactoe");
  EXPECT_EQ(catalog.game_id(), "tictactoe");
  EXPECT_EQ(catalog.locales(), (std::vector<std::string>{"de", "en", "es", "pt"}));
  EXPECT_EQ(catalog.for_language("pt-BR").value->title(), "Jogo do galo");
  auto text = catalog.ui_text("es", "error.cell_occupied", {{"cell", "5"}});
  ASSERT_TRUE(text) << text.error;
  EXPECT_EQ(text.value.locale, "es");
  EXPECT_EQ(text.value.text, "La casilla 5 ya está ocupada.");
  text = catalog.ui_text("de", "status.o_to_move");
  EXPECT_EQ(text.value.text, "O am Zug");
}

TEST(Catalog, AKeyMissingInALocaleComesFromEnglish) {
  std::vector<v1::RulesDocument> docs = {uttt_document("en"), uttt_document("es")};
  auto& strings = *docs[1].mutable_ui_strings();
  for (int i = 0; i < strings.size(); ++i)
    if (strings[i].key() == "status.game_over") strings.DeleteSubrange(i, 1);
  auto catalog = RulesCatalog::create(std::move(docs));
  ASSERT_TRUE(catalog) << catalog.error;
  auto text = catalog.value.ui_text("es", "status.game_over");
  ASSERT_TRUE(text) << text.error;
  EXPECT_EQ(text.value.locale, "en");
  EXPECT_EQ(text.value.text, "Game over");
  EXPECT_EQ(catalog.value.ui_text("es", "status.x_to_move", {{"board", "2"}}).value.locale, "es");
}

TEST(Catalog, RefusesWhatItCannotServe) {
  RulesCatalog catalog = uttt_catalog();
  EXPECT_FALSE(catalog.ui_text("fr", "status.game_over"));
  EXPECT_FALSE(catalog.ui_text("es", "status.no_such_key"));
  auto missing_arg = catalog.ui_text("es", "error.cell_occupied", {{"board", "5"}});
  EXPECT_FALSE(missing_arg);
  EXPECT_NE(missing_arg.error.find("{cell}"), std::string::npos) << missing_arg.error;
}

TEST(Catalog, RefusesIncompleteOrInconsistentDocumentSets) {
  EXPECT_FALSE(RulesCatalog::create({}));
  auto no_english = RulesCatalog::create({uttt_document("es"), uttt_document("de")});
  EXPECT_FALSE(no_english);
  EXPECT_NE(no_english.error.find("no en document"), std::string::npos) << no_english.error;
  EXPECT_FALSE(RulesCatalog::create({uttt_document("en"), uttt_document("en")}));
  v1::RulesDocument other = uttt_document("es");
  other.set_game_id("tictactoe");
  EXPECT_FALSE(RulesCatalog::create({uttt_document("en"), other}));
  v1::RulesDocument broken = uttt_document("de");
  broken.clear_title();
  auto invalid = RulesCatalog::create({uttt_document("en"), broken});
  EXPECT_FALSE(invalid);
  EXPECT_NE(invalid.error.find("title: is empty"), std::string::npos) << invalid.error;
}

TEST(Catalog, ParsesEmbeddedBytesAndRefusesOthers) {
  for (const EmbeddedGame& game : kGames)
    for (const auto& embedded : game.documents())
      EXPECT_TRUE(rules::parse_rules_document(embedded.bytes)) << game.id << "/" << embedded.locale;
  EXPECT_FALSE(rules::parse_rules_document("\xff\xff\xff not a message"));
}

}  // namespace
}  // namespace boardgame::testing
