#include "catalog.h"

namespace game_client {

Catalog::Catalog(const v1::RulesDocument& document, const v1::RulesDocument* fallback)
    : locale_(document.locale()), fallback_locale_(fallback ? fallback->locale() : "") {
  for (const v1::UiString& s : document.ui_strings()) strings_.emplace(s.key(), Text{s.text(), false});
  if (fallback)
    for (const v1::UiString& s : fallback->ui_strings()) strings_.emplace(s.key(), Text{s.text(), true});
}

bool Catalog::has(std::string_view key) const { return strings_.find(key) != strings_.end(); }

std::string Catalog::text(std::string_view key, const Args& args) const {
  if (auto it = strings_.find(key); it != strings_.end()) {
    // English text keeps English plurals and digits in a Spanish catalogue.
    const std::string& locale = it->second.from_fallback ? fallback_locale_ : locale_;
    auto formatted = boardgame::rules::format_ui_text(it->second.text, locale, args);
    if (formatted) return std::move(formatted.value);
  }
  std::string shown(key);
  for (const auto& [name, value] : args) shown += " " + name + "=" + value;
  return "[" + shown + "]";
}

std::string Catalog::text(const v1::Text& message) const {
  Args args;
  for (const v1::Arg& a : message.args()) args[a.name()] = a.value();
  return text(message.key(), args);
}

}  // namespace game_client
