#include "boardgame/rules/ui_format.h"

#include <algorithm>

namespace boardgame::rules {
namespace {

bool name_char(char c, bool first) {
  return (c >= 'a' && c <= 'z') || (!first && ((c >= '0' && c <= '9') || c == '_'));
}

// Walks a text once, handing literal pieces and placeholder names to the
// callbacks. Returns what is wrong with the braces, or "".
template <class OnLiteral, class OnPlaceholder>
std::string scan(std::string_view text, OnLiteral on_literal, OnPlaceholder on_placeholder) {
  std::size_t i = 0;
  while (i < text.size()) {
    std::size_t brace = text.find_first_of("{}", i);
    if (brace == std::string_view::npos) {
      on_literal(text.substr(i));
      break;
    }
    on_literal(text.substr(i, brace - i));
    char c = text[brace];
    if (brace + 1 < text.size() && text[brace + 1] == c) {  // "{{" or "}}"
      on_literal(text.substr(brace, 1));
      i = brace + 2;
      continue;
    }
    if (c == '}')
      return "a '}' at position " + std::to_string(brace + 1) +
             " closes nothing; write '}}' for a literal brace";
    std::size_t close = text.find('}', brace + 1);
    if (close == std::string_view::npos)
      return "the '{' at position " + std::to_string(brace + 1) +
             " is never closed; write '{{' for a literal brace";
    std::string_view name = text.substr(brace + 1, close - brace - 1);
    bool valid = !name.empty();
    for (std::size_t k = 0; k < name.size() && valid; ++k) valid = name_char(name[k], k == 0);
    if (!valid)
      return "placeholder '{" + std::string(name) + "}' at position " +
             std::to_string(brace + 1) +
             " must be a name of lowercase letters, digits and '_', starting with a letter";
    if (std::string missing = on_placeholder(name); !missing.empty()) return missing;
    i = close + 1;
  }
  return {};
}

}  // namespace

Checked<std::vector<std::string>> placeholder_names(std::string_view text) {
  std::vector<std::string> names;
  std::string error = scan(
      text, [](std::string_view) {},
      [&names](std::string_view name) {
        if (std::find(names.begin(), names.end(), name) == names.end()) names.emplace_back(name);
        return std::string();
      });
  if (!error.empty()) return Checked<std::vector<std::string>>::fail(error);
  return Checked<std::vector<std::string>>::ok(std::move(names));
}

Checked<std::string> format_ui_text(std::string_view text, const UiArgs& args) {
  std::string out;
  out.reserve(text.size());
  std::string error = scan(
      text, [&out](std::string_view literal) { out += literal; },
      [&](std::string_view name) {
        auto it = args.find(name);
        if (it == args.end())
          return "no value given for the placeholder {" + std::string(name) + "}";
        out += it->second;
        return std::string();
      });
  if (!error.empty()) return Checked<std::string>::fail(error);
  return Checked<std::string>::ok(std::move(out));
}

}  // namespace boardgame::rules
