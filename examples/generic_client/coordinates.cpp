#include "coordinates.h"

#include <cctype>

namespace game_client {
namespace {

bool digits_only(std::string_view s) {
  if (s.empty() || s.size() > 6) return false;
  for (char c : s)
    if (c < '0' || c > '9') return false;
  return true;
}

std::uint32_t number(std::string_view s) {
  std::uint32_t n = 0;
  for (char c : s) n = n * 10 + std::uint32_t(c - '0');
  return n;
}

ParsedCell at(const v1::BoardView& view, std::uint32_t row, std::uint32_t column) {
  if (row < 1 || row > view.rows() || column < 1 || column > view.columns())
    return {CellParse::kOffBoard, 0};
  return {CellParse::kCell, (row - 1) * view.columns() + (column - 1)};
}

}  // namespace

bool has_column_letters(const v1::BoardView& view) { return view.columns() <= 26; }

std::string column_label(const v1::BoardView& view, std::uint32_t column) {
  if (has_column_letters(view)) return std::string(1, char('a' + column));
  return std::to_string(column + 1);
}

std::string cell_name(const v1::BoardView& view, std::uint32_t cell) {
  std::uint32_t row = cell / view.columns(), column = cell % view.columns();
  if (has_column_letters(view)) return column_label(view, column) + std::to_string(row + 1);
  return std::to_string(row + 1) + "," + std::to_string(column + 1);
}

ParsedCell parse_cell(std::string_view text, const v1::BoardView& view) {
  if (view.columns() == 0) return {};
  // "row,column"
  if (auto comma = text.find(','); comma != std::string_view::npos) {
    std::string_view r = text.substr(0, comma), c = text.substr(comma + 1);
    while (!c.empty() && c.front() == ' ') c.remove_prefix(1);
    while (!r.empty() && r.back() == ' ') r.remove_suffix(1);
    if (!digits_only(r) || !digits_only(c)) return {};
    return at(view, number(r), number(c));
  }
  // "e5": one letter, then the row
  if (text.size() >= 2 && std::isalpha(static_cast<unsigned char>(text[0])) &&
      digits_only(text.substr(1))) {
    std::uint32_t column = std::uint32_t(std::tolower(static_cast<unsigned char>(text[0])) - 'a') + 1;
    if (!has_column_letters(view)) return {CellParse::kOffBoard, 0};
    return at(view, number(text.substr(1)), column);
  }
  return {};
}

}  // namespace game_client
