import { describe, expect, it } from 'vitest';
import { pageWindow } from './page-window';

describe('pageWindow', () => {
  it('lists every page while there are few', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(3, 9)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('shows the first, the last and the current page’s neighbours of many', () => {
    expect(pageWindow(1, 10_000)).toEqual([1, 2, 3, 'gap', 10_000]);
    expect(pageWindow(500, 10_000)).toEqual([1, 'gap', 498, 499, 500, 501, 502, 'gap', 10_000]);
    expect(pageWindow(10_000, 10_000)).toEqual([1, 'gap', 9_998, 9_999, 10_000]);
  });

  it('shows a single skipped page as its button, never a gap', () => {
    expect(pageWindow(5, 20)).toEqual([1, 2, 3, 4, 5, 6, 7, 'gap', 20]);
    expect(pageWindow(16, 20)).toEqual([1, 'gap', 14, 15, 16, 17, 18, 19, 20]);
  });

  it('clamps a page outside the list', () => {
    expect(pageWindow(0, 50)).toEqual(pageWindow(1, 50));
    expect(pageWindow(99, 50)).toEqual(pageWindow(50, 50));
  });
});
