// Every position of a game, rebuilt from its record through GameService:
// Setup with its settings, then each move by id. The host checks every step,
// and each step's BoardView gives the cells that were playable then, which
// the move list and the replay show with no knowledge of the game.
import { api } from "./api";
import type { GameState } from "./gen/boardgame/v1/game_state";
import type { Move } from "./gen/boardgame/v1/move";

export interface Step {
  state: GameState;
  move?: Move; // the move that led here; unset for the start position
}

export async function replaySteps(record: GameState): Promise<Step[]> {
  let { state } = await api.setup({
    game_id: record.game_id,
    settings: record.settings,
    game_number: record.game_number,
  });
  const steps: Step[] = [{ state: state! }];
  for (const id of record.moves) {
    const next = await api.applyMove({ state, seat: state!.seat_to_move, move_id: id });
    state = next.state;
    steps.push({ state: state!, move: next.move });
  }
  // A resignation is not a move: the record's own final state shows it.
  if (record.resigned_seat) steps[steps.length - 1] = { ...steps[steps.length - 1], state: record };
  return steps;
}
