// The published text of one game: its rules documents, one per locale, and
// the UI strings inside them. This is what a host serves rules pages and
// localized labels from.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "boardgame/rules/checked.h"
#include "boardgame/rules/ui_format.h"
#include "boardgame/v1/rules_document.pb.h"

namespace boardgame::rules {

// Text together with the locale it is written in, which every response that
// carries text reports.
struct LocalizedText {
  std::string locale;
  std::string text;
};

// Reads a serialized RulesDocument, as a plugin embeds it.
Checked<v1::RulesDocument> parse_rules_document(std::string_view bytes);

class RulesCatalog {
 public:
  RulesCatalog() = default;

  // Takes all documents of one game. Each must pass check_document, all
  // must name the same game, no locale may appear twice, and one must be
  // English (kFallbackLocale), the language of last resort.
  static Checked<RulesCatalog> create(std::vector<v1::RulesDocument> documents);

  const std::string& game_id() const { return game_id_; }
  // The published locales, sorted.
  std::vector<std::string> locales() const;

  // The document for a BCP 47 tag ("es-MX" gives the "es" document, an
  // unpublished language the English one); an error for a malformed tag.
  // The document's locale field says which one was used.
  Checked<const v1::RulesDocument*> for_language(std::string_view tag) const;
  // The same from an Accept-Language header.
  Checked<const v1::RulesDocument*> for_accept_language(std::string_view header) const;

  // The UI string `key` of a published locale with its arguments filled
  // in (format_ui_text), with the plural rules and numbers of the locale
  // the text is written in. A key the locale lacks comes from English, and
  // the result says so.
  // Errors: unknown locale, a key English lacks too, a missing argument.
  Checked<LocalizedText> ui_text(std::string_view locale, std::string_view key,
                                 const UiArgs& args = {}) const;

 private:
  using Strings = std::map<std::string, std::string, std::less<>>;
  struct Entry {
    v1::RulesDocument document;
    Strings strings;
  };

  std::string game_id_;
  std::map<std::string, Entry, std::less<>> entries_;  // by locale
};

}  // namespace boardgame::rules
