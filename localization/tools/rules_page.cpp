// rules-page: prints a game's rules page in the closest published language.
//
//   rules-page --game uttt --lang es --format html > uttt-es.html
//   rules-page --game uttt --accept-language "de-AT,de;q=0.9" --format md
//   rules-page --game tictactoe --lang pt --format md
#include <iostream>
#include <string>
#include <string_view>

#include <CLI/CLI.hpp>

#include "boardgame/localization/tictactoe_rules_documents.h"
#include "boardgame/localization/uttt_rules_documents.h"
#include "boardgame/rules/catalog.h"
#include "boardgame/rules/page.h"

namespace {

using boardgame::localization::EmbeddedDocuments;

struct Game {
  std::string_view id;
  EmbeddedDocuments (*documents)();
};

// Every game whose documents this program embeds.
constexpr Game kGames[] = {
    {"uttt", &boardgame::localization::uttt_rules_documents},
    {"tictactoe", &boardgame::localization::tictactoe_rules_documents},
};

int fail(const std::string& message) {
  std::cerr << "rules-page: " << message << '\n';
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Prints a game's rules page in the closest published language."};
  std::string game_id, lang = "en", accept_language, format = "html";
  app.add_option("--game", game_id, "game id, e.g. uttt or tictactoe")->required();
  auto* lang_option =
      app.add_option("--lang", lang, "BCP 47 language tag, e.g. es, pt-PT, de-AT")
          ->capture_default_str();
  auto* accept_option =
      app.add_option("--accept-language", accept_language,
                     "pick the language from an HTTP Accept-Language value instead")
          ->excludes(lang_option);
  app.add_option("--format", format, "html or md")
      ->check(CLI::IsMember({"html", "md"}))
      ->capture_default_str();
  CLI11_PARSE(app, argc, argv);

  const Game* game = nullptr;
  std::string known;
  for (const Game& g : kGames) {
    if (g.id == game_id) game = &g;
    known += (known.empty() ? "" : ", ") + std::string(g.id);
  }
  if (game == nullptr) return fail("unknown game \"" + game_id + "\"; known games: " + known);

  std::vector<boardgame::v1::RulesDocument> documents;
  for (const auto& embedded : game->documents()) {
    auto doc = boardgame::rules::parse_rules_document(embedded.bytes);
    if (!doc) return fail("the embedded " + std::string(embedded.locale) + " document: " + doc.error);
    documents.push_back(std::move(doc.value));
  }
  auto catalog = boardgame::rules::RulesCatalog::create(std::move(documents));
  if (!catalog) return fail(catalog.error);

  auto document = accept_option->count() ? catalog.value.for_accept_language(accept_language)
                                         : catalog.value.for_language(lang);
  if (!document) return fail(document.error);
  std::cout << (format == "html" ? boardgame::rules::render_html(*document.value)
                                 : boardgame::rules::render_markdown(*document.value));
  return std::cout.flush() ? 0 : 1;
}
