import { z } from 'zod';

// Any 8-4-4-4-12 hex id, the same set PostgreSQL's uuid type accepts. z.uuid() would also
// demand RFC version and variant bits, which rejects hand-written fixture ids such as
// 11111111-1111-1111-1111-111111111111 although the database stores them happily.
export const uuidSchema = z.guid({ message: 'Must be a valid id.' });

export function isUuid(value: unknown): value is string {
  return uuidSchema.safeParse(value).success;
}

/** A trimmed, non-empty text field with a length cap. */
export function requiredText(max: number, message = 'This field is required.') {
  return z.string().trim().min(1, message).max(max, `At most ${max} characters.`);
}

/** A trimmed text field that may be empty. */
export function optionalText(max: number) {
  return z.string().trim().max(max, `At most ${max} characters.`);
}

// z.url() alone accepts any scheme, javascript: included; links we render must be web links.
export const httpUrlSchema = z
  .url({ protocol: /^https?$/, message: 'Must be an http(s) link.' })
  .max(2048, 'Link is too long.');

const SITE_PATH = /^\/(?!\/)\S*$/;

/** An image address: a path on this site (our /media store) or an http(s) link (S3, CDN). */
export const imageUrlSchema = z
  .string()
  .max(2048, 'Image address is too long.')
  .refine(
    (url) => SITE_PATH.test(url) || httpUrlSchema.safeParse(url).success,
    'Must be a site path or an http(s) link.',
  );

/** Spec section 9: image counts per list and the size of each upload. */
export const IMAGE_LIMITS = { blog: 6, shop: 25, category: 6, product: 6 } as const;
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

/** Spec section 5 wording, used as the schemas' messages and by the upload screens. */
export const IMAGE_LIMIT_MESSAGES = {
  blog: 'You can only upload 6 images per listing',
  shop: 'You can only have up to 25 images in total.',
  category: 'You can only upload 6 images per category',
  product: 'You can only have a maximum of 6 images',
} as const;
