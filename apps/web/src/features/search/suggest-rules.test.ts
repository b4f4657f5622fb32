import { afterEach, describe, expect, it, vi } from 'vitest';
import { SUGGEST_MIN_CHARS } from '@soko/contract';
import {
  SUGGEST_DEBOUNCE_MS,
  createDebouncer,
  moveActiveIndex,
  suggestionOptions,
  suggestionQuery,
} from './suggest-rules';

describe('when the header box asks for suggestions', () => {
  it('asks nothing for fewer than SUGGEST_MIN_CHARS characters, spaces not counted', () => {
    expect(SUGGEST_MIN_CHARS).toBe(2);
    expect(suggestionQuery('')).toBeNull();
    expect(suggestionQuery('m')).toBeNull();
    expect(suggestionQuery('  m  ')).toBeNull();
    expect(suggestionQuery(' mo ')).toBe('mo');
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks once, for the last text, after typing pauses for SUGGEST_DEBOUNCE_MS', () => {
    vi.useFakeTimers();
    const asked: string[] = [];
    const debouncer = createDebouncer<string>(SUGGEST_DEBOUNCE_MS, (text) => asked.push(text));
    for (const text of ['m', 'mo', 'mor', 'mori']) {
      debouncer.push(text);
      vi.advanceTimersByTime(SUGGEST_DEBOUNCE_MS - 1);
    }
    expect(asked).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(asked).toEqual(['mori']);
  });

  it('asks nothing once cancelled (the box closed mid-pause)', () => {
    vi.useFakeTimers();
    const asked: string[] = [];
    const debouncer = createDebouncer<string>(SUGGEST_DEBOUNCE_MS, (text) => asked.push(text));
    debouncer.push('shea');
    debouncer.cancel();
    vi.advanceTimersByTime(SUGGEST_DEBOUNCE_MS * 2);
    expect(asked).toEqual([]);
  });
});

describe('the highlighted suggestion under the arrow keys', () => {
  it('starts at the first option on Down and the last on Up', () => {
    expect(moveActiveIndex(-1, 'ArrowDown', 3)).toBe(0);
    expect(moveActiveIndex(-1, 'ArrowUp', 3)).toBe(2);
  });

  it('moves one step at a time', () => {
    expect(moveActiveIndex(0, 'ArrowDown', 3)).toBe(1);
    expect(moveActiveIndex(2, 'ArrowUp', 3)).toBe(1);
  });

  it('wraps around at both ends', () => {
    expect(moveActiveIndex(2, 'ArrowDown', 3)).toBe(0);
    expect(moveActiveIndex(0, 'ArrowUp', 3)).toBe(2);
  });

  it('highlights nothing in an empty list', () => {
    expect(moveActiveIndex(-1, 'ArrowDown', 0)).toBe(-1);
    expect(moveActiveIndex(0, 'ArrowUp', 0)).toBe(-1);
  });

  it('lands back on the current option when an answer shrinks under it', () => {
    expect(moveActiveIndex(5, 'ArrowDown', 3)).toBe(0);
  });
});

describe('the options the list shows', () => {
  it('lists products first, then categories, each with its page', () => {
    const options = suggestionOptions(
      {
        products: [
          {
            _id: 'p1',
            name: 'Moringa Leaf Tea',
            nameSw: null,
            price: 450,
            image: null,
            path: '/product/p1/u/x',
          },
        ],
        categories: [{ name: 'Teas & Infusions', path: '/category/Teas%20%26%20Infusions' }],
      },
      'sw',
    );
    expect(options).toEqual([
      {
        key: 'product-p1',
        kind: 'product',
        label: 'Moringa Leaf Tea',
        path: '/product/p1/u/x',
        price: 450,
        image: null,
      },
      {
        key: 'category-Teas & Infusions',
        kind: 'category',
        label: 'Teas & Infusions',
        path: '/category/Teas%20%26%20Infusions',
      },
    ]);
    expect(suggestionOptions(undefined, 'en')).toEqual([]);
  });

  it('names a product in Kiswahili on a Kiswahili page when it has a Swahili name', () => {
    const suggestions = {
      products: [
        {
          _id: 'p1',
          name: 'Moringa Leaf Tea',
          nameSw: 'Chai ya Majani ya Mlonge',
          price: 450,
          image: null,
          path: '/product/p1/u/Moringa-Leaf-Tea',
        },
      ],
      categories: [],
    };
    expect(suggestionOptions(suggestions, 'sw')[0]).toMatchObject({
      label: 'Chai ya Majani ya Mlonge',
      path: '/product/p1/u/Moringa-Leaf-Tea',
    });
    expect(suggestionOptions(suggestions, 'en')[0]?.label).toBe('Moringa Leaf Tea');
  });
});
