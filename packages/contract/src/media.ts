import { z } from 'zod';
import { IMAGE_LIMITS, uuidSchema } from './common';

/** Which list an upload is for: it sets the count limit and the messages (spec section 5). */
export const MEDIA_KINDS = ['shop', 'category', 'product', 'blog'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/**
 * POST /api/media/upload?kind=…&shopId=…, multipart/form-data with one or more parts named
 * `files`. Shop, category and product pictures need the shop (its owner or an admin may
 * upload); blog pictures are for admins and take no shop.
 */
export const mediaUploadQuerySchema = z
  .strictObject({
    kind: z.enum(MEDIA_KINDS),
    shopId: uuidSchema.optional(),
  })
  .refine((query) => query.kind === 'blog' || query.shopId !== undefined, {
    message: 'Say which shop the pictures are for.',
    path: ['shopId'],
  });
export type MediaUploadQuery = z.infer<typeof mediaUploadQuerySchema>;

export const uploadedImageSchema = z.object({
  /** The full-size rendition (/media/{key}/{w}x{h}.webp, or the same path on the S3/CDN base). */
  url: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type UploadedImage = z.infer<typeof uploadedImageSchema>;

export const mediaUploadResponseSchema = z.object({ images: z.array(uploadedImageSchema) });
export type MediaUploadResponse = z.infer<typeof mediaUploadResponseSchema>;

/** The most files one upload call takes: the largest list's limit. */
export const MAX_FILES_PER_UPLOAD = Math.max(...Object.values(IMAGE_LIMITS));

/** Spec section 5's texts for an upload, by list. */
export const UPLOAD_MESSAGES: Record<MediaKind, { none: string; failed: string }> = {
  shop: { none: 'Select images to upload', failed: 'Image upload failed (2 MB max per image)' },
  category: { none: 'Select images to upload', failed: 'Image upload failed (2MB max per image)' },
  product: { none: 'Select images to upload', failed: 'Image upload failed (2 MB max per image)' },
  blog: { none: 'Select images to upload', failed: 'Image upload fail (2 mb max per image)' },
};
