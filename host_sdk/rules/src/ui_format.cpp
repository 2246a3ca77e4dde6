#include "boardgame/rules/ui_format.h"

#include <memory>

#include <unicode/fmtable.h>
#include <unicode/msgfmt.h>

#include "icu_support.h"
#include "message_syntax.h"

namespace boardgame::rules {
namespace {

using detail::utf16;
using detail::utf8;

// "3", "-1", "1.5": what callers pass for counts and points. Anything else
// (a localized "1,5", "1e3", "½") is refused rather than guessed at.
bool is_number(std::string_view s) {
  if (!s.empty() && s.front() == '-') s.remove_prefix(1);
  std::size_t digits = 0, point = std::string_view::npos;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] >= '0' && s[i] <= '9')
      ++digits;
    else if (s[i] == '.' && point == std::string_view::npos)
      point = i;
    else
      return false;
  }
  return digits > 0 && point != 0 && point + 1 != s.size();
}

// ICU's formatter for the text, whose construction also checks what
// MessagePattern does not: number styles and skeletons.
Checked<std::unique_ptr<icu::MessageFormat>> make_format(const icu::UnicodeString& pattern,
                                                        const icu::Locale& locale) {
  using Result = Checked<std::unique_ptr<icu::MessageFormat>>;
  UErrorCode status = U_ZERO_ERROR;
  UParseError where{};
  auto format = std::make_unique<icu::MessageFormat>(pattern, locale, where, status);
  if (U_FAILURE(status)) return Result::fail(detail::describe_syntax_error(pattern, status, where));
  return Result::ok(std::move(format));
}

}  // namespace

Checked<std::vector<std::string>> placeholder_names(std::string_view text) {
  using Result = Checked<std::vector<std::string>>;
  const icu::UnicodeString pattern = utf16(text);
  auto message = detail::read_message(pattern);
  if (!message) return Result::fail(message.error);
  if (auto format = make_format(pattern, icu::Locale::getRoot()); !format)
    return Result::fail(format.error);
  return Result::ok(std::move(message.value.names));
}

Checked<std::string> format_ui_text(std::string_view text, std::string_view locale,
                                    const UiArgs& args) {
  using Result = Checked<std::string>;
  const icu::UnicodeString pattern = utf16(text);
  auto message = detail::read_message(pattern);
  if (!message) return Result::fail(message.error);
  auto icu_locale = detail::published_locale(locale);
  if (!icu_locale) return Result::fail("the locale to format in: " + icu_locale.error);

  std::vector<icu::UnicodeString> names;
  std::vector<icu::Formattable> values;
  for (const std::string& name : message.value.names) {
    auto it = args.find(name);
    if (it == args.end()) return Result::fail("no value given for the argument {" + name + "}");
    names.push_back(utf16(name));
    if (!message.value.numeric.count(name)) {
      values.emplace_back(utf16(it->second));
      continue;
    }
    UErrorCode status = U_ZERO_ERROR;
    if (is_number(it->second))
      values.emplace_back(icu::StringPiece(it->second), status);  // exact: "1.5" stays 1.5
    if (!is_number(it->second) || U_FAILURE(status))
      return Result::fail("the argument {" + name + "} is counted (plural, selectordinal or " +
                          "number), but its value “" + it->second +
                          "” is not a number such as 2 or 1.5");
  }

  auto format = make_format(pattern, icu_locale.value);
  if (!format) return Result::fail(format.error);
  UErrorCode status = U_ZERO_ERROR;
  icu::UnicodeString out;
  format.value->format(names.data(), values.data(), int32_t(names.size()), out, status);
  if (U_FAILURE(status))
    return Result::fail("ICU could not format the message (" + std::string(u_errorName(status)) +
                        ")");
  return Result::ok(utf8(out));
}

}  // namespace boardgame::rules
