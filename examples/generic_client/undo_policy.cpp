#include "undo_policy.h"

#include <algorithm>

namespace game_client {

UndoPlan plan_undo(const std::vector<std::uint32_t>& movers, const std::vector<bool>& human,
                   bool over) {
  auto is_human = [&](std::uint32_t seat) {
    return seat >= 1 && seat <= human.size() && human[seat - 1];
  };
  if (over) return {UndoRefusal::kGameOver, 0};
  if (std::none_of(human.begin(), human.end(), [](bool h) { return h; }))
    return {UndoRefusal::kNoHumanPlayer, 0};
  if (movers.empty()) return {UndoRefusal::kNothingToUndo, 0};
  if (std::all_of(human.begin(), human.end(), [](bool h) { return h; })) return {UndoRefusal::kNone, 1};
  // Back to just before the last move a person made: it, and every CPU
  // answer after it.
  for (std::size_t i = movers.size(); i-- > 0;)
    if (is_human(movers[i])) return {UndoRefusal::kNone, movers.size() - i};
  return {UndoRefusal::kCpuOpening, 0};
}

}  // namespace game_client
