// The header box's rules, apart from React so they can be tested as they are.
import { SUGGEST_MIN_CHARS, productName, type Locale, type Suggestions } from '@soko/contract';

/** Typing pauses this long before suggestions are asked for: one request per pause, not per key. */
export const SUGGEST_DEBOUNCE_MS = 200;

/** The text to ask suggestions for, or null when it is too short to ask (no request then). */
export function suggestionQuery(text: string): string | null {
  const query = text.trim();
  return query.length >= SUGGEST_MIN_CHARS ? query : null;
}

/**
 * Calls `onSettle` with the last value pushed once `delayMs` pass without another push. The
 * header box's debounce; a plain object so its timing can be tested with fake timers.
 */
export function createDebouncer<T>(delayMs: number, onSettle: (value: T) => void) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    push(value: T) {
      clearTimeout(timer);
      timer = setTimeout(() => onSettle(value), delayMs);
    },
    cancel() {
      clearTimeout(timer);
    },
  };
}

export type SuggestionOption = {
  /** Unique in the list and the same for the same suggestion in the next answer. */
  key: string;
  label: string;
  path: string;
} & (
  | { kind: 'product'; /** Ksh after any discount. */ price: number; image: string | null }
  | { kind: 'category' }
);

/** The options in the order the list shows them: products, then categories. */
export function suggestionOptions(
  suggestions: Suggestions | undefined,
  locale: Locale,
): SuggestionOption[] {
  if (!suggestions) return [];
  return [
    ...suggestions.products.map((product) => ({
      key: `product-${product._id}`,
      kind: 'product' as const,
      label: productName(product, locale),
      path: product.path,
      price: product.price,
      image: product.image,
    })),
    ...suggestions.categories.map((category) => ({
      key: `category-${category.name}`,
      kind: 'category' as const,
      label: category.name,
      path: category.path,
    })),
  ];
}

/**
 * The highlighted option after an arrow key. `current` is -1 when none is highlighted. The
 * highlight wraps at both ends (the last option's Down goes to the first), so a long list is
 * one key away from either end; Up with none highlighted starts from the last.
 */
export function moveActiveIndex(current: number, key: 'ArrowDown' | 'ArrowUp', count: number) {
  if (count <= 0) return -1;
  if (key === 'ArrowDown') return current < 0 || current >= count - 1 ? 0 : current + 1;
  return current <= 0 ? count - 1 : current - 1;
}
