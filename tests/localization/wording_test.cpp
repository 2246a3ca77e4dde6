// What the pages must say in each language: the names players use, the
// numbers of the rules sheet, and the regional wording of each locale
// (Spain's Spanish, Portugal's Portuguese, German with "du").
#include <cctype>
#include <map>
#include <string>
#include <vector>

#include <google/protobuf/descriptor.h>
#include <google/protobuf/message.h>
#include <gtest/gtest.h>

#include "documents.h"

namespace boardgame::testing {
namespace {

using google::protobuf::FieldDescriptor;
using google::protobuf::Message;

// Every string of a message that players read, joined by newlines: ids,
// keys and the locale are not prose.
void collect(const Message& m, std::string& out) {
  const auto* d = m.GetDescriptor();
  const auto* r = m.GetReflection();
  for (int i = 0; i < d->field_count(); ++i) {
    const FieldDescriptor* f = d->field(i);
    if (f->name() == "id" || f->name() == "game_id" || f->name() == "locale") continue;
    int n = f->is_repeated() ? r->FieldSize(m, f) : 1;
    for (int k = 0; k < n; ++k) {
      if (f->cpp_type() == FieldDescriptor::CPPTYPE_STRING)
        out += (f->is_repeated() ? r->GetRepeatedString(m, f, k) : r->GetString(m, f)) + "\n";
      else if (f->cpp_type() == FieldDescriptor::CPPTYPE_MESSAGE &&
               (f->is_repeated() || r->HasField(m, f)))
        collect(f->is_repeated() ? r->GetRepeatedMessage(m, f, k) : r->GetMessage(m, f), out);
    }
  }
}

std::string page_text(const std::string& game, const std::string& locale) {
  std::string out;
  v1::RulesDocument page = document(game, locale);
  page.clear_ui_strings();
  collect(page, out);
  return out;
}

std::string lower(std::string s) {
  for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// Whole-word search, case-insensitive for ASCII; any non-ASCII byte counts
// as a letter, so "ecrã" is one word.
bool has_word(const std::string& text, const std::string& word) {
  std::string t = lower(text), w = lower(word);
  auto letter = [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || static_cast<unsigned char>(c) >= 0x80;
  };
  for (std::size_t at = t.find(w); at != std::string::npos; at = t.find(w, at + 1)) {
    bool starts = at == 0 || !letter(t[at - 1]);
    bool ends = at + w.size() == t.size() || !letter(t[at + w.size()]);
    if (starts && ends) return true;
  }
  return false;
}

bool contains(const std::string& text, const std::string& part) {
  return lower(text).find(lower(part)) != std::string::npos;
}

const v1::TableRow& row(const v1::RuleTable& table, const std::string& id) {
  for (const auto& r : table.rows())
    if (r.id() == id) return r;
  throw std::out_of_range(id);
}

TEST(Wording, TitlesAndOtherNamesAreThoseOfEachLanguage) {
  EXPECT_EQ(uttt_document("en").title(), "Ultimate tic-tac-toe");
  EXPECT_EQ(uttt_document("es").title(), "Meta tres en raya");
  EXPECT_EQ(uttt_document("pt").title(), "Jogo do galo ultimate");
  EXPECT_EQ(uttt_document("de").title(), "Meta-Tic-Tac-Toe");
  std::string es_names;
  for (const auto& name : uttt_document("es").other_names()) es_names += name + "\n";
  for (const char* name : {"Súper tres en raya", "tres en raya definitivo", "súper gato"})
    EXPECT_TRUE(contains(es_names, name)) << name;

  EXPECT_EQ(document("tictactoe", "en").title(), "Tic-tac-toe");
  EXPECT_EQ(document("tictactoe", "es").title(), "Tres en raya");
  EXPECT_EQ(document("tictactoe", "pt").title(), "Jogo do galo");
  EXPECT_EQ(document("tictactoe", "de").title(), "Tic-Tac-Toe");
  std::string ttt_es_names;
  for (const auto& name : document("tictactoe", "es").other_names()) ttt_es_names += name + "\n";
  for (const char* name : {"Gato", "Ta-te-ti"}) EXPECT_TRUE(contains(ttt_es_names, name)) << name;
}

class WordingOf : public ::testing::TestWithParam<std::string> {};

TEST_P(WordingOf, StatesTheNumbersOfTheRules) {
  const std::string text = page_text("uttt", GetParam());
  for (const char* fact : {"81", "3×3", "3/9", "30", "60", "Qdan, Inc."})
    EXPECT_TRUE(contains(text, fact)) << fact;
  const v1::RulesDocument& doc = uttt_document(GetParam());
  EXPECT_TRUE(contains(row(doc.settings(), "time_per_turn").details(), "30\u00a0s"));
  EXPECT_TRUE(contains(row(doc.settings(), "time_per_turn").details(), "60\u00a0s"));
}

// The engine takes fast-game targets from 3 to 6 (seven won boards always
// hold a line); the table row and the setting's label say so.
TEST_P(WordingOf, GivesTheFastGameTargetsTheEngineTakes) {
  const v1::RulesDocument& doc = uttt_document(GetParam());
  for (const std::string& text : {row(doc.local_rules(), "fast_game").details(),
                                  ui_text_of(doc, "setting.fast_game.description")}) {
    EXPECT_TRUE(has_word(text, "3") && has_word(text, "6")) << text;
    EXPECT_FALSE(has_word(text, "7")) << text;
  }
}

TEST_P(WordingOf, ExplainsBoardNumberingLikeAPhoneKeypad) {
  const std::string text = page_text("uttt", GetParam());
  for (const char* row : {"1 2 3", "4 5 6", "7 8 9"}) EXPECT_TRUE(contains(text, row)) << row;
}

INSTANTIATE_TEST_SUITE_P(Uttt, WordingOf, ::testing::ValuesIn(kLocales),
                         [](const auto& info) { return info.param; });

class TicTacToeWordingOf : public ::testing::TestWithParam<std::string> {};

TEST_P(TicTacToeWordingOf, StatesTheNumbersOfTheRules) {
  const std::string text = page_text("tictactoe", GetParam());
  for (const char* fact : {"3×3", "1 2 3", "4 5 6", "7 8 9", "30", "60", "Qdan, Inc."})
    EXPECT_TRUE(contains(text, fact)) << fact;
  const v1::RulesDocument& doc = document("tictactoe", GetParam());
  EXPECT_TRUE(contains(row(doc.settings(), "time_per_turn").details(), "30\u00a0s"));
  EXPECT_TRUE(contains(row(doc.settings(), "time_per_turn").details(), "60\u00a0s"));
}

// Every fact of Game 2 in rules-facts.md, as each language words it.
TEST_P(TicTacToeWordingOf, StatesEveryFactOfTheRulesSheet) {
  static const std::map<std::string, std::vector<std::string>> kFacts = {
      {"en",
       {"all empty at the start", "X always moves first and O second", "exactly one mark",
        "cannot pass", "marks never move and are never captured", "eight lines",
        "three rows, three columns and two diagonals", "ends the game at once",
        "nobody places another mark", "all nine cells are full and nobody has a line",
        "checks every move", "all eight lines right after each mark", "on four of the eight lines",
        "a corner is on three", "an edge cell on only two", "strongest opening",
        "double threat cannot be stopped", "Can I win now?", "Must I block?",
        "Can I make a double threat?", "with perfect play by both sides", "rated games",
        "invite", "spectators", "plays at random", "misses a block", "checklist",
        "never loses", "guests", "browser"}},
      {"es",
       {"todas vacías al empezar", "Siempre sale X y O juega en segundo lugar", "una sola marca",
        "No se puede pasar", "nunca se mueven ni se capturan", "ocho líneas",
        "tres filas, tres columnas y dos diagonales", "termina en ese mismo momento",
        "nadie pone ni una marca más", "las nueve casillas se llenan y nadie tiene tres en raya",
        "comprueba cada jugada", "revisa las ocho líneas justo después de cada marca",
        "cuatro de las ocho líneas", "cada esquina está en tres", "cada lado solo en dos",
        "la mejor apertura", "una doble amenaza no se puede parar", "¿Puedo ganar ya?",
        "¿Tengo que tapar?", "¿Puedo hacer una doble amenaza?", "juegan a la perfección",
        "partidas clasificatorias", "invita", "espectadores", "al azar", "se olvida de tapar",
        "lista de comprobación", "nunca pierde", "invitados", "navegador"}},
      {"pt",
       {"todas vazias no início", "O X joga sempre primeiro e o O em segundo lugar",
        "um único símbolo", "Não se pode passar a vez", "nunca mudam de sítio nem são capturados",
        "oito linhas", "três horizontais, três verticais e duas diagonais",
        "acaba com a partida nesse preciso momento", "ninguém põe mais nenhum símbolo",
        "as nove casas estão cheias e ninguém fez três em linha", "valida cada jogada",
        "verifica as oito linhas logo a seguir a cada símbolo", "quatro das oito linhas",
        "cada canto está em três", "cada casa lateral só em duas", "a melhor abertura",
        "uma dupla ameaça não tem defesa", "Posso ganhar já?", "Tenho de bloquear?",
        "Posso fazer uma dupla ameaça?", "jogarem na perfeição",
        "partidas classificadas", "convida", "espectadores", "ao calhas",
        "esquece-se de bloquear", "lista de verificação", "nunca perde", "convidados",
        "navegador"}},
      {"de",
       {"zu Beginn alle leer", "X zieht immer zuerst, O als Zweiter", "genau ein Zeichen",
        "Aussetzen gibt es nicht", "nie verschoben und nie geschlagen", "acht Linien",
        "drei Reihen, drei Spalten und zwei Diagonalen", "sofort vorbei",
        "kein Zeichen mehr gesetzt", "alle neun Felder voll und hat niemand eine Linie",
        "prüft jeden Zug", "direkt nach jedem gesetzten Zeichen alle acht Linien",
        "vier der acht Linien", "Eckfeld liegt auf drei", "Randfeld nur auf zwei",
        "stärkste Eröffnung", "nicht mehr aufzuhalten", "Kann ich jetzt gewinnen?",
        "Muss ich blocken?", "Kann ich eine Doppeldrohung aufbauen?", "spielen beide fehlerlos",
        "gewertete Partien", "einladen", "Zuschauer", "aufs Geratewohl",
        "vergisst manchmal zu blocken", "Checkliste", "verliert nie", "Gäste", "Browser"}},
  };
  const std::string text = page_text("tictactoe", GetParam());
  for (const std::string& fact : kFacts.at(GetParam())) EXPECT_TRUE(contains(text, fact)) << fact;
}

INSTANTIATE_TEST_SUITE_P(TicTacToe, TicTacToeWordingOf, ::testing::ValuesIn(kLocales),
                         [](const auto& info) { return info.param; });

class GameWordingOf : public ::testing::TestWithParam<GameLocale> {
 protected:
  std::string text() const { return page_text(GetParam().game, GetParam().locale); }
};

// The page names the computer's levels as the client shows them.
TEST_P(GameWordingOf, NamesTheComputerLevelsAsTheUiDoes) {
  const v1::RulesDocument& doc = document(GetParam().game, GetParam().locale);
  for (const char* key : {"cpu.level.novice", "cpu.level.normal", "cpu.level.expert"})
    EXPECT_TRUE(has_word(text(), ui_text_of(doc, key))) << key;
}

TEST_P(GameWordingOf, IsTheRegionalUsageOfTheLocale) {
  const std::string text = this->text();
  const std::string& locale = GetParam().locale;
  if (locale == "es") {
    EXPECT_TRUE(has_word(text, "ordenador"));
    EXPECT_TRUE(contains(text, "tres en raya"));
    for (const char* latin_american : {"computadora", "celular", "ustedes", "jugá", "vos"})
      EXPECT_FALSE(has_word(text, latin_american)) << latin_american;
    // One form of address throughout: tú, never usted.
    for (const char* usted : {"usted", "su turno", "puede usted"})
      EXPECT_FALSE(has_word(text, usted)) << usted;
  } else if (locale == "pt") {
    EXPECT_TRUE(contains(text, "jogo do galo"));
    EXPECT_TRUE(has_word(text, "ecrã"));
    for (const char* brazilian :
         {"tela", "usuário", "registro", "registrar", "você", "vocês", "equipe", "celular", "time",
          "arquivo", "jogo da velha", "ônibus", "pra"})
      EXPECT_FALSE(has_word(text, brazilian)) << brazilian;
  } else if (locale == "de") {
    EXPECT_TRUE(has_word(text, "du"));
    for (const char* formal : {"Ihnen", "Sie können", "Sie müssen", "Ihr Gegner", "Ihre"})
      EXPECT_FALSE(text.find(formal) != std::string::npos) << formal;
  }
}

INSTANTIATE_TEST_SUITE_P(Games, GameWordingOf, ::testing::ValuesIn(every_game_and_locale()),
                         game_locale_name);

}  // namespace
}  // namespace boardgame::testing
