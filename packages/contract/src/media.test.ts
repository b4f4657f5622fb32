import { describe, expect, it } from 'vitest';
import { MAX_FILES_PER_UPLOAD, mediaUploadQuerySchema } from './media';

const SHOP_ID = '11111111-1111-4111-8111-111111111111';

describe('mediaUploadQuerySchema', () => {
  it('needs a shop for shop, category and product pictures', () => {
    for (const kind of ['shop', 'category', 'product'] as const) {
      expect(mediaUploadQuerySchema.safeParse({ kind }).success).toBe(false);
      expect(mediaUploadQuerySchema.safeParse({ kind, shopId: SHOP_ID }).success).toBe(true);
    }
  });

  it('takes blog pictures without a shop, and refuses unknown kinds and fields', () => {
    expect(mediaUploadQuerySchema.safeParse({ kind: 'blog' }).success).toBe(true);
    expect(mediaUploadQuerySchema.safeParse({ kind: 'avatar' }).success).toBe(false);
    expect(mediaUploadQuerySchema.safeParse({ kind: 'blog', path: '../x' }).success).toBe(false);
  });

  it('lets one call carry the largest list (25 shop images)', () => {
    expect(MAX_FILES_PER_UPLOAD).toBe(25);
  });
});
