// Picks the locale to answer in among the locales a game publishes.
//
// As RFC 4647 lookup does: the requested language in the closest published
// form (es-MX -> es, pt-BR -> pt, de-AT -> de), else the fallback locale.
// ICU's LocaleMatcher judges "closest" from CLDR data, within one language
// and script: Traditional Chinese never gets Simplified, nor Catalan
// Spanish. A malformed request is an error, never silently read as the
// fallback.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "boardgame/rules/checked.h"

namespace boardgame::rules {

inline constexpr std::string_view kFallbackLocale = "en";

// `available` holds canonical tags such as "en", "es", "pt-PT".
Checked<std::string> negotiate_locale(std::string_view requested,
                                      const std::vector<std::string>& available,
                                      std::string_view fallback = kFallbackLocale);

// One entry of an Accept-Language header.
struct LanguageRange {
  std::string tag;  // "*" or a canonical language tag
  int weight;       // q-value in thousandths
};

// The ranges of an Accept-Language header, most wanted first (ties in the
// order written), or what is wrong with the header.
Checked<std::vector<LanguageRange>> parse_accept_language(std::string_view header);

// The same from an HTTP Accept-Language header (RFC 9110 section 12.5.4),
// e.g. "de-AT,de;q=0.9,en;q=0.5": ranges are tried by falling q-value (ties
// in the order written); q=0 ranges are never chosen and "*" stands for the
// fallback. An empty header means no preference: the fallback.
Checked<std::string> negotiate_accept_language(std::string_view header,
                                               const std::vector<std::string>& available,
                                               std::string_view fallback = kFallbackLocale);

}  // namespace boardgame::rules
