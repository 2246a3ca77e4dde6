#include "boardgame/rules/dates.h"

#include <memory>

#include <unicode/datefmt.h>
#include <unicode/gregocal.h>
#include <unicode/timezone.h>

#include "icu_support.h"

namespace boardgame::rules {
namespace {

// ISO 8601 dates are Gregorian throughout; ICU's Gregorian calendar turns
// Julian before October 1582 unless told otherwise.
void make_proleptic(icu::Calendar& calendar) {
  if (auto* gregorian = dynamic_cast<icu::GregorianCalendar*>(&calendar)) {
    UErrorCode status = U_ZERO_ERROR;
    gregorian->setGregorianChange(U_DATE_MIN, status);
  }
  calendar.setTimeZone(*icu::TimeZone::getGMT());  // the date as stored, wherever the host runs
}

// The first moment of the date, in UTC. The shape is checked here, the
// calendar (month lengths, leap years) by ICU.
Checked<UDate> read_iso_date(std::string_view text) {
  auto digits = [&](std::size_t from, std::size_t n, int* value) {
    *value = 0;
    for (std::size_t i = from; i < from + n; ++i) {
      if (text[i] < '0' || text[i] > '9') return false;
      *value = *value * 10 + (text[i] - '0');
    }
    return true;
  };
  int year = 0, month = 0, day = 0;
  if (text.size() != 10 || text[4] != '-' || text[7] != '-' || !digits(0, 4, &year) ||
      !digits(5, 2, &month) || !digits(8, 2, &day))
    return Checked<UDate>::fail("“" + std::string(text) + "” is not a date written YYYY-MM-DD");
  UErrorCode status = U_ZERO_ERROR;
  icu::GregorianCalendar calendar(status);
  make_proleptic(calendar);
  calendar.setLenient(false);  // 2026-02-30 is an error, not March 2
  calendar.clear();
  calendar.set(year, month - 1, day);
  const UDate at = calendar.getTime(status);
  if (U_FAILURE(status) || year == 0)
    return Checked<UDate>::fail("“" + std::string(text) + "” is not a real date");
  return Checked<UDate>::ok(at);
}

}  // namespace

bool is_iso_date(std::string_view text) { return bool(read_iso_date(text)); }

Checked<std::string> format_date(std::string_view iso_date, std::string_view locale) {
  using Result = Checked<std::string>;
  auto date = read_iso_date(iso_date);
  if (!date) return Result::fail(date.error);
  auto icu_locale = detail::published_locale(locale);
  if (!icu_locale) return Result::fail(icu_locale.error);
  std::unique_ptr<icu::DateFormat> format(
      icu::DateFormat::createDateInstance(icu::DateFormat::kMedium, icu_locale.value));
  if (!format) return Result::fail("ICU has no date format for " + std::string(locale));
  std::unique_ptr<icu::Calendar> calendar(format->getCalendar()->clone());
  make_proleptic(*calendar);
  format->adoptCalendar(calendar.release());
  icu::UnicodeString out;
  format->format(date.value, out);
  return Result::ok(detail::utf8(out));
}

}  // namespace boardgame::rules
