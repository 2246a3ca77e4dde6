#include "boardgame/rules/catalog.h"

#include "boardgame/rules/document_check.h"
#include "boardgame/rules/negotiation.h"

namespace boardgame::rules {

Checked<v1::RulesDocument> parse_rules_document(std::string_view bytes) {
  v1::RulesDocument doc;
  if (!doc.ParseFromArray(bytes.data(), int(bytes.size())))
    return Checked<v1::RulesDocument>::fail("the bytes are not a serialized RulesDocument");
  return Checked<v1::RulesDocument>::ok(std::move(doc));
}

Checked<RulesCatalog> RulesCatalog::create(std::vector<v1::RulesDocument> documents) {
  using Result = Checked<RulesCatalog>;
  RulesCatalog catalog;
  for (v1::RulesDocument& doc : documents) {
    std::vector<Problem> problems = check_document(doc);
    if (!problems.empty())
      return Result::fail("the " + doc.locale() + " rules document of " + doc.game_id() +
                          " is invalid: " + to_string(problems.front()) +
                          (problems.size() > 1
                               ? " (and " + std::to_string(problems.size() - 1) + " more)"
                               : ""));
    if (catalog.entries_.empty()) catalog.game_id_ = doc.game_id();
    if (doc.game_id() != catalog.game_id_)
      return Result::fail("rules documents of two games, " + catalog.game_id_ + " and " +
                          doc.game_id() + ", given as one");
    std::string locale = doc.locale();
    if (catalog.entries_.count(locale))
      return Result::fail("two " + locale + " rules documents for " + catalog.game_id_);
    Entry entry;
    for (const v1::UiString& s : doc.ui_strings()) entry.strings.emplace(s.key(), s.text());
    entry.document = std::move(doc);
    catalog.entries_.emplace(std::move(locale), std::move(entry));
  }
  if (catalog.entries_.empty()) return Result::fail("no rules documents given");
  if (!catalog.entries_.count(kFallbackLocale))
    return Result::fail("the rules documents of " + catalog.game_id_ + " have no " +
                        std::string(kFallbackLocale) + " document to fall back on");
  return Result::ok(std::move(catalog));
}

std::vector<std::string> RulesCatalog::locales() const {
  std::vector<std::string> out;
  for (const auto& [locale, entry] : entries_) out.push_back(locale);
  return out;
}

Checked<const v1::RulesDocument*> RulesCatalog::for_language(std::string_view tag) const {
  auto locale = negotiate_locale(tag, locales());
  if (!locale) return Checked<const v1::RulesDocument*>::fail(locale.error);
  return Checked<const v1::RulesDocument*>::ok(&entries_.find(locale.value)->second.document);
}

Checked<const v1::RulesDocument*> RulesCatalog::for_accept_language(std::string_view header) const {
  auto locale = negotiate_accept_language(header, locales());
  if (!locale) return Checked<const v1::RulesDocument*>::fail(locale.error);
  return Checked<const v1::RulesDocument*>::ok(&entries_.find(locale.value)->second.document);
}

Checked<LocalizedText> RulesCatalog::ui_text(std::string_view locale, std::string_view key,
                                             const UiArgs& args) const {
  using Result = Checked<LocalizedText>;
  auto entry = entries_.find(locale);
  if (entry == entries_.end())
    return Result::fail("no " + std::string(locale) + " text for " + game_id_);
  auto text = entry->second.strings.find(key);
  if (text == entry->second.strings.end()) {
    entry = entries_.find(kFallbackLocale);
    text = entry->second.strings.find(key);
    if (text == entry->second.strings.end())
      return Result::fail("no UI string " + std::string(key) + " for " + game_id_);
  }
  auto formatted = format_ui_text(text->second, entry->first, args);
  if (!formatted)
    return Result::fail("UI string " + std::string(key) + " (" + entry->first +
                        "): " + formatted.error);
  return Result::ok({entry->first, std::move(formatted.value)});
}

}  // namespace boardgame::rules
