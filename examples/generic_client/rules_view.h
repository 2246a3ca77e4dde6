// The rules page in the terminal: the parts of the page in the order every
// rules renderer uses (boardgame/rules/page.h), wrapped to the width given,
// with tables written row by row so they fit a narrow terminal.
#pragma once

#include <cstddef>
#include <string>

#include "boardgame/v1/rules_document.pb.h"
#include "style.h"

namespace game_client {

std::string render_rules(const boardgame::v1::RulesDocument& document, const Style& style,
                         std::size_t width);

// Words of `text` in lines of at most `width` columns, the first prefixed by
// `first`, the others by `rest`; no newline after the last.
std::string wrap(std::string_view text, std::size_t width, std::string_view first,
                 std::string_view rest);

}  // namespace game_client
