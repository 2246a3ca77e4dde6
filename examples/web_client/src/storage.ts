// What this device keeps between visits, in the page's own storage: its
// club player (id and secret), its device id, the player's name, and the
// seat token of each table it sits at. Nothing of it ever goes into a URL.
export interface SeatKey {
  tableId: string;
  inviteCode: string;
  gameId: string;
  seat: number;
  token: string;
}

const DEVICE = "club.device";
const NAME = "club.name";
const SEATS = "club.seats";
const PLAYER = "club.player";

// The club player this device holds (PlayerService): created at first use.
export interface PlayerKey {
  player_id: string;
  secret: string;
}

export function playerKey(): PlayerKey | undefined {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(PLAYER) ?? "null");
    const key = parsed as Partial<PlayerKey> | null;
    return key && typeof key.player_id === "string" && typeof key.secret === "string"
      ? { player_id: key.player_id, secret: key.secret }
      : undefined;
  } catch {
    return undefined;
  }
}

export function keepPlayerKey(key: PlayerKey): void {
  localStorage.setItem(PLAYER, JSON.stringify({ player_id: key.player_id, secret: key.secret }));
}

function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function deviceId(): string {
  let id = localStorage.getItem(DEVICE);
  // A damaged id would only earn refusals: make a fresh one instead.
  if (!id || !/^[A-Za-z0-9_-]{16,64}$/.test(id)) {
    id = randomId();
    localStorage.setItem(DEVICE, id);
  }
  return id;
}

export function playerName(): string {
  return localStorage.getItem(NAME) ?? "";
}

export function setPlayerName(name: string): void {
  localStorage.setItem(NAME, name);
}

// A seat entry as this page wrote it; anything else in the storage (an
// older page's, or damaged) is left out rather than trusted.
function isSeatKey(value: unknown): value is SeatKey {
  const v = value as Partial<SeatKey> | null;
  return (
    typeof v === "object" && v !== null &&
    typeof v.tableId === "string" && typeof v.inviteCode === "string" && typeof v.gameId === "string" &&
    typeof v.token === "string" && typeof v.seat === "number"
  );
}

export function seats(): SeatKey[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(SEATS) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter(isSeatKey) : [];
  } catch {
    return [];
  }
}

export function seatAt(tableId: string): SeatKey | undefined {
  return seats().find((s) => s.tableId === tableId);
}

export function keepSeat(seat: SeatKey): void {
  localStorage.setItem(SEATS, JSON.stringify([seat, ...seats().filter((s) => s.tableId !== seat.tableId)].slice(0, 20)));
}

export function forgetSeat(tableId: string): void {
  localStorage.setItem(SEATS, JSON.stringify(seats().filter((s) => s.tableId !== tableId)));
}
