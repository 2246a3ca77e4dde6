#include <stdexcept>
#include <string>

#include "boardgame/plugin/export.h"
#include "boardgame/rules/negotiation.h"
#include "records.h"

namespace boardgame::plugin {

std::string Texts::ui(std::string_view key, const rules::UiArgs& args) const {
  auto text = catalog_.ui_text(locale(), key, args);
  if (!text) throw std::logic_error(text.error);
  return std::move(text.value.text);
}

namespace detail {

namespace {

rules::RulesCatalog catalog_of(const Game& game) {
  std::vector<v1::RulesDocument> documents;
  for (const RulesText& text : game.rules_documents()) {
    auto document = rules::parse_rules_document(text.document);
    if (!document)
      throw std::logic_error("the " + std::string(text.locale) + " rules document: " +
                             document.error);
    documents.push_back(std::move(document.value));
  }
  auto catalog = rules::RulesCatalog::create(std::move(documents));
  if (!catalog) throw std::logic_error("the rules documents: " + catalog.error);
  return std::move(catalog.value);
}

}  // namespace

Served::Served(const Game& g, const char* game_id) : game(g), catalog(catalog_of(g)) {
  schema = game.info(texts_for(*this, ""));
  schema.set_id(game_id);
  schema.set_locale(std::string(rules::kFallbackLocale));
}

Texts texts_for(const Served& served, const std::string& locale) {
  auto document = served.catalog.for_language(locale.empty() ? rules::kFallbackLocale : locale);
  if (!document)
    throw Rejected(Code::kInvalidArgument, "bad_locale", document.error, {{"locale", locale}});
  return Texts(served.catalog, *document.value);
}

}  // namespace detail
}  // namespace boardgame::plugin
