#include <gtest/gtest.h>

#include "boardgame/rules/negotiation.h"

namespace boardgame::rules {
namespace {

const std::vector<std::string> kPublished = {"de", "en", "es", "pt"};

std::string pick(const char* tag) {
  auto locale = negotiate_locale(tag, kPublished);
  EXPECT_TRUE(locale) << tag << ": " << locale.error;
  return locale.value;
}

std::string pick_from_header(const char* header) {
  auto locale = negotiate_accept_language(header, kPublished);
  EXPECT_TRUE(locale) << header << ": " << locale.error;
  return locale.value;
}

TEST(Negotiation, RegionalTagsFallBackToTheirLanguage) {
  EXPECT_EQ(pick("es-MX"), "es");
  EXPECT_EQ(pick("pt-BR"), "pt");
  EXPECT_EQ(pick("de-AT"), "de");
  EXPECT_EQ(pick("es-ES"), "es");
  EXPECT_EQ(pick("pt-PT"), "pt");
  EXPECT_EQ(pick("de-CH-1996"), "de");
  EXPECT_EQ(pick("ES-419"), "es");
  EXPECT_EQ(pick("es"), "es");
  EXPECT_EQ(pick("DE"), "de");
}

TEST(Negotiation, AnythingElseFallsBackToEnglish) {
  EXPECT_EQ(pick("en-GB"), "en");
  EXPECT_EQ(pick("fr"), "en");
  EXPECT_EQ(pick("fr-CA"), "en");
  EXPECT_EQ(pick("zh-Hant-TW"), "en");
  EXPECT_EQ(pick("ast"), "en");
  EXPECT_EQ(pick("x-private"), "en");
  EXPECT_EQ(pick("i-klingon"), "en");
}

TEST(Negotiation, PrefersTheMostSpecificPublishedLocale) {
  const std::vector<std::string> published = {"en", "pt", "pt-BR"};
  EXPECT_EQ(negotiate_locale("pt-BR", published).value, "pt-BR");
  EXPECT_EQ(negotiate_locale("pt-AO", published).value, "pt");
  EXPECT_EQ(negotiate_locale("de", published, "pt").value, "pt");  // another fallback
}

TEST(Negotiation, ExtensionsAndPrivateUseDoNotStandInTheWay) {
  EXPECT_EQ(pick("de-u-co-phonebk"), "de");
  EXPECT_EQ(pick("de-DE-u-co-phonebk-x-club"), "de");
  EXPECT_EQ(pick("en-US-x-a"), "en");
  EXPECT_EQ(negotiate_locale("x-club", kPublished, "pt").value, "pt");
  const std::vector<std::string> chinese = {"en", "zh-Hant"};
  EXPECT_EQ(negotiate_locale("zh-Hant-TW", chinese).value, "zh-Hant");
  EXPECT_EQ(negotiate_locale("zh-TW", chinese).value, "zh-Hant");  // ICU knows Taiwan's script
}

TEST(Negotiation, NeverAnswersInAnotherLanguageOrScript) {
  // CLDR would send readers of Catalan, Galician or Basque to Spanish and
  // of Swiss German or Luxembourgish to German; the club promises the
  // language asked for or English.
  for (const char* other : {"ca", "gl", "eu", "gsw", "lb", "ast", "nl"})
    EXPECT_EQ(pick(other), "en") << other;
  EXPECT_EQ(negotiate_locale("zh-Hant-TW", {"en", "zh"}).value, "en");  // zh is Simplified
}

TEST(Negotiation, OurPortugueseIsEuropean) {
  const std::vector<std::string> published = {"en", "pt", "pt-BR"};
  EXPECT_EQ(negotiate_locale("pt-PT", published).value, "pt");
  EXPECT_EQ(negotiate_locale("pt-MZ", published).value, "pt");
  EXPECT_EQ(negotiate_locale("pt-BR", published).value, "pt-BR");
}

TEST(Negotiation, GarbageTagsAreErrorsNotEnglish) {
  const std::string very_long(500, 'a');
  for (const std::string& bad : {std::string(""), std::string("x"), std::string("123"),
                                 std::string("en--US"), std::string("en_US"), std::string("*"),
                                 std::string("es-"), std::string("<script>"), very_long}) {
    auto locale = negotiate_locale(bad, kPublished);
    EXPECT_FALSE(locale) << "'" << bad << "' gave " << locale.value;
    EXPECT_FALSE(locale.error.empty());
  }
}

TEST(AcceptLanguage, FollowsQValuesThenOrder) {
  EXPECT_EQ(pick_from_header("de-AT,de;q=0.9,en;q=0.5"), "de");
  EXPECT_EQ(pick_from_header("es-MX"), "es");
  EXPECT_EQ(pick_from_header("pt-BR;q=0.8, es;q=0.9"), "es");
  EXPECT_EQ(pick_from_header("fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5"), "en");
  EXPECT_EQ(pick_from_header("fr-CH, fr;q=0.9, de;q=0.7, *;q=0.5"), "de");
  EXPECT_EQ(pick_from_header("es;q=0, pt"), "pt");
  EXPECT_EQ(pick_from_header("pt;q=0.5, de;q=0.5"), "pt");
  EXPECT_EQ(pick_from_header("de ; q=1.000 , es"), "de");
  EXPECT_EQ(pick_from_header("fr, ja;q=0.3"), "en");
  EXPECT_EQ(pick_from_header("*"), "en");
  EXPECT_EQ(pick_from_header(""), "en");
  EXPECT_EQ(pick_from_header(" , ,es"), "es");
  EXPECT_EQ(pick_from_header("de;q=0"), "en");
}

TEST(AcceptLanguage, MalformedHeadersAreErrors) {
  for (const char* bad : {"de;q=2", "de;q=1.5", "de;q=0.5000", "de;q=", "de;q=.5", "de;level=1",
                          "de;q=0.5;q=0.4", ";q=0.5", "en_US", "en--US", "de,123"}) {
    auto locale = negotiate_accept_language(bad, kPublished);
    EXPECT_FALSE(locale) << "'" << bad << "' gave " << locale.value;
    EXPECT_FALSE(locale.error.empty());
  }
}

}  // namespace
}  // namespace boardgame::rules
