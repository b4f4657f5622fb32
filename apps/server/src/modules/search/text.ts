// A typed query made into words the database can look up. Only letters and digits survive, so
// nothing a shopper types (quotes, %, _, backslashes, tsquery operators) reaches SQL or the
// tsquery parser as syntax; the words themselves travel as bound parameters.

/** The most words of one query that are looked up (more are ignored). */
export const MAX_QUERY_WORDS = 8;
/** A longer "word" is not a word anyone types; it is cut. */
export const MAX_WORD_LENGTH = 40;

// unaccent's rules for letters that decomposition alone does not simplify.
const FOLDS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};

/** Lower-cased, without accents: what the database's soko_normalize() makes of product text. */
export function normalizeText(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[ßæœøłđðþı]/g, (letter) => FOLDS[letter] ?? letter);
}

/** The query's distinct words, in order, at most MAX_QUERY_WORDS. */
export function queryWords(text: string): string[] {
  const words = normalizeText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((word) => word.slice(0, MAX_WORD_LENGTH));
  return [...new Set(words)].slice(0, MAX_QUERY_WORDS);
}

/**
 * The tsquery text: every word must match, each as a prefix ('moring' finds 'moringa') or as one
 * of its spelling corrections. Words hold only letters and digits (queryWords), so this text can
 * only be the query it means.
 */
export function tsqueryText(words: readonly string[], fixes: ReadonlyMap<string, string[]>) {
  return words
    .map((word) => {
      const options = [`${word}:*`, ...(fixes.get(word) ?? [])];
      return options.length === 1 ? options[0] : `(${options.join(' | ')})`;
    })
    .join(' & ');
}
