// The shopper's language in the app (decision 049). Texts are looked up by key in
// src/locales/<lang>.json through Lingui's runtime; English is the spec's texts, word for word.
// The server paints a page in the language its cookie (or `?lang=`) names and writes it into
// `<html lang>`; the browser loads only that language's messages before taking the page over.
import { useCallback } from 'react';
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { useLingui, type I18nContext } from '@lingui/react';
import { DEFAULT_LOCALE, LANG_COOKIE, parseLocale, type Locale } from '@soko/contract';
import type { RoutePart, StaffPart } from '../locales/compile-catalog';
import type english from '../locales/en.json';

type AnyKey = keyof typeof english;
/** A shopper screen's text's key; en.json is the list (the test holds sw.json to it). */
export type MessageKey = Exclude<AnyKey, `${StaffPart}.${string}`>;
/** The keys in the start part, which every page has (the shell, `common.`, `listing.` …). */
type StartKey = Exclude<MessageKey, `${RoutePart}.${string}`>;
/**
 * An owner screen's keys (decision 050): its own, English only, and the start part's (shared
 * pieces such as the pagination). An admin's routes load the owner's part too.
 */
export type OwnerKey = StartKey | Extract<AnyKey, `owner.${string}`>;
export type AdminKey = OwnerKey | Extract<AnyKey, `admin.${string}`>;
export type MessageValues = Record<string, string | number>;
export type Translate<Key extends string = MessageKey> = (
  key: Key,
  values?: MessageValues,
) => string;

export function createI18n(locale: Locale, messages: Messages): I18n {
  return setupI18n({ locale, messages: { [locale]: messages } });
}

/** One language's compiled start messages (the shell and the storefront), a chunk of its own. */
export async function loadMessages(locale: Locale): Promise<Messages> {
  const { messages } =
    locale === 'sw' ? await import('virtual:messages/sw') : await import('virtual:messages/en');
  return messages;
}

// A route's own messages (decision 049, "Second slice"), a chunk per language and part: the
// build splits each language's file by key prefix (src/locales/compile-catalog.ts).
type PartModule = Promise<{ messages: Messages }>;
const ROUTE_MESSAGES: Record<Locale, Record<RoutePart, () => PartModule>> = {
  en: {
    checkout: () => import('virtual:messages/en/checkout'),
    orders: () => import('virtual:messages/en/orders'),
    account: () => import('virtual:messages/en/account'),
    privacy: () => import('virtual:messages/en/privacy'),
    search: () => import('virtual:messages/en/search'),
    problem: () => import('virtual:messages/en/problem'),
    reviews: () => import('virtual:messages/en/reviews'),
    footer: () => import('virtual:messages/en/footer'),
    blog: () => import('virtual:messages/en/blog'),
    about: () => import('virtual:messages/en/about'),
    chat: () => import('virtual:messages/en/chat'),
  },
  sw: {
    checkout: () => import('virtual:messages/sw/checkout'),
    orders: () => import('virtual:messages/sw/orders'),
    account: () => import('virtual:messages/sw/account'),
    privacy: () => import('virtual:messages/sw/privacy'),
    search: () => import('virtual:messages/sw/search'),
    problem: () => import('virtual:messages/sw/problem'),
    reviews: () => import('virtual:messages/sw/reviews'),
    footer: () => import('virtual:messages/sw/footer'),
    blog: () => import('virtual:messages/sw/blog'),
    about: () => import('virtual:messages/sw/about'),
    chat: () => import('virtual:messages/sw/chat'),
  },
};

/** The browser's one language (main.tsx); the server makes one per page with every message. */
let browserI18n: I18n | undefined;

// The owner's and the admin's screens (decision 050) are English whatever the shopper's
// language: a second I18n, fixed to English, comes with the staff routes' code and messages
// (lib/staff-i18n.ts, which puts it here for app/layout.tsx); none of it is in the first load.
let staffLingui: I18nContext | undefined;

export function setStaffLingui(lingui: I18nContext): void {
  staffLingui = lingui;
}

/** The staff screens' English as Lingui's context, once a staff route has loaded it. */
export function getStaffLingui(): I18nContext | undefined {
  return staffLingui;
}

/** The browser's I18n in `locale`, its messages still to come (loadMessages, loadRouteMessages). */
export function startBrowserI18n(locale: Locale): I18n {
  browserI18n = createI18n(locale, {});
  return browserI18n;
}

/**
 * Loads the messages of a route's parts into the browser's language before the route renders
 * (app/routes.tsx calls it beside the route's own import). On the server there is nothing to
 * load: its renderer has every message.
 */
export async function loadRouteMessages(...parts: RoutePart[]): Promise<void> {
  const i18n = browserI18n;
  if (!i18n) return;
  const locale = parseLocale(i18n.locale) ?? DEFAULT_LOCALE;
  const loaded = await Promise.all(parts.map((part) => ROUTE_MESSAGES[locale][part]()));
  for (const { messages } of loaded) i18n.load(locale, messages);
}

/**
 * A lazy loader that also loads its texts (decision 049, "Second slice"): a route's or a lazy
 * section's module and its message parts come together, in the page's language, so it never
 * draws a key. `withMessages(['checkout'], () => import('./checkout-page'))`.
 */
export const withMessages =
  <T>(parts: RoutePart[], load: () => Promise<T>) =>
  async (): Promise<T> =>
    (await Promise.all([load(), loadRouteMessages(...parts)]))[0];

/**
 * The language to draw in: a painted page's own (hydration must draw what the server painted);
 * else the cookie's (the bare shell, or the offline worker's copy of it), else English.
 */
export function pageLocale(painted: boolean): Locale {
  const htmlLang = parseLocale(document.documentElement.lang);
  if (painted && htmlLang) return htmlLang;
  const cookie = document.cookie
    .split('; ')
    .find((pair) => pair.startsWith(`${LANG_COOKIE}=`))
    ?.slice(LANG_COOKIE.length + 1);
  return parseLocale(cookie) ?? htmlLang ?? DEFAULT_LOCALE;
}

/** `t('cart.title')`, `t('cart.items', { count })`: the text in the page's language. */
export function useT(): Translate {
  const { i18n } = useLingui();
  return useCallback<Translate>((key, values) => i18n._(key, values), [i18n]);
}

export function useLocale(): Locale {
  return parseLocale(useLingui().i18n.locale) ?? DEFAULT_LOCALE;
}
