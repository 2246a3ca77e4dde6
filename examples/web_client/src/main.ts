// The browser client of game-host: routes the URL's fragment to a view.
//   #/             the lobby
//   #/join/CODE    an invite link: sit down at that table (or watch it)
//   #/table/ID     a table this device sits at, or watches
//   #/watch/CODE   watch a table by its invite code or id
//   #/player/ID    a player's ratings and rated games
//   #/standings/G  the best-rated players of game G
import { clear, h } from "./dom";
import { showJoin } from "./join_page";
import { showLobby } from "./lobby";
import { Page } from "./page";
import { showPlayer, showStandings } from "./player_page";
import { chosenLocale, clientCatalog, LOCALE_NAMES, LOCALES, type Locale, pickLocale } from "./strings";
import { TableView } from "./table";

let current: { stop(): void } | undefined;

function header(page: Page): HTMLElement {
  const picker = h("select", { id: "language", "aria-label": page.strings.t("app.language") });
  for (const locale of LOCALES) {
    const option = h("option", { value: locale, lang: locale }, LOCALE_NAMES[locale]);
    option.selected = locale === page.locale;
    picker.append(option);
  }
  picker.addEventListener("change", () => {
    pickLocale(picker.value as Locale);
    location.reload();
  });
  return h(
    "header",
    { class: "site" },
    h("a", { href: "#/", class: "brand" }, page.strings.t("app.title")),
    h("label", { class: "language" }, picker),
  );
}

async function route(page: Page, main: HTMLElement): Promise<void> {
  current?.stop();
  current = undefined;
  const [, view = "", arg = ""] = location.hash.split("/").map(decodeURIComponent);
  window.scrollTo(0, 0);
  try {
    if (view === "table" && arg) {
      const table = new TableView(page, main, { table_id: arg });
      current = table;
      await table.start();
    } else if (view === "watch" && arg) {
      const table = new TableView(page, main, arg.length === 6 ? { invite_code: arg.toUpperCase() } : { table_id: arg });
      current = table;
      await table.start();
    } else if (view === "player" && arg) {
      await showPlayer(page, main, arg);
    } else if (view === "standings" && arg) {
      await showStandings(page, main, arg);
    } else if (view === "join" && arg) {
      await showJoin(page, main, arg);
    } else {
      document.title = page.strings.t("app.title");
      current = { stop: await showLobby(page, main) };
    }
  } catch (e) {
    clear(main, h("p", { class: "error", role: "alert" }, page.errorText(e)), h("a", { href: "#/" }, page.strings.t("app.lobby")));
  }
}

async function boot(): Promise<void> {
  const locale = chosenLocale();
  document.documentElement.lang = locale;
  const page = new Page(locale, await clientCatalog(locale));
  const main = h("main", { id: "main" });
  document.body.replaceChildren(header(page), main);
  window.addEventListener("hashchange", () => void route(page, main));
  await route(page, main);
}

void boot();
