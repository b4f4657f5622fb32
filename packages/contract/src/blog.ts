import { z } from 'zod';
import {
  IMAGE_LIMITS,
  IMAGE_LIMIT_MESSAGES,
  imageUrlSchema,
  requiredText,
  uuidSchema,
} from './common';

export const createBlogBodySchema = z.strictObject({
  title: requiredText(200, 'Title is required.'),
  content: requiredText(20_000, 'Content is required.'),
  imageUrls: z.array(imageUrlSchema).max(IMAGE_LIMITS.blog, IMAGE_LIMIT_MESSAGES.blog),
});
export type CreateBlogBody = z.infer<typeof createBlogBodySchema>;

/** `content` is plain text, rendered as text (never as HTML). */
export const blogPostSchema = z.object({
  _id: uuidSchema,
  title: z.string(),
  content: z.string(),
  imageUrls: z.array(z.string()),
  createdAt: z.iso.datetime({ offset: true }),
});
export type BlogPost = z.infer<typeof blogPostSchema>;

export const blogListResponseSchema = z.array(blogPostSchema);
