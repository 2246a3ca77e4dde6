// The catalogue texts of RulesDocument.ui_strings, in ICU MessageFormat
// syntax with named arguments:
//
//   "Board {board}, cell {cell}"
//   "{points, plural, one {# point} other {# points}}"
//   "{person, select, you {You win.} other {{player} wins.}}"
//
// An argument name is lowercase letters, digits and '_', starting with a
// letter. A literal brace is quoted with apostrophes, '{'; a lone
// apostrophe is text ("It's"), but texts with ICU syntax write ’.
// Plural rules and the digits of numbers ("1,5" in es, pt and de) follow
// the locale the text is written in. docs/localization.md has the whole
// syntax for translators.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "boardgame/rules/checked.h"

namespace boardgame::rules {

// Argument values are strings. An argument that a plural, selectordinal
// or number uses must be a number written as an integer ("3", "-1") or a
// decimal with '.' ("1.5"); a select compares its value with its cases
// ("you", "other"); a plain {name} shows the value as it is.
using UiArgs = std::map<std::string, std::string, std::less<>>;

// The argument names of a message, nested ones included, each once, in
// order of first appearance; or what is wrong with the message, with its
// position.
Checked<std::vector<std::string>> placeholder_names(std::string_view text);

// The text in `locale` (a published BCP 47 tag: "en", "es", "pt", "de";
// "pt" is European Portuguese) with its arguments filled in. A missing
// argument, or a value that is not a number where the text needs one, is
// an error; arguments the text does not use are allowed, since another
// language may not need them.
Checked<std::string> format_ui_text(std::string_view text, std::string_view locale,
                                    const UiArgs& args);

}  // namespace boardgame::rules
