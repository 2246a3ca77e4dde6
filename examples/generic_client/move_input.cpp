#include "move_input.h"

#include <algorithm>
#include <cctype>

#include "coordinates.h"

namespace game_client {
namespace {

bool same_ignoring_case(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) ==
                  std::tolower(static_cast<unsigned char>(y));
         });
}

bool marks(const v1::Move& m, std::uint32_t cell) {
  return std::find(m.cells().begin(), m.cells().end(), cell) != m.cells().end();
}

template <class Moves, class Get>
const v1::Move* by_notation(std::string_view text, const Moves& moves, Get get) {
  for (const auto& entry : moves)
    if (get(entry).notation() == text) return &get(entry);
  for (const auto& entry : moves)
    if (same_ignoring_case(get(entry).notation(), text)) return &get(entry);
  return nullptr;
}

}  // namespace

ResolvedMove resolve_move(std::string_view text, const std::vector<v1::Move>& legal,
                          const KnownMoves& known, const v1::BoardView& view) {
  auto from_vector = [](const v1::Move& m) -> const v1::Move& { return m; };
  auto from_map = [](const KnownMoves::value_type& e) -> const v1::Move& { return e.second; };
  if (const v1::Move* m = by_notation(text, legal, from_vector)) return {MoveInput::kMove, m, 0};
  if (const v1::Move* m = by_notation(text, known, from_map))
    return {MoveInput::kIllegal, m, m->cells_size() ? m->cells(0) : 0};

  const ParsedCell parsed = parse_cell(text, view);
  if (parsed.kind == CellParse::kOffBoard) return {MoveInput::kOffBoard, nullptr, 0};
  if (parsed.kind == CellParse::kNotACell) return {MoveInput::kUnknown, nullptr, 0};
  const std::uint32_t cell = parsed.cell;

  const v1::Move* found = nullptr;
  for (const v1::Move& m : legal) {
    if (!marks(m, cell)) continue;
    if (found) return {MoveInput::kAmbiguous, nullptr, cell};
    found = &m;
  }
  if (found) return {MoveInput::kMove, found, cell};

  for (const auto& [id, m] : known) {
    if (!marks(m, cell)) continue;
    if (found) {  // several moves mark it: only the cell's state can be told
      found = nullptr;
      break;
    }
    found = &m;
  }
  if (found) return {MoveInput::kIllegal, found, cell};
  if (cell < view.cells().size() && view.cells()[cell] != '.') return {MoveInput::kTaken, nullptr, cell};
  return {MoveInput::kNotPlayable, nullptr, cell};
}

}  // namespace game_client
