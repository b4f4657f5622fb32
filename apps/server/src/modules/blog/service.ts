import { BLOG_PAGE_SIZE, isUuid, type BlogPost, type CreateBlogBody } from '@soko/contract';
import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { blogPosts } from '../../platform/schema';
import { describe, renderMarkdown } from './markdown';
import { assertBlogPictures } from '../media';

type BlogRow = typeof blogPosts.$inferSelect;

function toPost(row: BlogRow): BlogPost {
  return {
    _id: row.id,
    title: row.title,
    content: row.content,
    contentHtml: renderMarkdown(row.content),
    description: describe(row.content),
    imageUrls: row.imageUrls,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function createPost(
  db: Db,
  authorId: string,
  body: CreateBlogBody,
  pictureBase: string,
): Promise<BlogPost> {
  await assertBlogPictures(db, pictureBase, { imageUrls: body.imageUrls });
  const [row] = await db
    .insert(blogPosts)
    .values({ authorId, title: body.title, content: body.content, imageUrls: body.imageUrls })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return toPost(row);
}

/** One page of posts, newest first. */
export async function listPosts(db: Db, page: number): Promise<BlogPost[]> {
  const rows = await db
    .select()
    .from(blogPosts)
    // The id breaks ties so paging never shows a post twice or skips one.
    .orderBy(desc(blogPosts.createdAt), desc(blogPosts.id))
    .limit(BLOG_PAGE_SIZE)
    .offset((page - 1) * BLOG_PAGE_SIZE);
  return rows.map(toPost);
}

export async function countPosts(db: Db): Promise<number> {
  const [row] = await db.select({ total: count() }).from(blogPosts);
  return row?.total ?? 0;
}

export async function getPost(db: Db, id: string): Promise<BlogPost> {
  // A malformed id is a post that does not exist, not a database error.
  if (!isUuid(id)) throw notFound('Post not found.');
  const [row] = await db.select().from(blogPosts).where(eq(blogPosts.id, id)).limit(1);
  if (!row) throw notFound('Post not found.');
  return toPost(row);
}
