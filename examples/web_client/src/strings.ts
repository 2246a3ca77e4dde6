// Every word the page shows: the client's own catalogue (localization/web,
// built to strings/<locale>.json) and each game's, from its rules document's
// words alone (/rules/<game>/<locale>?format=strings). Texts are
// ICU messages; a key missing in a language falls back to English, and a
// key missing everywhere shows as itself, so a gap is visible, never blank.
import { IntlMessageFormat } from "intl-messageformat";
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

interface Strings {
  locale: string;
  strings: Record<string, string>;
}

// The browser keeps what it fetched and asks again with its ETag: a
// reload costs a 304 per file, not the words again.
async function fetchStrings(url: string): Promise<Strings> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return (await response.json()) as Strings;
}

// English and the player's language at once: one round trip, not two.
async function catalogOf(url: (locale: string) => string, locale: Locale): Promise<Catalog> {
  const [english, own] = await Promise.all([
    fetchStrings(url("en")),
    locale === "en" ? undefined : fetchStrings(url(locale)),
  ]);
  const english_catalog = new Catalog("en", english.strings);
  return own ? new Catalog(own.locale, own.strings, english_catalog) : english_catalog;
}

export function clientCatalog(locale: Locale): Promise<Catalog> {
  return catalogOf((tag) => `strings/${tag}.json`, locale);
}

const gameCatalogs = new Map<string, Promise<Catalog>>();

// A game's own words (status lines, outcomes, its refusals), in the
// language the host negotiated for `locale`, with English behind it.
export function gameCatalog(gameId: string, locale: Locale): Promise<Catalog> {
  const key = `${gameId}/${locale}`;
  let catalog = gameCatalogs.get(key);
  if (!catalog) {
    catalog = catalogOf((tag) => `/rules/${encodeURIComponent(gameId)}/${tag}?format=strings`, locale);
    catalog.catch(() => gameCatalogs.delete(key));
    gameCatalogs.set(key, catalog);
  }
  return catalog;
}
