// The syntax of catalogue messages: ICU MessageFormat, read with ICU's
// MessagePattern and held to a few rules of our own, so that a slip in a
// catalogue fails the build instead of showing on screen.
#pragma once

#include <set>
#include <string>
#include <vector>

#include <unicode/parseerr.h>
#include <unicode/unistr.h>

#include "boardgame/rules/checked.h"

namespace boardgame::rules::detail {

struct MessageArgs {
  // Each name once, in order of first appearance, nested ones included.
  std::vector<std::string> names;
  // The names a plural, selectordinal or number uses: their values must
  // be numbers.
  std::set<std::string, std::less<>> numeric;
};

// The arguments of a message, or what is wrong with it, with its position.
// Beyond ICU's syntax: arguments are named ({board}, never {0}) with
// lowercase letters, digits and '_'; only plain, number, plural,
// selectordinal and select arguments; plural cases are CLDR categories or
// =N, each once; and no '}' that closes nothing or quotation that never
// ends, which ICU would print as they are.
Checked<MessageArgs> read_message(const icu::UnicodeString& text);

// An ICU error while reading `text`, as a sentence with the position.
std::string describe_syntax_error(const icu::UnicodeString& text, UErrorCode status,
                                  const UParseError& where);

}  // namespace boardgame::rules::detail
