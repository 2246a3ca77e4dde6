// How far "undo" goes back, as players of the published sites expect:
// between two people one move at a time; against the CPU, your last move
// together with the CPU's answers to it; never the CPU's opening move; never
// after the end.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace game_client {

enum class UndoRefusal {
  kNone,
  kGameOver,        // no undo after the end
  kNothingToUndo,   // no move played yet
  kCpuOpening,      // only the CPU's moves are on the board: its opening stays
  kNoHumanPlayer,   // a CPU-against-CPU demo
};

struct UndoPlan {
  UndoRefusal refusal = UndoRefusal::kNone;
  std::size_t moves = 0;  // how many moves to take back when not refused
};

// `movers[i]` is the seat that made move i; `human[s - 1]` says whether
// seat s is played by a person.
UndoPlan plan_undo(const std::vector<std::uint32_t>& movers, const std::vector<bool>& human,
                   bool over);

}  // namespace game_client
