#include "boardgame/rules/board_picture.h"

#include <algorithm>
#include <iterator>

#include <fmt/format.h>

namespace boardgame::rules {
namespace {

constexpr int kCell = 30;    // px a cell
constexpr int kGap = 8;      // px between regions
constexpr int kMargin = 6;   // px around the board

// The picture's colours are fixed, not the page's: it sits on its own
// paper, so it reads the same in a light or a dark page.
constexpr std::string_view kPaper = "#fbfaf7";
constexpr std::string_view kInk = "#1e2430";
constexpr std::string_view kGrid = "#b9b2a4";
constexpr std::string_view kLit = "#fde9a6";
constexpr std::string_view kAccent = "#a83a25";
constexpr std::string_view kDrawn = "#d9d5cc";
constexpr std::string_view kLine = "#f2b632";
constexpr std::string_view kRing = "#1f6fb2";

struct Geometry {
  const v1::BoardView& view;

  bool has_regions() const { return view.region_rows() > 0 && view.region_columns() > 0; }
  int gaps_before(std::uint32_t index, std::uint32_t size) const {
    return has_regions() ? int(index / size) : 0;
  }
  int x(std::uint32_t column) const {
    return kMargin + int(column) * kCell + gaps_before(column, view.region_columns()) * kGap;
  }
  int y(std::uint32_t row) const {
    return kMargin + int(row) * kCell + gaps_before(row, view.region_rows()) * kGap;
  }
  int width() const { return x(view.columns() - 1) + kCell + kMargin; }
  int height() const { return y(view.rows() - 1) + kCell + kMargin; }
  std::uint32_t regions_across() const { return view.columns() / view.region_columns(); }
  std::uint32_t region_of(std::uint32_t cell) const {
    const std::uint32_t r = cell / view.columns(), c = cell % view.columns();
    return (r / view.region_rows()) * regions_across() + c / view.region_columns();
  }
};

bool contains(const google::protobuf::RepeatedField<std::uint32_t>& list, std::uint32_t value) {
  return std::find(list.begin(), list.end(), value) != list.end();
}

bool contains(const std::vector<std::uint32_t>& list, std::uint32_t value) {
  return std::find(list.begin(), list.end(), value) != list.end();
}

using Out = std::back_insert_iterator<std::string>;

// A side's symbol in a box: X as a cross, O as a ring, anything else as
// its letter would need a font, so other symbols are drawn as a disc.
void symbol(Out out, char side, int x, int y, int size, int stroke, std::string_view colour,
            std::string_view extra = "") {
  const int pad = size / 5;
  if (side == 'X') {
    fmt::format_to(out,
                   "<path d=\"M{} {}L{} {}M{} {}L{} {}\" stroke=\"{}\" stroke-width=\"{}\" "
                   "stroke-linecap=\"round\"{}/>\n",
                   x + pad, y + pad, x + size - pad, y + size - pad, x + size - pad, y + pad,
                   x + pad, y + size - pad, colour, stroke, extra);
  } else if (side == 'O') {
    fmt::format_to(out,
                   "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"{}\" "
                   "stroke-width=\"{}\"{}/>\n",
                   x + size / 2, y + size / 2, size / 2 - pad, colour, stroke, extra);
  } else {
    fmt::format_to(out, "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{}\"{}/>\n", x + size / 2,
                   y + size / 2, size / 2 - pad, colour, extra);
  }
}

}  // namespace

std::string board_svg(const v1::BoardView& view, const std::vector<std::uint32_t>& marked) {
  const Geometry g{view};
  std::string svg;
  Out out(svg);
  fmt::format_to(out,
                 "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {0} {1}\" width=\"{0}\" "
                 "height=\"{1}\" aria-hidden=\"true\">\n<rect width=\"{0}\" height=\"{1}\" "
                 "rx=\"6\" fill=\"{2}\"/>\n",
                 g.width(), g.height(), kPaper);

  // Regions first, so that cells and symbols lie on top of their tint.
  if (g.has_regions()) {
    const int w = int(view.region_columns()) * kCell, h = int(view.region_rows()) * kCell;
    for (std::uint32_t r = 0; r < view.regions().size(); ++r) {
      const int x = g.x((r % g.regions_across()) * view.region_columns());
      const int y = g.y((r / g.regions_across()) * view.region_rows());
      const char state = view.regions()[r];
      const bool line = contains(view.highlighted_regions(), r);
      const std::string_view fill = (state == '=' || state == '+') ? kDrawn : kPaper;
      fmt::format_to(out,
                     "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\" "
                     "stroke=\"{}\" stroke-width=\"{}\"/>\n",
                     x - 2, y - 2, w + 4, h + 4, fill, line ? kLine : kInk, line ? 5 : 2);
    }
  } else {
    fmt::format_to(out,
                   "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"{}\" "
                   "stroke-width=\"2\"/>\n",
                   kMargin - 2, kMargin - 2, g.width() - 2 * kMargin + 4,
                   g.height() - 2 * kMargin + 4, kInk);
  }

  for (std::uint32_t i = 0; i < view.cells().size(); ++i) {
    const int x = g.x(i % view.columns()), y = g.y(i / view.columns());
    const bool lit = contains(view.playable_cells(), i);
    fmt::format_to(out,
                   "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\" stroke=\"{}\"/>\n",
                   x, y, kCell, kCell, lit ? kLit : "none", kGrid);
    const char c = view.cells()[i];
    if (c != '.')
      symbol(out, c, x, y, kCell, 3, contains(view.last_move_cells(), i) ? kAccent : kInk);
    if (contains(marked, i))
      fmt::format_to(out,
                     "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"{}\" "
                     "stroke-width=\"3\" stroke-dasharray=\"5 3\"/>\n",
                     x + kCell / 2, y + kCell / 2, kCell / 2 - 2, kRing);
  }

  // A won region's big symbol over its cells, half see-through so the cells
  // that made the line still show.
  if (g.has_regions()) {
    const int w = int(view.region_columns()) * kCell;
    for (std::uint32_t r = 0; r < view.regions().size(); ++r) {
      const char state = view.regions()[r];
      if (state == '.' || state == '=' || state == '+') continue;
      symbol(out, state, g.x((r % g.regions_across()) * view.region_columns()),
             g.y((r / g.regions_across()) * view.region_rows()), w, 9, kInk,
             " opacity=\"0.55\"");
    }
  }
  fmt::format_to(out, "</svg>\n");
  return svg;
}

std::string board_text(const v1::BoardView& view, const std::vector<std::uint32_t>& marked) {
  const Geometry g{view};
  std::string text;
  Out out(text);
  const auto band_rule = [&] {
    for (std::uint32_t c = 0; c < view.columns(); ++c) {
      if (g.has_regions() && c > 0 && c % view.region_columns() == 0) text += "─┼─";
      text += "───";
    }
    text += '\n';
  };
  for (std::uint32_t r = 0; r < view.rows(); ++r) {
    if (g.has_regions() && r > 0 && r % view.region_rows() == 0) band_rule();
    for (std::uint32_t c = 0; c < view.columns(); ++c) {
      if (g.has_regions() && c > 0 && c % view.region_columns() == 0) text += " │ ";
      const std::uint32_t i = r * view.columns() + c;
      const char mark = view.cells()[i];
      const std::string_view shown = mark != '.'                             ? std::string_view(&view.cells()[i], 1)
                                     : contains(view.playable_cells(), i) ? "+"
                                                                             : "·";
      const bool last = contains(view.last_move_cells(), i), ring = contains(marked, i);
      fmt::format_to(out, "{}{}{}", last ? "[" : ring ? "(" : " ", shown,
                     last ? "]" : ring ? ")" : " ");
    }
    // The regions' own grid beside the middle row of each band.
    if (g.has_regions() && r % view.region_rows() == view.region_rows() / 2) {
      text += "     ";
      const std::uint32_t band = r / view.region_rows();
      for (std::uint32_t k = 0; k < g.regions_across(); ++k) {
        const std::uint32_t region = band * g.regions_across() + k;
        const char state = view.regions()[region];
        const bool line = contains(view.highlighted_regions(), region);
        fmt::format_to(out, "{}{}{}", line ? "[" : " ", state == '.' ? std::string_view("·") : std::string_view(&view.regions()[region], 1),
                       line ? "]" : " ");
      }
    }
    while (!text.empty() && text.back() == ' ') text.pop_back();
    text += '\n';
  }
  return text;
}

}  // namespace boardgame::rules
