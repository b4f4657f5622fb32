import { describe, expect, it } from 'vitest';
import { totalCount } from './api-client';

describe('totalCount', () => {
  it('reads X-Total-Count, and falls back to the rows shown when it is missing or unreadable', () => {
    expect(totalCount(new Headers({ 'x-total-count': '41' }), 9)).toBe(41);
    expect(totalCount(new Headers({ 'x-total-count': '0' }), 0)).toBe(0);
    // Number(null) is 0: a missing header must not read as an empty list.
    expect(totalCount(new Headers(), 9)).toBe(9);
    expect(totalCount(new Headers({ 'x-total-count': 'many' }), 9)).toBe(9);
    expect(totalCount(new Headers({ 'x-total-count': '-1' }), 9)).toBe(9);
  });
});
