#include "language.h"

#include <gtest/gtest.h>

#include <map>
#include <string>

namespace game_client {
namespace {

const std::vector<std::string> kLocales = {"en", "de", "es", "pt"};

Getenv env(std::map<std::string, std::string> values) {
  return [values = std::move(values)](const char* name) -> const char* {
    auto it = values.find(name);
    return it == values.end() ? nullptr : it->second.c_str();
  };
}

TEST(Language, PosixLocalesBecomeLanguageTags) {
  EXPECT_EQ(tag_from_posix_locale("es_ES.UTF-8"), "es-ES");
  EXPECT_EQ(tag_from_posix_locale("de_AT@euro"), "de-AT");
  EXPECT_EQ(tag_from_posix_locale("pt"), "pt");
  EXPECT_EQ(tag_from_posix_locale("C.UTF-8"), "");
  EXPECT_EQ(tag_from_posix_locale("POSIX"), "");
}

TEST(Language, TheEnvironmentDecidesWithoutAFlag) {
  EXPECT_EQ(choose_language("", env({{"LANG", "es_MX.UTF-8"}}), kLocales).value.locale, "es");
  EXPECT_EQ(choose_language("", env({{"LANG", "pt_BR.UTF-8"}}), kLocales).value.locale, "pt");
  EXPECT_EQ(choose_language("", env({{"LANG", "de_AT.UTF-8"}}), kLocales).value.locale, "de");
  EXPECT_EQ(choose_language("", env({{"LANG", "fr_FR.UTF-8"}}), kLocales).value.locale, "en");
  EXPECT_EQ(choose_language("", env({}), kLocales).value.locale, "en");
  // LC_ALL wins over LANG, and "C" means no preference.
  EXPECT_EQ(choose_language("", env({{"LC_ALL", "de_DE.UTF-8"}, {"LANG", "es_ES"}}), kLocales).value.locale,
            "de");
  EXPECT_EQ(choose_language("", env({{"LC_ALL", "C"}, {"LANG", "es_ES"}}), kLocales).value.locale, "en");
  EXPECT_EQ(choose_language("", env({{"LC_MESSAGES", "pt_PT"}, {"LANG", "es_ES"}}), kLocales).value.locale,
            "pt");
}

TEST(Language, TheFlagWinsAndIsChecked) {
  auto chosen = choose_language("pt-PT", env({{"LANG", "es_ES"}}), kLocales);
  ASSERT_TRUE(chosen);
  EXPECT_EQ(chosen.value.locale, "pt");
  EXPECT_EQ(chosen.value.requested, "pt-PT");
  EXPECT_EQ(choose_language("fr", env({}), kLocales).value.locale, "en");
  auto bad = choose_language("es_ES", env({}), kLocales);
  EXPECT_FALSE(bad);
  EXPECT_NE(bad.error.find("'-'"), std::string::npos) << bad.error;
}

}  // namespace
}  // namespace game_client
