// The shopper's messages in each language (decision 050): one file a language, typed alike.
import { LANG_PARAM, type Locale } from '@soko/contract';
import { en } from './en';
import { sw } from './sw';
import type { MessageTexts } from './types';

export type { MessageTexts } from './types';

/** Every language's texts: a language without its file fails typecheck here. */
export const MESSAGE_TEXTS: Record<Locale, MessageTexts> = { en, sw };

/**
 * A link in a message, in the message's language: English links as they always were, others
 * with `?lang=` so the page opens in the message's language on any phone (and keeps it, as the
 * header's switch does: decision 049).
 */
export function linkIn(locale: Locale, url: string): string {
  if (locale === 'en') return url;
  return `${url}${url.includes('?') ? '&' : '?'}${LANG_PARAM}=${locale}`;
}
