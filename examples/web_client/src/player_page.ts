// A player's page (#/player/ID): their rating in each game with its history
// as a chart, and their latest rated games, each opening its replay. And a
// game's standings (#/standings/GAME): the best-rated players.
import { api, gamesIn } from "./api";
import { clear, h } from "./dom";
import type { GameInfo } from "./gen/boardgame/v1/game_info";
import type { PlayerRating, RatedGame } from "./gen/boardgame/v1/player_service";
import type { Page } from "./page";
import { showReplay } from "./replay";
import { gameCatalog } from "./strings";

const SVG = "http://www.w3.org/2000/svg";

function svg<K extends keyof SVGElementTagNameMap>(tag: K, attributes: Record<string, string | number>, ...children: Node[]): SVGElementTagNameMap[K] {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
  element.append(...children);
  return element;
}

// The rating after each game, oldest first, from the rating before the
// first: a line with a dot per game.
export function ratingChart(label: string, games: readonly RatedGame[]): SVGSVGElement {
  const oldestFirst = [...games].reverse();
  const values = oldestFirst.length ? [oldestFirst[0].rating_before, ...oldestFirst.map((g) => g.rating_after)] : [];
  const width = 320;
  const height = 120;
  const pad = 24;
  const low = Math.min(...values) - 10;
  const high = Math.max(...values) + 10;
  const x = (i: number) => pad + (values.length > 1 ? (i * (width - 2 * pad)) / (values.length - 1) : 0);
  const y = (v: number) => height - pad - ((v - low) * (height - 2 * pad)) / (high - low);
  const points = values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
  return svg(
    "svg",
    { class: "rating-chart", viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": label },
    svg("title", {}, document.createTextNode(label)),
    svg("text", { x: 2, y: pad - 8, class: "axis" }, document.createTextNode(String(Math.round(high - 10)))),
    svg("text", { x: 2, y: height - 4, class: "axis" }, document.createTextNode(String(Math.round(low + 10)))),
    svg("polyline", { points, class: "line" }),
    ...values.map((v, i) => svg("circle", { cx: x(i).toFixed(1), cy: y(v).toFixed(1), r: 3, class: "dot" })),
  );
}

function ratingText(page: Page, rating: number, provisional: boolean): string {
  return page.strings.t(provisional ? "player.rating_provisional" : "player.rating", { rating: Math.round(rating) });
}

function change(after: number, before: number): string {
  const delta = Math.round(after) - Math.round(before);
  return delta > 0 ? `+${delta}` : String(delta);
}

async function openReplay(page: Page, game: GameInfo | undefined, played: RatedGame): Promise<void> {
  if (!game) return;
  const [{ games }, words] = await Promise.all([api.listFinishedGames({ table_id: played.table_id }), gameCatalog(played.game_id, page.locale)]);
  const finished = games.find((g) => g.game_number === played.game_number);
  if (finished?.state) await showReplay(page, game, words, finished.state);
}

function gameSection(page: Page, rating: PlayerRating, game: GameInfo | undefined, games: RatedGame[]): HTMLElement {
  const s = page.strings;
  const name = game?.name ?? rating.game_id;
  const error = h("p", { class: "error", role: "alert" });
  const replay = (g: RatedGame) =>
    openReplay(page, game, g).catch((e: unknown) => {
      error.textContent = page.errorText(e);
    });
  return h(
    "section",
    { class: "player-game", "data-game": rating.game_id },
    h("h2", {}, name),
    h("p", { class: "player-rating" }, ratingText(page, rating.rating, rating.provisional)),
    h("p", {}, s.t("player.record", { games: rating.games, wins: rating.wins, draws: rating.draws, losses: rating.losses })),
    games.length ? ratingChart(s.t("player.chart", { game: name }), games) : null,
    h("ol", { class: "rated-games" },
      ...games.map((g) =>
        h("li", {},
          h("button", { type: "button", class: "link", "data-action": "open-replay", onclick: () => void replay(g) },
            s.t(g.score > 0.5 ? "player.game_won" : g.score < 0.5 ? "player.game_lost" : "player.game_drawn", {
              opponent: g.opponent_name,
              change: g.counted ? change(g.rating_after, g.rating_before) : s.t("player.not_counted"),
            }),
          ),
        ),
      ),
    ),
    error,
  );
}

export async function showPlayer(page: Page, root: HTMLElement, playerId: string): Promise<void> {
  const [profile, { games }] = await Promise.all([api.getPlayer({ player_id: playerId }), gamesIn(page.locale)]);
  const byId = new Map(games.map((g) => [g.id, g]));
  const s = page.strings;
  document.title = `${profile.name} · ${s.t("app.title")}`;
  clear(
    root,
    h("h1", {}, profile.name),
    h("nav", {}, h("a", { href: "#/" }, s.t("app.lobby"))),
    profile.ratings.length
      ? h("div", { class: "player-games" },
          ...profile.ratings.map((r) => gameSection(page, r, byId.get(r.game_id), profile.recent_games.filter((g) => g.game_id === r.game_id))),
        )
      : h("p", {}, s.t("player.no_rated_games")),
  );
}

export async function showStandings(page: Page, root: HTMLElement, gameId: string): Promise<void> {
  const [standings, { games }] = await Promise.all([api.getStandings({ game_id: gameId }), gamesIn(page.locale)]);
  const s = page.strings;
  const name = games.find((g) => g.id === gameId)?.name ?? gameId;
  document.title = `${s.t("standings.title", { game: name })} · ${s.t("app.title")}`;
  clear(
    root,
    h("h1", {}, s.t("standings.title", { game: name })),
    h("nav", {}, h("a", { href: "#/" }, s.t("app.lobby"))),
    h("p", { class: "hint" }, s.t("standings.provisional_left_out")),
    standings.standings.length
      ? h("table", { class: "standings" },
          h("thead", {}, h("tr", {}, h("th", {}, s.t("standings.rank")), h("th", {}, s.t("standings.player")), h("th", {}, s.t("standings.rating")), h("th", {}, s.t("standings.games")))),
          h("tbody", {},
            ...standings.standings.map((row) =>
              h("tr", {},
                h("td", {}, String(row.rank)),
                h("td", {}, h("a", { href: `#/player/${row.player_id}` }, row.name)),
                h("td", {}, String(Math.round(row.rating))),
                h("td", {}, String(row.games)),
              ),
            ),
          ),
        )
      : h("p", {}, s.t("standings.empty")),
  );
}
