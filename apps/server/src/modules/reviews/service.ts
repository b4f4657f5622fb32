// The reviews rules: only a shopper whose own order holds the product, with the shop's part
// delivered and the order not reversed, refunded or cancelled, may review it, once; hidden reviews count nowhere. The body is kept as the plain
// text the shopper typed (trimmed by the contract); it is never turned into HTML.
import {
  REVIEW_MESSAGES,
  REVIEWS_IN_PAGE_DATA,
  reviewAverage,
  reviewPageCount,
  type MyReview,
  type ProductReviews,
  type Review,
  type ReviewDistribution,
  type ReviewInput,
  type ReviewModeration,
} from '@soko/contract';
import type { Db } from '../../platform/db';
import { AppError, conflict, notFound } from '../../platform/errors';
import { proofOfPurchase } from '../orders';
import {
  findOwnReview,
  findReview,
  insertReview,
  productExists,
  setReviewHidden,
  starCounts,
  visibleReviewsPage,
} from './queries';

const productNotFound = () => notFound('Product not found.');

async function assertProduct(db: Db, productId: string): Promise<void> {
  if (!(await productExists(db, productId))) throw productNotFound();
}

export async function postReview(
  db: Db,
  userId: string,
  productId: string,
  input: ReviewInput,
): Promise<Review> {
  await assertProduct(db, productId);
  const orderId = await proofOfPurchase(db, userId, productId);
  if (!orderId) throw new AppError(403, 'not_a_buyer', REVIEW_MESSAGES.notABuyer);
  const reviewId = await insertReview(db, { productId, userId, orderId, ...input });
  if (!reviewId) throw conflict('already_reviewed', REVIEW_MESSAGES.alreadyReviewed);
  const review = await findReview(db, reviewId);
  if (!review) throw new Error(`review ${reviewId} vanished after its insert`);
  return review;
}

type Figures = Pick<ProductReviews, 'average' | 'count' | 'distribution'>;

async function figures(db: Db, productId: string): Promise<Figures> {
  const distribution: ReviewDistribution = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  let sum = 0;
  let total = 0;
  for (const { rating, n } of await starCounts(db, productId)) {
    // The table's CHECK keeps ratings to 1..5.
    distribution[rating as keyof ReviewDistribution] = n;
    sum += rating * n;
    total += n;
  }
  return { average: reviewAverage(sum, total), count: total, distribution };
}

export async function productReviews(
  db: Db,
  productId: string,
  page: number,
): Promise<ProductReviews> {
  await assertProduct(db, productId);
  const summary = await figures(db, productId);
  const pageCount = reviewPageCount(summary.count);
  // Past the last page: an empty page, with the figures, rather than an error.
  const reviews = page > pageCount ? [] : await visibleReviewsPage(db, productId, page);
  return { ...summary, reviews, page, pageCount };
}

/** What the product page needs to know to offer the form, or the caller's review instead. */
export async function myReview(db: Db, userId: string, productId: string): Promise<MyReview> {
  await assertProduct(db, productId);
  const review = await findOwnReview(db, userId, productId);
  if (review) return { canReview: false, review };
  return { canReview: (await proofOfPurchase(db, userId, productId)) !== null, review: null };
}

export async function moderateReview(
  db: Db,
  reviewId: string,
  hide: { by: string } | null,
): Promise<ReviewModeration> {
  const row = await setReviewHidden(db, reviewId, hide?.by ?? null);
  if (!row) throw notFound('Review not found.');
  return { _id: row.id, productId: row.productId, hidden: hide !== null };
}

/** The product page's JSON-LD material: figures and a few newest visible reviews. */
export async function reviewsForPageData(
  db: Db,
  productId: string,
): Promise<{ average: number; count: number; reviews: Review[] }> {
  const { average, count } = await figures(db, productId);
  if (count === 0) return { average, count, reviews: [] };
  return {
    average,
    count,
    reviews: await visibleReviewsPage(db, productId, 1, REVIEWS_IN_PAGE_DATA),
  };
}
