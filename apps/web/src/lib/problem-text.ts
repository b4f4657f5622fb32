// The words of the contract's schemas and of the server, in the page's language (decision 050).
// The API answers in English only; a screen finds which of the contract's texts a message is
// (PROBLEM_TEXTS, by id) and shows `problem.<id>` of the message files, which says the same in
// the page's language (in English, word for word the server's). Words that are not one of those
// texts are shown as they came. The `problem` part of the messages comes with the routes and
// sections that show these (app/routes.tsx, `withMessages`), not in the first load, and so does
// this file: only lazily loaded screens import it.
import { useCallback } from 'react';
import type { FieldErrors, FieldValues } from 'react-hook-form';
import { matchProblem, type ProblemId } from '@soko/contract';
import { useT, type MessageKey, type Translate } from './i18n';

// Every text of the table has its key: a text added there without one fails to compile here.
const keyOf = (id: ProblemId): MessageKey => `problem.${id}`;

// A wait the server writes out ('30 seconds', '5 minutes'), said again in the page's language.
const WAIT = /^(\d+) (second|minute|hour)s?$/;
const WAIT_KEYS = {
  second: 'problem.wait.second',
  minute: 'problem.wait.minute',
  hour: 'problem.wait.hour',
} as const satisfies Record<string, MessageKey>;

// How many more units an order may take ('at most 2 more', 'no more'; decision 029's bounds).
const MORE = /^at most (\d+) more$/;

function valueText(value: string, t: Translate): string {
  const wait = WAIT.exec(value);
  if (wait) return t(WAIT_KEYS[wait[2] as keyof typeof WAIT_KEYS], { count: Number(wait[1]) });
  const more = MORE.exec(value);
  if (more) return t('problem.more.atMost', { count: Number(more[1]) });
  return value === 'no more' ? t('problem.more.none') : value;
}

/** A screen's own words that may come in a message too (the checkout's), in the page's language. */
export type OwnTexts = (text: string, t: Translate) => string | null;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A screen's own texts, each an English template (`'Remove {line} and place the order again.'`)
 * with the key that says it in the page's language (`checkout.problem.removeLine`).
 */
export function ownTexts(texts: ReadonlyArray<readonly [string, MessageKey]>): OwnTexts {
  const matchers = texts.map(([template, key]) => ({
    key,
    names: [...template.matchAll(/\{(\w+)\}/g)].map(([, name]) => name ?? ''),
    pattern: new RegExp(
      `^${template
        .split(/\{\w+\}/)
        .map(escapeRegExp)
        .join('(.+?)')}$`,
      's',
    ),
  }));
  return (text, t) => {
    for (const { key, names, pattern } of matchers) {
      const found = pattern.exec(text);
      if (found)
        return t(key, Object.fromEntries(names.map((name, i) => [name, found[i + 1] ?? ''])));
    }
    return null;
  };
}

function known(message: string, t: Translate, own?: OwnTexts): string | null {
  const mine = own?.(message, t);
  if (mine != null) return mine;
  const found = matchProblem(message);
  if (!found) return null;
  const values = Object.fromEntries(
    Object.entries(found.values).map(([name, value]) => [name, valueText(value, t)]),
  );
  const key = keyOf(found.id);
  const said = t(key, values);
  // A screen whose route did not load the `problem` part (the test of route parts keeps
  // shoppers' screens from it) shows the server's own words rather than a key.
  return said === key ? null : said;
}

/**
 * The message in the page's language. A message that is several of the texts one after another
 * ('Payment failed. Please try again. Too many requests. …') is said sentence by sentence, each
 * run of sentences that is one text in its words, any other sentence as it came.
 */
export function problemText(message: string, t: Translate, own?: OwnTexts): string {
  const whole = known(message, t, own);
  if (whole !== null) return whole;
  const sentences = message.split(/(?<=[.!?])\s+/);
  if (sentences.length < 2) return message;
  const said: string[] = [];
  for (let start = 0; start < sentences.length;) {
    let end = sentences.length;
    let text: string | null = null;
    for (; end > start; end -= 1) {
      text = known(sentences.slice(start, end).join(' '), t, own);
      if (text !== null) break;
    }
    if (text === null) {
      said.push(sentences[start] ?? '');
      start += 1;
    } else {
      said.push(text);
      start = end;
    }
  }
  return said.join(' ');
}

/** `const problem = useProblemText(); problem(error.message)`. */
export function useProblemText(): (message: string) => string {
  const t = useT();
  return useCallback((message: string) => problemText(message, t), [t]);
}

/** A form's errors (react-hook-form's, nested as its fields are) with their messages said so. */
export function translateFieldErrors<T extends FieldValues>(
  errors: FieldErrors<T>,
  t: Translate,
): FieldErrors<T> {
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (typeof node !== 'object' || node === null) return node;
    // A field's error carries its element (`ref`): kept as it is, not walked into.
    return Object.fromEntries(
      Object.entries(node).map(([key, value]) => [
        key,
        key === 'message' && typeof value === 'string'
          ? problemText(value, t)
          : key === 'ref'
            ? value
            : walk(value),
      ]),
    );
  };
  return walk(errors) as FieldErrors<T>;
}
