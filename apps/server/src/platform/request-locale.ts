// The language of the page a request came from (decisions 049, 050).
import { DEFAULT_LOCALE, LANG_COOKIE, parseLocale, type Locale } from '@soko/contract';

/**
 * The cookie the header's switch keeps, English without one or for a language the shop does not
 * know. What someone asks for from a page (an order, a reset link, a phone code, a consent) is
 * written or recorded in it.
 */
export function requestLocale(cookies: Partial<Record<string, string>>): Locale {
  return parseLocale(cookies[LANG_COOKIE]) ?? DEFAULT_LOCALE;
}
