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

TEST(LanguageTag, ErrorsNameTheOffendingSubtag) {
  auto error = [](const char* text) { return parse_language_tag(text).error; };
  EXPECT_NE(error("en-US-Latn").find("'Latn' is not valid at this place"), std::string::npos)
      << error("en-US-Latn");
  EXPECT_NE(error("de-DE-1901-1901").find("variant '1901' appears twice"), std::string::npos);
  EXPECT_NE(error("en-a-bbb-a-ccc").find("extension 'a' appears twice"), std::string::npos);
  EXPECT_NE(error("en-US-u").find("extension 'u' has no subtags"), std::string::npos);
  EXPECT_NE(error("en-x").find("private-use part 'x' has no subtags"), std::string::npos);
  EXPECT_NE(error("abcd").find("'abcd' must be 2, 3 or 5 to 8 letters"), std::string::npos);
  EXPECT_NE(error("es-MX!").find("position 6"), std::string::npos);
  EXPECT_NE(error("tooooooolong").find("longer than 8 characters"), std::string::npos);
}

TEST(LanguageTag, IcuReadsAliasesForMatching) {
  // The canonical form keeps the tag as written; what it means is ICU's.
  auto tag = parse_language_tag("zh-yue-HK");
  ASSERT_TRUE(tag) << tag.error;
  EXPECT_EQ(tag.value.to_string(), "zh-yue-HK");
  EXPECT_EQ(tag.value.language, "yue");
  EXPECT_EQ(tag.value.region, "HK");
  EXPECT_EQ(parse_language_tag("x-club").value.language, "");
}

}  // namespace
}  // namespace boardgame::rules
