// The shopper's language (issue 34, decision 049): English, the spec's texts and the default,
// or Kiswahili. Chosen in the header, kept in the `lang` cookie so the server paints it on the
// first request, and given in the address (`?lang=sw`) for crawlers and shared links.

export const LOCALES = ['en', 'sw'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** The cookie and the query parameter that carry the choice. */
export const LANG_COOKIE = 'lang';
export const LANG_PARAM = 'lang';
/** A year, in seconds: the choice outlives a session. */
export const LANG_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** The names the switch shows, each in its own language. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', sw: 'Kiswahili' };

export function parseLocale(value: unknown): Locale | null {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value)
    ? (value as Locale)
    : null;
}

/** The BCP 47 tag Intl formats with: Kenya's English and Kenya's Swahili. */
export function intlLocale(locale: Locale): 'en-KE' | 'sw-KE' {
  return locale === 'sw' ? 'sw-KE' : 'en-KE';
}

/** Shop times are Nairobi times (UTC+3), wherever the server or the phone's clock is set. */
export const SHOP_TIME_ZONE = 'Africa/Nairobi';

/** A date (and time, if asked) in the locale's words: '5 March 2026' / '5 Machi 2026'. */
export function formatDate(
  at: string | number | Date,
  locale: Locale,
  options: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric' },
): string {
  return new Date(at).toLocaleString(intlLocale(locale), { timeZone: SHOP_TIME_ZONE, ...options });
}

/** A whole count in the locale's digits grouping: 1,234 in both (CLDR en-KE and sw-KE). */
export function formatCount(count: number, locale: Locale): string {
  return count.toLocaleString(intlLocale(locale));
}
