// Dates as each language writes them, such as the "last updated" line of a
// rules page: the documents store ISO dates (2026-11-30), readers expect
// their own style.
#pragma once

#include <string>
#include <string_view>

#include "boardgame/rules/checked.h"

namespace boardgame::rules {

// Whether `text` is a real date written YYYY-MM-DD (proleptic Gregorian).
bool is_iso_date(std::string_view text);

// `iso_date` (YYYY-MM-DD) in the medium date style of `locale`, a
// published BCP 47 tag, from ICU's data: en "Nov 30, 2026", es
// "30 nov 2026", pt (European Portuguese) "30/11/2026", de "30.11.2026".
// An error for a date that is not real or a malformed tag.
Checked<std::string> format_date(std::string_view iso_date, std::string_view locale);

}  // namespace boardgame::rules
