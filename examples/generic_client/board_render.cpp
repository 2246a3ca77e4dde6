#include "board_render.h"

#include <algorithm>
#include <set>

#include "coordinates.h"
#include "regions.h"

namespace game_client {
namespace {

// A line being built, with its width on screen kept alongside.
struct Line {
  std::string text;
  std::size_t width = 0;

  void add(std::string_view s) {
    text += s;
    width += display_width(s);
  }
  void add(std::string_view s, const Style& style, Tone tone) {
    text += style.paint(s, tone);
    width += display_width(s);
  }
};

Tone tone_of_mark(char mark, const std::vector<std::string>& sides) {
  for (std::size_t i = 0; i < sides.size(); ++i)
    if (!sides[i].empty() && sides[i][0] == mark) return side_tone(int(i));
  return Tone::kDim;  // '=' and '+': drawn
}

struct Grid {
  const v1::BoardView& view;
  RegionGrid regions;
  std::set<std::uint32_t> playable, last;

  explicit Grid(const v1::BoardView& v) : view(v), regions(region_grid(v)) {
    playable.insert(v.playable_cells().begin(), v.playable_cells().end());
    last.insert(v.last_move_cells().begin(), v.last_move_cells().end());
  }

  // Runs of rows or columns between region edges: [0,3) [3,6) [6,9) for a
  // 9x9 grid of 3x3 regions; the whole grid without regions.
  static std::vector<std::pair<std::uint32_t, std::uint32_t>> spans(std::uint32_t size,
                                                                    std::uint32_t step) {
    std::vector<std::pair<std::uint32_t, std::uint32_t>> out;
    if (step == 0) step = size;
    for (std::uint32_t from = 0; from < size; from += step) out.emplace_back(from, std::min(size, from + step));
    return out;
  }
  auto row_spans() const { return spans(view.rows(), regions.count() ? view.region_rows() : 0); }
  auto column_spans() const { return spans(view.columns(), regions.count() ? view.region_columns() : 0); }
};

std::string rule(const Grid& g, const char* left, const char* mid, const char* right) {
  std::string out = left;
  auto spans = g.column_spans();
  for (std::size_t i = 0; i < spans.size(); ++i) {
    for (std::uint32_t k = 0; k < 2 * (spans[i].second - spans[i].first) + 1; ++k) out += "─";
    out += i + 1 < spans.size() ? mid : right;
  }
  return out;
}

void draw_cell(Line& line, const Grid& g, std::uint32_t index, const Style& style,
               const BoardLook& look) {
  const char mark = index < g.view.cells().size() ? g.view.cells()[index] : '.';
  if (mark != '.') {
    line.add(std::string(1, mark), style, tone_of_mark(mark, look.sides));
  } else if (g.playable.count(index)) {
    line.add("+", style, Tone::kPlayable);
  } else if (auto r = region_of(g.view, index); r && region_state(g.view, *r) != '.') {
    line.add(" ");  // a decided board: out of play
  } else {
    line.add(style.color() ? "·" : ".", style, Tone::kDim);
  }
}

std::vector<Line> draw_grid(const Grid& g, const Style& style, const BoardLook& look) {
  const v1::BoardView& v = g.view;
  const std::size_t label_width = std::to_string(v.rows()).size();
  const std::string margin(label_width + 1, ' ');
  const auto column_spans = g.column_spans();
  std::vector<Line> lines;

  if (has_column_letters(v)) {
    Line header;
    header.add(margin + " ");
    for (const auto& [from, to] : column_spans) {
      for (std::uint32_t c = from; c < to; ++c) header.add(" " + column_label(v, c), style, Tone::kDim);
      header.add("  ");
    }
    lines.push_back(header);
  }
  lines.push_back({});
  lines.back().add(margin + rule(g, "┌", "┬", "┐"));

  const auto row_spans = g.row_spans();
  for (std::size_t s = 0; s < row_spans.size(); ++s) {
    for (std::uint32_t row = row_spans[s].first; row < row_spans[s].second; ++row) {
      Line line;
      const std::string label = std::to_string(row + 1);
      line.add(std::string(label_width - label.size(), ' '));
      line.add(label, style, Tone::kDim);
      line.add(" │");
      for (const auto& [from, to] : column_spans) {
        // A gap before each cell and one after the last; a gap beside a
        // cell of the last move is a bracket.
        for (std::uint32_t c = from; c <= to; ++c) {
          const std::uint32_t index = row * v.columns() + c;
          const bool left_last = c > from && g.last.count(index - 1);
          const bool right_last = c < to && g.last.count(index);
          if (left_last && right_last)
            line.add("|", style, Tone::kLast);
          else if (left_last)
            line.add("]", style, Tone::kLast);
          else if (right_last)
            line.add("[", style, Tone::kLast);
          else
            line.add(" ");
          if (c < to) draw_cell(line, g, index, style, look);
        }
        line.add("│");
      }
      lines.push_back(line);
    }
    lines.push_back({});
    lines.back().add(margin + (s + 1 < row_spans.size() ? rule(g, "├", "┼", "┤") : rule(g, "└", "┴", "┘")));
  }
  return lines;
}

// The regions as they sit on the grid: each shows its owner once decided
// ('=' drawn) or its number while open; lit in brackets where the side to
// move may play, starred (and reversed, in colour) on the winning line.
std::vector<Line> draw_map(const Grid& g, const Style& style, const BoardLook& look) {
  const v1::BoardView& v = g.view;
  const RegionGrid& grid = g.regions;
  if (grid.count() < 2 || v.region_rows() * v.region_columns() < 2) return {};

  std::set<std::uint32_t> lit, highlighted(v.highlighted_regions().begin(), v.highlighted_regions().end());
  for (std::uint32_t cell : g.playable)
    if (auto r = region_of(v, cell)) lit.insert(*r);
  if (look.lit_region) lit.insert(*look.lit_region);

  auto content = [&](std::uint32_t r) {
    const char state = region_state(v, r);
    return state == '.' ? std::to_string(r + 1) : std::string(1, state);
  };
  std::size_t width = 1;
  for (std::uint32_t r = 0; r < grid.count(); ++r) width = std::max(width, content(r).size());
  width += 2;

  std::vector<Line> lines;
  lines.push_back({});
  lines.back().add(look.map_title, style, Tone::kTitle);
  for (std::uint32_t down = 0; down < grid.down; ++down) {
    if (down > 0) {
      Line sep;
      for (std::uint32_t across = 0; across < grid.across; ++across) {
        if (across > 0) sep.add("┼");
        for (std::size_t k = 0; k < width; ++k) sep.add("─");
      }
      lines.push_back(sep);
    }
    Line line;
    for (std::uint32_t across = 0; across < grid.across; ++across) {
      if (across > 0) line.add("│");
      const std::uint32_t r = down * grid.across + across;
      const std::string text = content(r);
      const bool open = region_state(v, r) == '.';
      const bool is_lit = lit.count(r) > 0, is_high = highlighted.count(r) > 0;
      const std::size_t pad = width - 2 - text.size();
      const char* left = is_lit ? "[" : is_high ? "*" : " ";
      const char* right = is_lit ? "]" : is_high ? "*" : " ";
      Tone tone = is_high ? Tone::kHighlight
                  : open  ? (is_lit ? Tone::kPlayable : Tone::kDim)
                          : tone_of_mark(text[0], look.sides);
      auto edge = [&](const char* mark) {
        if (*mark == ' ')
          line.add(mark);
        else
          line.add(mark, style, is_lit ? Tone::kPlayable : Tone::kHighlight);
      };
      edge(left);
      line.add(std::string(pad / 2, ' '));
      line.add(text, style, tone);
      line.add(std::string(pad - pad / 2, ' '));
      edge(right);
    }
    lines.push_back(line);
  }
  return lines;
}

}  // namespace

std::vector<std::string> draw_board(const v1::BoardView& view, const Style& style,
                                    const BoardLook& look) {
  if (view.rows() == 0 || view.columns() == 0) return {};
  Grid grid(view);
  std::vector<Line> left = draw_grid(grid, style, look);
  std::vector<Line> right = draw_map(grid, style, look);

  std::size_t left_width = 0;
  for (const Line& l : left) left_width = std::max(left_width, l.width);
  const std::size_t offset = has_column_letters(view) ? 1 : 0;  // beside the top frame
  std::vector<std::string> out;
  for (std::size_t i = 0; i < std::max(left.size(), right.size() + offset); ++i) {
    std::string text = i < left.size() ? left[i].text : "";
    const std::size_t width = i < left.size() ? left[i].width : 0;
    if (i >= offset && i - offset < right.size())
      text += std::string(left_width - width + 4, ' ') + right[i - offset].text;
    while (!text.empty() && text.back() == ' ') text.pop_back();
    out.push_back(std::move(text));
  }
  return out;
}

v1::BoardView preview_view(const v1::BoardView& view, const v1::Move& move) {
  v1::BoardView out = view;
  const char mark = view.side_to_move().empty() ? '?' : view.side_to_move()[0];
  out.clear_last_move_cells();
  out.clear_playable_cells();
  for (std::uint32_t cell : move.cells()) {
    if (cell < out.cells().size()) (*out.mutable_cells())[cell] = mark;
    out.add_last_move_cells(cell);
  }
  if (move.opponent_case() == v1::Move::kDestinationRegion)
    for (std::uint32_t cell : region_cells(view, move.destination_region()))
      if (cell < out.cells().size() && out.cells()[cell] == '.') out.add_playable_cells(cell);
  return out;
}

}  // namespace game_client
