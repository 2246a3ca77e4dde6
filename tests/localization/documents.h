// The rules documents of every game as the plugins embed them, parsed, by
// game and locale.
#pragma once

#include <map>
#include <ostream>
#include <stdexcept>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "boardgame/localization/tictactoe_rules_documents.h"
#include "boardgame/localization/uttt_rules_documents.h"
#include "boardgame/rules/catalog.h"

namespace boardgame::testing {

struct EmbeddedGame {
  const char* id;
  localization::EmbeddedDocuments (*documents)();
};

// Every game whose documents the tests cover.
inline constexpr EmbeddedGame kGames[] = {
    {"uttt", &localization::uttt_rules_documents},
    {"tictactoe", &localization::tictactoe_rules_documents},
};

inline const std::vector<std::string> kLocales = {"en", "es", "pt", "de"};

inline localization::EmbeddedDocuments embedded_documents(const std::string& game) {
  for (const EmbeddedGame& g : kGames)
    if (g.id == game) return g.documents();
  throw std::out_of_range("no embedded documents for game " + game);
}

inline const std::map<std::string, v1::RulesDocument>& documents(const std::string& game) {
  static auto* parsed = new std::map<std::string, std::map<std::string, v1::RulesDocument>>;
  auto [it, inserted] = parsed->try_emplace(game);
  if (inserted)
    for (const auto& embedded : embedded_documents(game)) {
      auto doc = rules::parse_rules_document(embedded.bytes);
      EXPECT_TRUE(doc) << game << "/" << embedded.locale << ": " << doc.error;
      it->second[std::string(embedded.locale)] = std::move(doc.value);
    }
  return it->second;
}

inline const v1::RulesDocument& document(const std::string& game, const std::string& locale) {
  return documents(game).at(locale);
}

inline const std::map<std::string, v1::RulesDocument>& uttt_documents() {
  return documents("uttt");
}

inline const v1::RulesDocument& uttt_document(const std::string& locale) {
  return document("uttt", locale);
}

// The text of a UI string, or "" when the document lacks the key.
inline std::string ui_text_of(const v1::RulesDocument& d, const std::string& key) {
  for (const auto& s : d.ui_strings())
    if (s.key() == key) return s.text();
  return {};
}

// A test parameter: one locale of one game.
struct GameLocale {
  std::string game, locale;
};

inline void PrintTo(const GameLocale& p, std::ostream* os) { *os << p.game << "/" << p.locale; }

inline std::vector<GameLocale> every_game_and_locale() {
  std::vector<GameLocale> out;
  for (const EmbeddedGame& g : kGames)
    for (const std::string& locale : kLocales) out.push_back({g.id, locale});
  return out;
}

inline std::string game_locale_name(const ::testing::TestParamInfo<GameLocale>& info) {
  return info.param.game + "_" + info.param.locale;
}

}  // namespace boardgame::testing
