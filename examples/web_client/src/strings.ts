// Every word the page shows: the client's own catalogue (localization/web,
// built to strings/<locale>.json) and each game's, from GetRules. Texts are
// ICU messages; a key missing in a language falls back to English, and a
// key missing everywhere shows as itself, so a gap is visible, never blank.
import { IntlMessageFormat } from "intl-messageformat";
import { api } from "./api";
import type { Text } from "./gen/boardgame/v1/text";

export const LOCALES = ["en", "es", "pt", "de"] as const;
export type Locale = (typeof LOCALES)[number];
export const LOCALE_NAMES: Record<Locale, string> = {
  en: "English",
  es: "Español",
  pt: "Português",
  de: "Deutsch",
};

export type Args = Record<string, string | number>;

export class Catalog {
  private readonly compiled = new Map<string, IntlMessageFormat>();
  constructor(
    readonly locale: string,
    private readonly texts: Record<string, string>,
    private readonly fallback?: Catalog,
  ) {}

  has(key: string): boolean {
    return key in this.texts || (this.fallback?.has(key) ?? false);
  }

  t(key: string, args: Args = {}): string {
    if (!(key in this.texts)) return this.fallback ? this.fallback.t(key, args) : key;
    let message = this.compiled.get(key);
    if (!message) {
      message = new IntlMessageFormat(this.texts[key], this.locale);
      this.compiled.set(key, message);
    }
    return String(message.format(args));
  }

  text(text: Text | undefined): string {
    if (!text?.key) return "";
    return this.t(text.key, Object.fromEntries(text.args.map((a) => [a.name, a.value])));
  }
}

// The language the player picked on this device, else the browser's.
export function chosenLocale(): Locale {
  const picked = localStorage.getItem("club.locale");
  if (picked && (LOCALES as readonly string[]).includes(picked)) return picked as Locale;
  for (const tag of navigator.languages ?? [navigator.language]) {
    const primary = tag.toLowerCase().split("-")[0];
    if ((LOCALES as readonly string[]).includes(primary)) return primary as Locale;
  }
  return "en";
}

export function pickLocale(locale: Locale): void {
  localStorage.setItem("club.locale", locale);
}

async function fetchStrings(locale: string): Promise<Record<string, string>> {
  const response = await fetch(`strings/${locale}.json`);
  if (!response.ok) throw new Error(`strings/${locale}.json: HTTP ${response.status}`);
  return ((await response.json()) as { strings: Record<string, string> }).strings;
}

export async function clientCatalog(locale: Locale): Promise<Catalog> {
  const english = new Catalog("en", await fetchStrings("en"));
  return locale === "en" ? english : new Catalog(locale, await fetchStrings(locale), english);
}

const gameCatalogs = new Map<string, Promise<Catalog>>();

// A game's own words (status lines, outcomes, its refusals), in the
// language the host negotiated for `locale`, with English behind it.
export function gameCatalog(gameId: string, locale: Locale): Promise<Catalog> {
  const key = `${gameId}/${locale}`;
  let catalog = gameCatalogs.get(key);
  if (!catalog) {
    const load = async (tag: string) => {
      const r = await api.getRules({ game_id: gameId, locale: tag });
      return { locale: r.locale, texts: Object.fromEntries(r.document!.ui_strings.map((u) => [u.key, u.text])) };
    };
    catalog = (async () => {
      const english = await load("en");
      const english_catalog = new Catalog("en", english.texts);
      if (locale === "en") return english_catalog;
      const own = await load(locale);
      return new Catalog(own.locale, own.texts, english_catalog);
    })();
    catalog.catch(() => gameCatalogs.delete(key));
    gameCatalogs.set(key, catalog);
  }
  return catalog;
}
