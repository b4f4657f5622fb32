import { lazy, Suspense, useId, useState } from 'react';
import { secondaryButton } from '../../../components/form-styles';
import { useSession } from '../../../lib/session';
import { useMyReview, useProductReviews } from '../api/get-reviews';
import { ReviewItem, ReviewList } from './review-list';
import { ReviewSummary } from './review-summary';

// The form (react-hook-form and the zod schemas, about 45 KB) only for a shopper who may write
// a review: most readers of a product page are not signed in, and their phones need not run it.
const ReviewForm = lazy(() =>
  import('./review-form').then(({ ReviewForm }) => ({ default: ReviewForm })),
);

/** The signed-in shopper's part: their review, the form, or nothing when they may not review. */
function MyReviewArea({ productId }: { productId: string }) {
  const { signedIn } = useSession();
  const { data } = useMyReview(productId, signedIn);
  if (!signedIn || !data) return null;
  if (data.review) {
    return (
      <div className="space-y-2 rounded-md border border-stone-200 p-4">
        <p role="status" className="font-medium text-stone-900">
          You have already reviewed this product.
        </p>
        <ReviewItem review={data.review} />
      </div>
    );
  }
  return data.canReview ? (
    <Suspense fallback={<p className="text-sm text-stone-600">Loading the review form...</p>}>
      <ReviewForm productId={productId} />
    </Suspense>
  ) : null;
}

/** The product page's Reviews section: figures, the shopper's form, and the reviews in pages. */
export function ProductReviews({ productId }: { productId: string }) {
  const headingId = useId();
  const [page, setPage] = useState(1);
  const { data, error, isPlaceholderData } = useProductReviews(productId, page);

  return (
    <section aria-labelledby={headingId} className="space-y-6">
      <h2 id={headingId} className="text-xl font-bold text-stone-900">
        Reviews
      </h2>
      {data && <ReviewSummary figures={data} />}
      {error && !data && (
        <p role="alert" className="text-red-800">
          The reviews could not be loaded.
        </p>
      )}
      <MyReviewArea productId={productId} />
      {data && data.reviews.length > 0 && (
        <div className="space-y-4" aria-busy={isPlaceholderData}>
          <ReviewList reviews={data.reviews} />
          {data.pageCount > 1 && (
            <nav aria-label="Review pages" className="flex items-center gap-3">
              <button
                type="button"
                className={secondaryButton}
                disabled={page <= 1}
                onClick={() => setPage((p) => p - 1)}
              >
                Previous
              </button>
              <span className="text-sm text-stone-700">{`Page ${data.page} of ${data.pageCount}`}</span>
              <button
                type="button"
                className={secondaryButton}
                disabled={page >= data.pageCount}
                onClick={() => setPage((p) => p + 1)}
              >
                Next
              </button>
            </nav>
          )}
        </div>
      )}
    </section>
  );
}
