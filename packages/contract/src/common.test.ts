import { describe, expect, it } from 'vitest';
import { IMAGE_LIMITS, MAX_IMAGE_BYTES, httpUrlSchema, imageUrlSchema, isUuid } from './common';

describe('ids', () => {
  it('accepts what PostgreSQL stores as a uuid', () => {
    expect(isUuid('3f1c2a8e-5b7d-4c1e-9a2b-6d8e0f1a2b3c')).toBe(true);
    expect(isUuid('3F1C2A8E-5B7D-4C1E-9A2B-6D8E0F1A2B3C')).toBe(true);
    expect(isUuid('11111111-1111-1111-1111-111111111111')).toBe(true);
  });

  it.each([
    '',
    '42',
    'not-a-uuid',
    '3f1c2a8e5b7d4c1e9a2b6d8e0f1a2b3c',
    '3f1c2a8e-5b7d-4c1e-9a2b-6d8e0f1a2b3',
    null,
    7,
  ])('rejects %j', (value) => {
    expect(isUuid(value)).toBe(false);
  });
});

describe('links and images', () => {
  it('takes http(s) links only', () => {
    expect(httpUrlSchema.safeParse('https://maps.google.com/?q=nairobi').success).toBe(true);
    expect(httpUrlSchema.safeParse('http://example.com').success).toBe(true);
    expect(httpUrlSchema.safeParse('javascript:alert(1)').success).toBe(false);
    expect(httpUrlSchema.safeParse('ftp://example.com').success).toBe(false);
  });

  it('takes site paths and web links as image addresses', () => {
    expect(imageUrlSchema.safeParse('/media/k/1200x800.webp').success).toBe(true);
    expect(imageUrlSchema.safeParse('https://cdn.example.com/a.jpg').success).toBe(true);
    expect(imageUrlSchema.safeParse('//evil.example/a.jpg').success).toBe(false);
    expect(imageUrlSchema.safeParse('data:image/png;base64,AAAA').success).toBe(false);
    expect(imageUrlSchema.safeParse('javascript:alert(1)').success).toBe(false);
    expect(imageUrlSchema.safeParse('relative.jpg').success).toBe(false);
  });

  it('has the spec image limits', () => {
    expect(IMAGE_LIMITS).toEqual({ blog: 6, shop: 25, category: 6, product: 6 });
    expect(MAX_IMAGE_BYTES).toBe(2 * 1024 * 1024);
  });
});
