// The client's own UI strings, one text-format RulesDocument per locale,
// embedded by the build (tools/client_strings_docc.cpp) after checking them.
#pragma once

#include <string_view>
#include <vector>

namespace game_client {

struct EmbeddedStrings {
  std::string_view locale;
  std::string_view text;
};

const std::vector<EmbeddedStrings>& embedded_client_strings();

}  // namespace game_client
