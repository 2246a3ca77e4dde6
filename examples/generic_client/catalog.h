// A catalogue of UI strings (RulesDocument.ui_strings): the client's own
// menus and prompts, or a game's status lines, outcomes and errors. Texts
// are ICU messages (boardgame/rules/ui_format.h) whose arguments are filled
// in at display time, with the plural rules and numbers of the language
// each text is written in.
#pragma once

#include <map>
#include <string>
#include <string_view>

#include "boardgame/rules/ui_format.h"
#include "boardgame/v1/rules_document.pb.h"
#include "boardgame/v1/text.pb.h"

namespace game_client {

namespace v1 = ::boardgame::v1;
using Args = boardgame::rules::UiArgs;

class Catalog {
 public:
  Catalog() = default;
  // The strings of `document`; keys it lacks come from `fallback`, if any.
  explicit Catalog(const v1::RulesDocument& document,
                   const v1::RulesDocument* fallback = nullptr);

  const std::string& locale() const { return locale_; }
  bool has(std::string_view key) const;

  // The text of `key` with its arguments filled in. A key the catalogue
  // lacks, or a text the arguments do not fit (one missing, a count that
  // is no number), shows as the key and its arguments, so a gap in a
  // catalogue is visible but never stops play.
  std::string text(std::string_view key, const Args& args = {}) const;
  // A Text a server sent: its key and arguments.
  std::string text(const v1::Text& message) const;

 private:
  struct Text {
    std::string text;
    bool from_fallback;  // written in fallback_locale_, English, not locale_
  };
  std::string locale_;
  std::string fallback_locale_;
  std::map<std::string, Text, std::less<>> strings_;
};

}  // namespace game_client
