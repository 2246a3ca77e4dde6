// BCP 47 language tags (RFC 5646): strict parsing, canonical case, and the
// chain of ever shorter tags that RFC 4647 "lookup" tries.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "boardgame/rules/checked.h"

namespace boardgame::rules {

struct LanguageTag {
  std::string language;                // "es", or "zh-yue" with an extended subtag
  std::string script;                  // "Latn"
  std::string region;                  // "MX", "419"
  std::vector<std::string> variants;   // "1996"
  std::vector<std::string> extensions; // "u-ca-buddhist"
  std::string private_use;             // "x-club"
  std::string grandfathered;           // a whole irregular tag such as "i-klingon"

  // The tag in canonical case: "es-MX", "zh-Hant-TW", "de-CH-1996".
  std::string to_string() const;
};

// Accepts exactly the well-formed tags of RFC 5646 (any letter case), at
// most kMaxTagLength characters; anything else gets a sentence naming the
// offending subtag. "en_US" is refused: subtags are joined by '-'.
Checked<LanguageTag> parse_language_tag(std::string_view text);

constexpr std::size_t kMaxTagLength = 100;

// The tags to try, most specific first: "es-Latn-MX" gives "es-Latn-MX",
// "es-Latn", "es". A subtag left dangling after a singleton ("de-u") is
// dropped with it, as RFC 4647 section 3.4 says.
std::vector<std::string> lookup_chain(const LanguageTag& tag);

}  // namespace boardgame::rules
