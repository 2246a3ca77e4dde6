#include "icu_support.h"

#include <unicode/localebuilder.h>

namespace boardgame::rules::detail {

icu::UnicodeString utf16(std::string_view utf8) {
  return icu::UnicodeString::fromUTF8(icu::StringPiece(utf8.data(), int32_t(utf8.size())));
}

std::string utf8(const icu::UnicodeString& text) {
  std::string out;
  text.toUTF8String(out);
  return out;
}

int character_position(const icu::UnicodeString& text, int32_t utf16_offset) {
  if (utf16_offset < 0) utf16_offset = 0;
  if (utf16_offset > text.length()) utf16_offset = text.length();
  return text.countChar32(0, utf16_offset) + 1;
}

icu::Locale icu_locale(const LanguageTag& tag) {
  UErrorCode status = U_ZERO_ERROR;
  icu::Locale locale = icu::Locale::forLanguageTag(tag.to_string(), status);
  return U_SUCCESS(status) ? locale : icu::Locale::getRoot();
}

Checked<icu::Locale> published_locale(std::string_view text) {
  auto tag = parse_language_tag(text);
  if (!tag) return Checked<icu::Locale>::fail(tag.error);
  icu::Locale locale = icu_locale(tag.value);
  if (std::string_view(locale.getLanguage()) == "pt" && *locale.getCountry() == '\0') {
    UErrorCode status = U_ZERO_ERROR;
    icu::Locale european = icu::LocaleBuilder().setLocale(locale).setRegion("PT").build(status);
    if (U_SUCCESS(status)) locale = european;
  }
  return Checked<icu::Locale>::ok(locale);
}

}  // namespace boardgame::rules::detail
