// A catalogue of UI strings (RulesDocument.ui_strings): the client's own
// menus and prompts, or a game's status lines, outcomes and errors. Texts
// hold named placeholders filled in at display time.
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

  // The text of `key` with its placeholders filled in. A key the catalogue
  // lacks, or a text whose placeholders the arguments do not cover, shows
  // as the key and its arguments, so a gap in a catalogue is visible but
  // never stops play.
  std::string text(std::string_view key, const Args& args = {}) const;
  // A Text a server sent: its key and arguments.
  std::string text(const v1::Text& message) const;

 private:
  std::string locale_;
  std::map<std::string, std::string, std::less<>> strings_;
};

}  // namespace game_client
