// BCP 47 language tags (RFC 5646): strict parsing and canonical case. ICU
// reads the tag; the checks here only make its refusals say which subtag is
// wrong.
#pragma once

#include <string>
#include <string_view>

#include "boardgame/rules/checked.h"

namespace boardgame::rules {

struct LanguageTag {
  // The tag as written, in the canonical case of RFC 5646 section 2.1.1:
  // "es-MX", "zh-Hant-TW", "zh-yue-HK", "i-klingon". Aliases are kept as
  // they are (ICU would write "yue-HK" and "tlh"), so that a document's
  // locale and the tag a client sent are echoed back recognisably.
  std::string canonical;
  // ICU's reading of it, used to match locales: "sr", "Latn", "RS"; "yue"
  // for "zh-yue"; an empty language for a private-use tag such as
  // "x-club".
  std::string language;
  std::string script;
  std::string region;

  const std::string& to_string() const { return canonical; }
};

// Accepts exactly the well-formed tags of RFC 5646 (any letter case), at
// most kMaxTagLength characters; anything else gets a sentence naming the
// offending subtag. "en_US" is refused: subtags are joined by '-'.
Checked<LanguageTag> parse_language_tag(std::string_view text);

constexpr std::size_t kMaxTagLength = 100;

}  // namespace boardgame::rules
