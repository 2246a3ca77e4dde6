#include "language.h"

#include "boardgame/rules/language_tag.h"
#include "boardgame/rules/negotiation.h"

namespace game_client {

namespace rules = boardgame::rules;

std::string tag_from_posix_locale(std::string_view value) {
  std::string_view base = value.substr(0, value.find_first_of(".@"));
  if (base == "C" || base == "POSIX") return {};
  std::string tag(base);
  for (char& c : tag)
    if (c == '_') c = '-';
  return tag;
}

rules::Checked<LanguageChoice> choose_language(std::string_view flag, const Getenv& getenv,
                                               const std::vector<std::string>& locales) {
  using Result = rules::Checked<LanguageChoice>;
  if (!flag.empty()) {
    auto locale = rules::negotiate_locale(flag, locales);
    if (!locale) return Result::fail(locale.error);
    return Result::ok({std::string(flag), locale.value});
  }
  for (const char* name : {"LC_ALL", "LC_MESSAGES", "LANG"}) {
    const char* value = getenv(name);
    if (value == nullptr || *value == '\0') continue;
    std::string tag = tag_from_posix_locale(value);
    if (tag.empty()) break;  // "C": no language preference
    auto locale = rules::negotiate_locale(tag, locales);
    if (locale) return Result::ok({tag, locale.value});
    break;
  }
  return Result::ok({"", std::string(rules::kFallbackLocale)});
}

}  // namespace game_client
