import { lazy, Suspense, useId, useState } from 'react';
import { secondaryButton } from '../../../components/form-styles';
import { useT, withMessages } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { useMyReview, useProductReviews } from '../api/get-reviews';
import { ReviewItem, ReviewList } from './review-list';
import { ReviewSummary } from './review-summary';

// The form (react-hook-form and the zod schemas, about 45 KB) only for a shopper who may write
// a review: most readers of a product page are not signed in, and their phones need not run it.
// Its errors are the contract's and the server's words (decision 050): `problem.` comes along.
const ReviewForm = lazy(
  withMessages(['problem'], async () => ({
    default: (await import('./review-form')).ReviewForm,
  })),
);

/** The signed-in shopper's part: their review, the form, or nothing when they may not review. */
function MyReviewArea({ productId }: { productId: string }) {
  const { signedIn } = useSession();
  const t = useT();
  const { data } = useMyReview(productId, signedIn);
  if (!signedIn || !data) return null;
  if (data.review) {
    return (
      <div className="space-y-2 rounded-md border border-stone-200 p-4">
        <p role="status" className="font-medium text-stone-900">
          {t('reviews.alreadyReviewed')}
        </p>
        <ReviewItem review={data.review} />
      </div>
    );
  }
  return data.canReview ? (
    <Suspense fallback={<p className="text-sm text-stone-600">{t('reviews.loadingForm')}</p>}>
      <ReviewForm productId={productId} />
    </Suspense>
  ) : null;
}

/** The product page's Reviews section: figures, the shopper's form, and the reviews in pages. */
export function ProductReviews({ productId }: { productId: string }) {
  const headingId = useId();
  const t = useT();
  const [page, setPage] = useState(1);
  const { data, error, isPlaceholderData } = useProductReviews(productId, page);

  return (
    <section aria-labelledby={headingId} className="space-y-6">
      <h2 id={headingId} className="text-xl font-bold text-stone-900">
        {t('reviews.title')}
      </h2>
      {data && <ReviewSummary figures={data} />}
      {error && !data && (
        <p role="alert" className="text-red-800">
          {t('reviews.loadFailed')}
        </p>
      )}
      <MyReviewArea productId={productId} />
      {data && data.reviews.length > 0 && (
        <div className="space-y-4" aria-busy={isPlaceholderData}>
          <ReviewList reviews={data.reviews} />
          {data.pageCount > 1 && (
            <nav aria-label={t('reviews.pages')} className="flex items-center gap-3">
              <button
                type="button"
                className={secondaryButton}
                disabled={page <= 1}
                onClick={() => setPage((p) => p - 1)}
              >
                {t('listing.previous')}
              </button>
              <span className="text-sm text-stone-700">
                {t('listing.pageOf', { page: data.page, pageCount: data.pageCount })}
              </span>
              <button
                type="button"
                className={secondaryButton}
                disabled={page >= data.pageCount}
                onClick={() => setPage((p) => p + 1)}
              >
                {t('listing.next')}
              </button>
            </nav>
          )}
        </div>
      )}
    </section>
  );
}
