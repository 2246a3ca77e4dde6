// The rules documents in every published language. The SDK installs no
// document compiler, so the build embeds each text-format document as a
// string (rules_texts.cpp.in) and the plugin parses it once, at first use.
#pragma once

#include <string>
#include <vector>

namespace reversi::adapter {

struct RulesDocument {
  std::string locale;
  std::string bytes;  // a serialized boardgame.v1.RulesDocument
};

// Throws std::logic_error when a document does not parse.
const std::vector<RulesDocument>& parsed_rules_documents();

}  // namespace reversi::adapter
