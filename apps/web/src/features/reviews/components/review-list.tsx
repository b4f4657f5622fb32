import type { Review } from '@soko/contract';
import { useLocale, useT } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { useHideReview } from '../api/hide-review';
import { formatReviewDate } from '../review-figures';
import { Stars } from './stars';

/** One review. The body is text in a <p>: React escapes it, so markup shows as typed. */
export function ReviewItem({ review }: { review: Review }) {
  const t = useT();
  const locale = useLocale();
  return (
    <article className="space-y-1 border-t border-stone-200 pt-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Stars rating={review.rating} className="size-4" />
        <span className="text-sm font-semibold text-stone-900">{review.author}</span>
        {review.verified && (
          <span className="rounded bg-green-50 px-1.5 py-0.5 text-xs font-medium text-green-800">
            {t('reviews.verified')}
          </span>
        )}
        <time dateTime={review.createdAt} className="text-sm text-stone-600">
          {formatReviewDate(review.createdAt, locale)}
        </time>
      </div>
      <p className="whitespace-pre-line break-words text-stone-800">{review.body}</p>
    </article>
  );
}

/** Shown to admins only: the server refuses anyone else (403). */
function HideButton({ review }: { review: Review }) {
  const hide = useHideReview(review.productId);
  const t = useT();
  return (
    <div className="pt-1">
      <button
        type="button"
        disabled={hide.isPending}
        onClick={() => hide.mutate(review._id)}
        className="rounded border border-stone-300 px-2 py-1 text-xs font-semibold text-stone-800 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        {hide.isPending ? t('reviews.hiding') : t('reviews.hide')}
        <span className="sr-only">{t('reviews.byAuthor', { author: review.author })}</span>
      </button>
      {hide.isError && (
        <p role="alert" className="text-sm text-red-700">
          {t('reviews.hideFailed')}
        </p>
      )}
    </div>
  );
}

export function ReviewList({ reviews }: { reviews: readonly Review[] }) {
  const isAdmin = useSession().currentUser?.role === 'admin';
  return (
    <ul className="space-y-4">
      {reviews.map((review) => (
        <li key={review._id}>
          <ReviewItem review={review} />
          {isAdmin && <HideButton review={review} />}
        </li>
      ))}
    </ul>
  );
}
