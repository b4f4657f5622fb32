// The language of the page a request came from (decisions 049, 050).
import { DEFAULT_LOCALE, LANG_COOKIE, parseLocale, type Locale } from '@soko/contract';

/**
 * The language the request names: the cookie the header's switch keeps, or null without one
 * or for a language the shop does not know (an order rebuilt from a lapsed one then keeps that
 * order's language).
 */
export function chosenLocale(cookies: Partial<Record<string, string>>): Locale | null {
  return parseLocale(cookies[LANG_COOKIE]);
}

/**
 * The request's language, English when it names none. What someone asks for from a page (a
 * reset link, a phone code, a consent) is written or recorded in it.
 */
export function requestLocale(cookies: Partial<Record<string, string>>): Locale {
  return chosenLocale(cookies) ?? DEFAULT_LOCALE;
}
