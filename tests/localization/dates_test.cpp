#include <gtest/gtest.h>

#include "boardgame/rules/dates.h"

namespace boardgame::rules {
namespace {

std::string date(const char* iso, const char* locale) {
  auto text = format_date(iso, locale);
  EXPECT_TRUE(text) << iso << " " << locale << ": " << text.error;
  return text.value;
}

TEST(Dates, EachLocaleWritesItsOwnMediumDate) {
  EXPECT_EQ(date("2026-11-30", "de"), "30.11.2026");
  EXPECT_EQ(date("2026-11-30", "es"), "30 nov 2026");
  EXPECT_EQ(date("2026-11-30", "pt"), "30/11/2026");  // European Portuguese
  EXPECT_EQ(date("2026-11-30", "pt-PT"), "30/11/2026");
  EXPECT_EQ(date("2026-11-30", "en"), "Nov 30, 2026");
  EXPECT_EQ(date("2026-03-05", "de"), "05.03.2026");
  EXPECT_EQ(date("2026-03-05", "es"), "5 mar 2026");
}

TEST(Dates, TheDateIsTheOneStoredWhateverTheTimeZone) {
  // Midnight UTC: a formatter in the host's own zone could say the 29th.
  EXPECT_EQ(date("2026-11-30", "de"), "30.11.2026");
  EXPECT_EQ(date("2024-02-29", "de"), "29.02.2024");
  EXPECT_EQ(date("1582-10-10", "de"), "10.10.1582");  // Gregorian before 1582 too
}

TEST(Dates, OnlyRealIsoDates) {
  for (const char* bad : {"", "2026-11-31", "2026-02-29", "2026-13-01", "2026-00-10", "2026-1-5",
                          "30.11.2026", "2026-11-30T10:00", "２０２６-11-30", "0000-01-01"}) {
    EXPECT_FALSE(is_iso_date(bad)) << bad;
    auto text = format_date(bad, "en");
    EXPECT_FALSE(text) << bad;
    EXPECT_NE(text.error.find(bad), std::string::npos) << text.error;
  }
  EXPECT_TRUE(is_iso_date("2024-02-29"));
  EXPECT_TRUE(is_iso_date("2000-02-29"));
  EXPECT_FALSE(is_iso_date("1900-02-29"));
  EXPECT_FALSE(format_date("2026-11-30", "de_DE"));
}

}  // namespace
}  // namespace boardgame::rules
