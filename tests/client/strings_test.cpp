// The client's own strings beyond what the build checks (same keys and
// placeholders in every locale): the words players type must not collide.
#include <gtest/gtest.h>
#include <google/protobuf/text_format.h>

#include <map>
#include <set>

#include "client_strings.h"
#include "client_strings_data.h"
#include "commands.h"

namespace game_client {
namespace {

constexpr Command kAll[] = {Command::kHelp,   Command::kMoves,   Command::kWhere,  Command::kHint,
                            Command::kUndo,   Command::kResign,  Command::kBoard,  Command::kRules,
                            Command::kScore,  Command::kQuit,    Command::kAnother, Command::kReplay,
                            Command::kMenu,   Command::kNext,    Command::kBack,   Command::kExport,
                            Command::kSave,   Command::kDraw,    Command::kAccept, Command::kDecline,
                            Command::kWithdraw};

TEST(ClientStrings, EveryLocaleIsEmbeddedWithTheSameKeys) {
  std::map<std::string, std::set<std::string>> keys;
  for (const EmbeddedStrings& e : embedded_client_strings()) {
    v1::RulesDocument doc;
    ASSERT_TRUE(google::protobuf::TextFormat::ParseFromString(std::string(e.text), &doc)) << e.locale;
    for (const auto& s : doc.ui_strings()) keys[std::string(e.locale)].insert(s.key());
  }
  ASSERT_EQ(keys.size(), 4u);
  for (const char* locale : {"es", "pt", "de"}) EXPECT_EQ(keys[locale], keys["en"]) << locale;
  EXPECT_EQ(client_locales().front(), "en");
}

TEST(ClientStrings, EachTypedWordMeansOneCommandInEveryLocale) {
  for (const std::string& locale : client_locales()) {
    const Catalog ui = client_catalog(locale);
    for (Command c : kAll) {
      const std::string word = command_word(c, ui);
      EXPECT_EQ(word.find(' '), std::string::npos) << locale << ": " << word;
      auto parsed = parse_command(word, ui);
      ASSERT_TRUE(parsed) << locale << ": " << word;
      EXPECT_EQ(parsed->command, c) << locale << ": \"" << word << "\" is taken by another command";
    }
    EXPECT_EQ(parse_answer(ui.text("answer.yes"), ui), true) << locale;
    EXPECT_EQ(parse_answer(ui.text("answer.no"), ui), false) << locale;
    EXPECT_EQ(parse_answer(ui.text("answer.yes_word"), ui), true) << locale;
    EXPECT_EQ(parse_answer(ui.text("answer.no_word"), ui), false) << locale;
  }
}

TEST(ClientStrings, MissingKeysShowThemselvesAndEnglishFillsGaps) {
  const Catalog es = client_catalog("es");
  EXPECT_EQ(es.text("no.such.key", {{"a", "1"}}), "[no.such.key a=1]");
  EXPECT_EQ(es.text("undo.cpu_opening"), "La jugada inicial del ordenador no se puede deshacer.");
  // A text whose placeholder gets no value is shown as its key, never cut.
  EXPECT_EQ(es.text("undo.many"), "[undo.many]");
}

TEST(ClientStrings, PeopleAndCountsFollowTheLanguage) {
  const Catalog en = client_catalog("en");
  EXPECT_EQ(en.text("end.winner", {{"player", "Ana"}, {"person", "you"}}), "You win!");
  EXPECT_EQ(en.text("end.winner", {{"player", "Ana"}, {"person", "other"}}), "Ana wins.");
  const Args score = {{"level", "Normal"}, {"wins", "1"}, {"draws", "1"}, {"losses", "0"}};
  auto with_points = [&](const Catalog& ui, const char* points) {
    Args args = score;
    args["points"] = points;
    return ui.text("score.cpu_line", args);
  };
  EXPECT_NE(with_points(en, "1.5").find("(1.5 points)"), std::string::npos) << with_points(en, "1.5");
  EXPECT_NE(with_points(en, "1").find("(1 point)"), std::string::npos) << with_points(en, "1");
  // Every other language writes the half with a decimal comma.
  for (const char* locale : {"es", "pt", "de"}) {
    const std::string line = with_points(client_catalog(locale), "1.5");
    EXPECT_NE(line.find("1,5"), std::string::npos) << locale << ": " << line;
  }
}

TEST(ClientStrings, EnglishFallbackTextsKeepEnglishNumbers) {
  v1::RulesDocument en, es;
  en.set_locale("en");
  es.set_locale("es");
  auto* s = en.add_ui_strings();
  s->set_key("points");
  s->set_text("{points, number}");
  const Catalog ui(es, &en);
  EXPECT_EQ(ui.text("points", {{"points", "1.5"}}), "1.5");
  *es.add_ui_strings() = *s;
  EXPECT_EQ(Catalog(es, &en).text("points", {{"points", "1.5"}}), "1,5");
  // A count that is no number shows the key rather than a wrong sentence.
  EXPECT_EQ(ui.text("points", {{"points", "many"}}), "[points points=many]");
}

}  // namespace
}  // namespace game_client
