import { describe, expect, it } from 'vitest';
import { fitsLimit, moveImage, removeImage } from './image-list';

// Spec section 4: images move by swapping with their neighbour, and a move past an end is ignored.

describe('moveImage', () => {
  const list = ['a', 'b', 'c'];

  it('swaps an image with the one before it when moved up', () => {
    expect(moveImage(list, 1, 'up')).toEqual(['b', 'a', 'c']);
  });

  it('swaps an image with the one after it when moved down', () => {
    expect(moveImage(list, 1, 'down')).toEqual(['a', 'c', 'b']);
  });

  it('ignores moving the first image up and the last one down', () => {
    expect(moveImage(list, 0, 'up')).toEqual(list);
    expect(moveImage(list, 2, 'down')).toEqual(list);
  });

  it('ignores an index outside the list and never changes the list it was given', () => {
    expect(moveImage(list, 5, 'up')).toEqual(list);
    expect(moveImage(list, -1, 'down')).toEqual(list);
    moveImage(list, 0, 'down');
    expect(list).toEqual(['a', 'b', 'c']);
  });
});

describe('removeImage', () => {
  it('drops only the image at the index', () => {
    expect(removeImage(['a', 'b', 'c'], 1)).toEqual(['a', 'c']);
    expect(removeImage(['a'], 3)).toEqual(['a']);
  });
});

describe('fitsLimit', () => {
  it('lets a list fill up to its limit and no further', () => {
    expect(fitsLimit(4, 2, 6)).toBe(true);
    expect(fitsLimit(5, 2, 6)).toBe(false);
    expect(fitsLimit(25, 1, 25)).toBe(false);
  });
});
