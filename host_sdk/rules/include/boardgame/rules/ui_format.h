// The catalogue texts of RulesDocument.ui_strings: named placeholders in
// braces, "Board {board}, cell {cell}", filled in from arguments. "{{" and
// "}}" stand for literal braces. A placeholder name is lowercase letters,
// digits and '_', starting with a letter.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "boardgame/rules/checked.h"

namespace boardgame::rules {

using UiArgs = std::map<std::string, std::string, std::less<>>;

// The placeholder names of a text, each once, in order of first appearance;
// or what is wrong with its braces.
Checked<std::vector<std::string>> placeholder_names(std::string_view text);

// The text with every placeholder replaced by its argument. A placeholder
// without an argument is an error; arguments the text does not use are
// allowed, since another language may not need them.
Checked<std::string> format_ui_text(std::string_view text, const UiArgs& args);

}  // namespace boardgame::rules
