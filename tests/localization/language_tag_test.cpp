#include <gtest/gtest.h>

#include "boardgame/rules/language_tag.h"

namespace boardgame::rules {
namespace {

std::string canonical(const char* text) {
  auto tag = parse_language_tag(text);
  EXPECT_TRUE(tag) << text << ": " << tag.error;
  return tag.value.to_string();
}

TEST(LanguageTag, ReadsEachKindOfSubtagInCanonicalCase) {
  EXPECT_EQ(canonical("es"), "es");
  EXPECT_EQ(canonical("ES-mx"), "es-MX");
  EXPECT_EQ(canonical("pt-PT"), "pt-PT");
  EXPECT_EQ(canonical("es-419"), "es-419");
  EXPECT_EQ(canonical("zh-hant-tw"), "zh-Hant-TW");
  EXPECT_EQ(canonical("de-CH-1996"), "de-CH-1996");
  EXPECT_EQ(canonical("sl-rozaj-biske"), "sl-rozaj-biske");
  EXPECT_EQ(canonical("zh-yue-HK"), "zh-yue-HK");
  EXPECT_EQ(canonical("de-DE-u-co-phonebk"), "de-DE-u-co-phonebk");
  EXPECT_EQ(canonical("en-US-x-Twain"), "en-US-x-twain");
  EXPECT_EQ(canonical("x-whatever"), "x-whatever");
  EXPECT_EQ(canonical("I-KLINGON"), "i-klingon");
  EXPECT_EQ(canonical("en-gb-oed"), "en-GB-oed");

  auto tag = parse_language_tag("sr-Latn-RS");
  ASSERT_TRUE(tag);
  EXPECT_EQ(tag.value.language, "sr");
  EXPECT_EQ(tag.value.script, "Latn");
  EXPECT_EQ(tag.value.region, "RS");
}

TEST(LanguageTag, RefusesGarbageWithAReason) {
  const std::string very_long = "en-" + std::string(200, 'a');
  std::string long_but_well_formed = "en";
  while (long_but_well_formed.size() <= kMaxTagLength) long_but_well_formed += "-abcdefgh";
  for (const std::string& bad :
       {std::string(""), std::string("x"), std::string("123"), std::string("en--US"),
        std::string("en-"), std::string("-en"), std::string("e"), std::string("en_US"),
        std::string("en US"), std::string("es-MX!"), std::string("tooooooolong"),
        std::string("i-foo"), std::string("en-US-u"), std::string("de-DE-1901-1901"),
        std::string("en-a-bbb-a-ccc"), std::string("abcd"), std::string("en-x"),
        std::string("en-US-Latn"), std::string("ñ"), very_long, long_but_well_formed}) {
    auto tag = parse_language_tag(bad);
    EXPECT_FALSE(tag) << "'" << bad << "' read as " << tag.value.to_string();
    EXPECT_FALSE(tag.error.empty()) << bad;
  }
}

TEST(LanguageTag, ErrorsSayWhatIsWrong) {
  EXPECT_NE(parse_language_tag("").error.find("empty"), std::string::npos);
  EXPECT_NE(parse_language_tag("en_US").error.find("'-'"), std::string::npos);
  EXPECT_NE(parse_language_tag("en--US").error.find("empty subtag"), std::string::npos);
  EXPECT_NE(parse_language_tag("123").error.find("letters"), std::string::npos);
  EXPECT_NE(parse_language_tag(std::string(300, 'a')).error.find("300 characters"),
            std::string::npos);
}

TEST(LanguageTag, LookupChainDropsSubtagsFromTheRight) {
  auto chain = [](const char* text) { return lookup_chain(parse_language_tag(text).value); };
  EXPECT_EQ(chain("es-MX"), (std::vector<std::string>{"es-MX", "es"}));
  EXPECT_EQ(chain("zh-Hant-TW"), (std::vector<std::string>{"zh-Hant-TW", "zh-Hant", "zh"}));
  EXPECT_EQ(chain("de-u-co-phonebk"),
            (std::vector<std::string>{"de-u-co-phonebk", "de-u-co", "de"}));
  EXPECT_EQ(chain("en-US-x-a"), (std::vector<std::string>{"en-US-x-a", "en-US", "en"}));
  EXPECT_EQ(chain("x-club"), (std::vector<std::string>{"x-club"}));
}

}  // namespace
}  // namespace boardgame::rules
