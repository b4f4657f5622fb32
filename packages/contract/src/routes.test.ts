import { describe, expect, it } from 'vitest';
import { matchAppPath } from './routes';

describe('matchAppPath', () => {
  it('matches the spec’s paths with their params decoded', () => {
    expect(matchAppPath('/')).toEqual({ pattern: '/', params: {} });
    expect(matchAppPath('/category/Face%20Care')).toEqual({
      pattern: '/category/:categoryName',
      params: { categoryName: 'Face Care' },
    });
    expect(matchAppPath('/product/a/b/shea-butter')?.params).toEqual({
      productId: 'a',
      userId: 'b',
      productName: 'shea-butter',
    });
    expect(matchAppPath('/PopularChoises')?.pattern).toBe('/PopularChoises');
    expect(matchAppPath('/alllisting/')?.pattern).toBe('/alllisting');
  });

  it('matches nothing else', () => {
    for (const path of [
      '/popularchoises',
      '/product/a/b',
      '/category/',
      '/nope',
      '/category/%E0%A4%A',
      '/About/x',
    ]) {
      expect(matchAppPath(path), path).toBeNull();
    }
  });
});
