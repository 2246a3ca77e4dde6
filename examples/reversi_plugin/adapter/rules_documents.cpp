#include "rules_documents.h"

#include <google/protobuf/text_format.h>

#include <stdexcept>
#include <string_view>

#include "boardgame/v1/rules_document.pb.h"

namespace reversi::adapter {

struct RulesSource {
  std::string_view locale;
  std::string_view page;  // the game's own document
  std::string_view club;  // the club's section of every page (the SDK's)
};
// Generated from rules/*.textproto by CMake (rules_texts.cpp.in).
extern const RulesSource kRulesSources[];
extern const std::size_t kRulesSourceCount;

const std::vector<RulesDocument>& parsed_rules_documents() {
  static const std::vector<RulesDocument> documents = [] {
    std::vector<RulesDocument> out;
    for (std::size_t i = 0; i < kRulesSourceCount; ++i) {
      const std::string locale(kRulesSources[i].locale);
      boardgame::v1::RulesDocument doc, club;
      if (!google::protobuf::TextFormat::ParseFromString(std::string(kRulesSources[i].page), &doc))
        throw std::logic_error("the " + locale + " rules document does not parse");
      if (!google::protobuf::TextFormat::ParseFromString(std::string(kRulesSources[i].club), &club))
        throw std::logic_error("the club's " + locale + " section does not parse");
      // As the club's own build does: its section, and its UI strings.
      *doc.mutable_platform() = club.platform();
      for (const auto& text : club.ui_strings()) *doc.add_ui_strings() = text;
      out.push_back({std::string(kRulesSources[i].locale), doc.SerializeAsString()});
    }
    return out;
  }();
  return documents;
}

}  // namespace reversi::adapter
