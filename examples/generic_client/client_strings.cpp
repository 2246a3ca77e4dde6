#include "client_strings.h"

#include <google/protobuf/text_format.h>

#include "boardgame/rules/negotiation.h"
#include "client_strings_data.h"

namespace game_client {
namespace {

v1::RulesDocument parse(std::string_view locale) {
  v1::RulesDocument doc;
  for (const EmbeddedStrings& e : embedded_client_strings())
    if (e.locale == locale)
      google::protobuf::TextFormat::ParseFromString(std::string(e.text), &doc);  // checked at build
  return doc;
}

}  // namespace

std::vector<std::string> client_locales() {
  std::vector<std::string> out;
  for (const EmbeddedStrings& e : embedded_client_strings()) out.emplace_back(e.locale);
  return out;
}

Catalog client_catalog(std::string_view locale) {
  const v1::RulesDocument english = parse(boardgame::rules::kFallbackLocale);
  if (locale == boardgame::rules::kFallbackLocale) return Catalog(english);
  return Catalog(parse(locale), &english);
}

}  // namespace game_client
