// One rating per product per rater. The product row is locked first so that concurrent
// ratings of one product recompute its average one after another, never from a stale sum.
import { and, count, eq, sql, sum } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { products, ratings } from '../../platform/schema';

export type Rater = { key: string; userId: string | null };

export async function saveRating(db: Db, rater: Rater, productId: string, rating: number) {
  return db.transaction(async (tx) => {
    const [product] = await tx
      .select({ id: products.id })
      .from(products)
      .where(eq(products.id, productId))
      .for('update');
    if (!product) throw notFound('Product not found.');

    await tx
      .insert(ratings)
      .values({ productId, raterKey: rater.key, userId: rater.userId, rating })
      .onConflictDoUpdate({
        target: [ratings.productId, ratings.raterKey],
        set: { rating, updatedAt: sql`now()` },
      });

    const [totals] = await tx
      .select({ total: sum(ratings.rating).mapWith(Number), n: count() })
      .from(ratings)
      .where(and(eq(ratings.productId, productId)));
    const ratingSum = totals?.total ?? 0;
    const ratingCount = totals?.n ?? 0;
    await tx.update(products).set({ ratingSum, ratingCount }).where(eq(products.id, productId));
    return {
      productId,
      rating,
      average: ratingCount === 0 ? 0 : Math.round((ratingSum / ratingCount) * 10) / 10,
      count: ratingCount,
    };
  });
}
