// Reviews as stored and read back. Lists and figures count visible reviews only (hidden_at is
// null); the caller's own review is found by their id in the WHERE.
import { REVIEWS_PAGE_SIZE, reviewAuthorName, type Review } from '@soko/contract';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { products, reviews, users } from '../../platform/schema';

const reviewColumns = {
  id: reviews.id,
  productId: reviews.productId,
  rating: reviews.rating,
  body: reviews.body,
  createdAt: reviews.createdAt,
  firstName: users.firstName,
  lastName: users.lastName,
};

type ReviewRow = {
  id: string;
  productId: string;
  rating: number;
  body: string;
  createdAt: Date;
  firstName: string;
  lastName: string;
};

export function reviewView(row: ReviewRow): Review {
  return {
    _id: row.id,
    productId: row.productId,
    rating: row.rating,
    body: row.body,
    author: reviewAuthorName(row.firstName, row.lastName),
    verified: true,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A product shoppers can still see (a deleted one takes no reviews and shows none). */
export async function productExists(db: Db, productId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), isNull(products.deletedAt)))
    .limit(1);
  return row !== undefined;
}

/**
 * Stores the review unless the shopper already has one for the product. ON CONFLICT DO NOTHING
 * on the (product, user) unique index settles two posts racing each other: the second waits for
 * the first to commit and then inserts nothing, so it is answered 409 rather than a 500.
 */
export async function insertReview(
  db: Db,
  values: { productId: string; userId: string; orderId: string; rating: number; body: string },
): Promise<string | null> {
  const [row] = await db
    .insert(reviews)
    .values(values)
    .onConflictDoNothing({ target: [reviews.productId, reviews.userId] })
    .returning({ id: reviews.id });
  return row?.id ?? null;
}

export async function findReview(db: Db, reviewId: string): Promise<Review | null> {
  const [row] = await db
    .select(reviewColumns)
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(eq(reviews.id, reviewId))
    .limit(1);
  return row ? reviewView(row) : null;
}

/** The caller's review of a product, hidden or not (it is theirs either way). */
export async function findOwnReview(
  db: Db,
  userId: string,
  productId: string,
): Promise<Review | null> {
  const [row] = await db
    .select(reviewColumns)
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(and(eq(reviews.productId, productId), eq(reviews.userId, userId)))
    .limit(1);
  return row ? reviewView(row) : null;
}

const visibleOf = (productId: string) =>
  and(eq(reviews.productId, productId), isNull(reviews.hiddenAt));

/** How many visible reviews gave each number of stars. */
export async function starCounts(
  db: Db,
  productId: string,
): Promise<Array<{ rating: number; n: number }>> {
  return db
    .select({ rating: reviews.rating, n: count() })
    .from(reviews)
    .where(visibleOf(productId))
    .groupBy(reviews.rating);
}

/** One page of visible reviews, newest first (the id breaks ties so pages never overlap). */
export async function visibleReviewsPage(
  db: Db,
  productId: string,
  page: number,
  pageSize = REVIEWS_PAGE_SIZE,
): Promise<Review[]> {
  const rows = await db
    .select(reviewColumns)
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(visibleOf(productId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return rows.map(reviewView);
}

/** Hides (or shows again) a review; answers its product, or null when there is no such review. */
export async function setReviewHidden(
  db: Db,
  reviewId: string,
  hiddenBy: string | null,
): Promise<{ id: string; productId: string } | null> {
  const [row] = await db
    .update(reviews)
    .set(
      hiddenBy
        ? { hiddenAt: sql`now()`, hiddenBy, updatedAt: sql`now()` }
        : { hiddenAt: null, hiddenBy: null, updatedAt: sql`now()` },
    )
    .where(eq(reviews.id, reviewId))
    .returning({ id: reviews.id, productId: reviews.productId });
  return row ?? null;
}
