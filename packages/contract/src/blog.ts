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

/**
 * `content` is the author's Markdown as written. `contentHtml` is that Markdown rendered by the
 * server with raw HTML off (typed tags come out as text) and unsafe link schemes refused, so the
 * app can show it as HTML; `description` is the plain text's first ~160 characters (meta tags,
 * list cards).
 */
export const blogPostSchema = z.object({
  _id: uuidSchema,
  title: z.string(),
  content: z.string(),
  contentHtml: z.string(),
  description: z.string(),
  imageUrls: z.array(z.string()),
  createdAt: z.iso.datetime({ offset: true }),
});
export type BlogPost = z.infer<typeof blogPostSchema>;

export const blogListResponseSchema = z.array(blogPostSchema);

/** Posts come 10 a page, newest first; the total is in the X-Total-Count header. */
export const BLOG_PAGE_SIZE = 10;

/** The last page number the blog's list takes: past it the call (and the page) answer 400. */
export const BLOG_MAX_PAGE = 10_000;

export const blogListQuerySchema = z.object({
  page: z.coerce.number().int('Must be a whole number.').min(1).max(BLOG_MAX_PAGE).default(1),
});
export type BlogListQuery = z.infer<typeof blogListQuerySchema>;

/** Any text: an id that is not a uuid is simply a post that does not exist (404). */
export const blogIdParamsSchema = z.object({ id: z.string().min(1) });

export const blogPostPath = (post: Pick<BlogPost, '_id'>) => `/blog/${post._id}`;
