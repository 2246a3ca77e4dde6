// A game as one line of text, the same as game-client writes and replays
// (examples/generic_client/game_text.h):
//   uttt fast_game=5 game_number=2: 5/5 5/1 1/9 resigned_seat=1
import type { GameState } from "./gen/boardgame/v1/game_state";
import type { SettingValue } from "./gen/boardgame/v1/settings";

function valueText(value: SettingValue | undefined): string {
  const kind = value?.kind;
  switch (kind?.oneofKind) {
    case "flag":
      return kind.flag ? "on" : "off";
    case "number":
      return String(kind.number);
    case "choice":
      return kind.choice;
    default:
      return "";
  }
}

export function gameText(state: GameState, notations: readonly string[]): string {
  let out = state.game_id;
  for (const s of state.settings) out += ` ${s.id}=${valueText(s.value)}`;
  if (state.game_number > 1) out += ` game_number=${state.game_number}`;
  out += ":";
  for (const move of notations) out += ` ${move}`;
  if (state.resigned_seat) out += ` resigned_seat=${state.resigned_seat}`;
  return out;
}
