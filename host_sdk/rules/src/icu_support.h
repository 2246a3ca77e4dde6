// What the ICU-backed parts of club_rules share, kept out of the public
// headers so that users of club_rules need no ICU headers.
#pragma once

#include <string>
#include <string_view>

#include <unicode/locid.h>
#include <unicode/unistr.h>

#include "boardgame/rules/checked.h"
#include "boardgame/rules/language_tag.h"

namespace boardgame::rules::detail {

icu::UnicodeString utf16(std::string_view utf8);
std::string utf8(const icu::UnicodeString& text);

// The 1-based character position of a UTF-16 offset, as an editor counts
// columns; ICU reports offsets in UTF-16 code units.
int character_position(const icu::UnicodeString& text, int32_t utf16_offset);

// ICU's reading of a tag that parse_language_tag accepted.
icu::Locale icu_locale(const LanguageTag& tag);

// The ICU locale of a locale this club publishes: plural rules, number and
// date formats come from it. Our "pt" is European Portuguese, which ICU
// calls pt-PT; ICU's plain "pt" is Brazilian, whose plural rules make
// "0 pontos" singular and whose numbers group with '.'.
Checked<icu::Locale> published_locale(std::string_view tag);

}  // namespace boardgame::rules::detail
