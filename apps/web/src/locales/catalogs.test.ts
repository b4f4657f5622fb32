import { readFileSync } from 'node:fs';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { compileCatalog, isStaffKey, ROUTE_PARTS, STAFF_PARTS } from './compile-catalog';

// Decision 049: one message file per language. Every text must be in both, with the same
// values to fill in (a Kiswahili text that drops `{count}` would show a wrong number), and the
// English ones must come out word for word (the spec's texts, asserted by the journeys).
// Decision 050: the owner's and the admin's screens (`owner.`, `admin.`) are English only.

const read = (lang: string, file = `./${lang}.json`) =>
  JSON.parse(readFileSync(new URL(file, import.meta.url), 'utf8')) as Record<string, string>;
const catalogs = { en: read('en'), sw: read('sw') };

/** The names a message fills in: `{name}`, `{count, plural, ...}`, sorted. */
function placeholders(message: string): string[] {
  const names = new Set<string>();
  const walk = (tokens: unknown): void => {
    if (!Array.isArray(tokens)) return;
    for (const token of tokens) {
      if (Array.isArray(token) && typeof token[0] === 'string') {
        names.add(token[0]);
        const branches: unknown = token[2];
        if (branches && typeof branches === 'object') Object.values(branches).forEach(walk);
      }
    }
  };
  walk(compileMessage(message));
  return [...names].sort();
}

describe('message catalogs', () => {
  it('en has every key sw has', () => {
    const missing = Object.keys(catalogs.sw).filter((key) => !(key in catalogs.en));
    expect(missing).toEqual([]);
  });

  it('sw has every shopper text en has', () => {
    const missing = Object.keys(catalogs.en).filter(
      (key) => !isStaffKey(key) && !(key in catalogs.sw),
    );
    expect(missing).toEqual([]);
  });

  it('keeps the owner and admin screens in English only', () => {
    expect(Object.keys(catalogs.sw).filter(isStaffKey)).toEqual([]);
    for (const part of STAFF_PARTS) {
      const keys = Object.keys(catalogs.en).filter((key) => key.startsWith(`${part}.`));
      expect(keys.length, part).toBeGreaterThan(0);
    }
  });

  it('fills in the same values in both languages', () => {
    const differing = Object.keys(catalogs.en)
      .filter((key) => !isStaffKey(key))
      .filter(
        (key) =>
          placeholders(catalogs.en[key] ?? '').join() !==
          placeholders(catalogs.sw[key] ?? '').join(),
      );
    expect(differing).toEqual([]);
  });

  it('has no empty text', () => {
    const empty = Object.entries({ ...catalogs.en, ...catalogs.sw }).filter(
      ([, text]) => !text.trim(),
    );
    expect(empty).toEqual([]);
  });

  it('gives every English text without values exactly as written, once compiled', () => {
    const i18n = setupI18n({ locale: 'en', messages: { en: compileCatalog(catalogs.en) } });
    const changed = Object.entries(catalogs.en).filter(
      ([key, text]) => !text.includes('{') && i18n._(key) !== text,
    );
    expect(changed).toEqual([]);
  });

  it('gives every English text with plain values exactly as written, the values filled in', () => {
    // An apostrophe before a value quotes it in ICU (`'{name}'` is printed as written): a text
    // moved from a screen must come out of the catalog as the screen wrote it.
    const i18n = setupI18n({ locale: 'en', messages: { en: compileCatalog(catalogs.en) } });
    const changed = Object.entries(catalogs.en).filter(([key, text]) => {
      if (!text.includes('{') || text.includes(',')) return false;
      const names = placeholders(text);
      const values = Object.fromEntries(names.map((name) => [name, `<${name}>`]));
      const expected = names.reduce((out, name) => out.replaceAll(`{${name}}`, `<${name}>`), text);
      return i18n._(key, values) !== expected;
    });
    expect(changed).toEqual([]);
  });

  it('fills in values and plurals in both languages', () => {
    const en = setupI18n({ locale: 'en', messages: { en: compileCatalog(catalogs.en) } });
    const sw = setupI18n({ locale: 'sw', messages: { sw: compileCatalog(catalogs.sw) } });
    expect(en._('shell.cartWithItems', { count: 1 })).toBe('Cart, 1 item');
    expect(en._('shell.cartWithItems', { count: 3 })).toBe('Cart, 3 items');
    expect(sw._('shell.cartWithItems', { count: 3 })).toBe('Kikapu, bidhaa 3');
    expect(en._('footer.copyright', { name: 'Soko' })).toBe('© 2025 Soko. All rights reserved.');
  });

  it.each(['en', 'sw'] as const)(
    'splits %s into a start part and route parts that together hold every text once',
    (lang) => {
      const source = catalogs[lang];
      const start = compileCatalog(source, 'start');
      const routes = ROUTE_PARTS.map((part) => compileCatalog(source, part));
      const staff = STAFF_PARTS.map((part) => compileCatalog(source, part));
      const keys = [start, ...routes, ...staff].flatMap((part) => Object.keys(part));
      expect(keys.sort()).toEqual(Object.keys(source).sort());
      // The route and staff parts stay out of the first load; the shell and the search box
      // stay in it.
      const routeKey = (key: string) =>
        [...ROUTE_PARTS, ...STAFF_PARTS].some((part) => key.startsWith(`${part}.`));
      expect(Object.keys(start).filter(routeKey)).toEqual([]);
      expect(Object.keys(start)).toEqual(
        expect.arrayContaining(['shell.cart', 'searchBox.search']),
      );
      expect(Object.keys(routes[0] ?? {})).toContain('checkout.title');
      for (const [index, part] of ROUTE_PARTS.entries()) {
        const keysOfPart = Object.keys(routes[index] ?? {});
        expect(keysOfPart.filter((key) => !key.startsWith(`${part}.`))).toEqual([]);
      }
      for (const [index, part] of STAFF_PARTS.entries()) {
        const keysOfPart = Object.keys(staff[index] ?? {});
        expect(keysOfPart.filter((key) => !key.startsWith(`${part}.`))).toEqual([]);
        // Kiswahili has no staff part: those screens are English only.
        expect(keysOfPart.length > 0, part).toBe(lang === 'en');
      }
    },
  );
});
