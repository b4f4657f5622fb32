import { describe, expect, it } from 'vitest';
import { searchPath, searchQuerySchema } from './search';

describe('search', () => {
  it('trims the query and refuses a blank or overlong one', () => {
    expect(searchQuerySchema.parse({ query: '  aloe gel ' })).toEqual({ query: 'aloe gel' });
    expect(searchQuerySchema.safeParse({ query: '   ' }).success).toBe(false);
    expect(searchQuerySchema.safeParse({}).success).toBe(false);
    expect(searchQuerySchema.safeParse({ query: 'x'.repeat(201) }).success).toBe(false);
  });

  it('builds the results path, or nothing for blank text', () => {
    expect(searchPath(' shea & cocoa ')).toBe('/search?query=shea%20%26%20cocoa');
    expect(searchPath('  ')).toBeNull();
  });
});
