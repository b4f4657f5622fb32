import type { Review } from '@soko/contract';
import { formatReviewDate } from '../review-figures';
import { Stars } from './stars';

/** One review. The body is text in a <p>: React escapes it, so markup shows as typed. */
export function ReviewItem({ review }: { review: Review }) {
  return (
    <article className="space-y-1 border-t border-stone-200 pt-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Stars rating={review.rating} className="size-4" />
        <span className="text-sm font-semibold text-stone-900">{review.author}</span>
        {review.verified && (
          <span className="rounded bg-green-50 px-1.5 py-0.5 text-xs font-medium text-green-800">
            Verified purchase
          </span>
        )}
        <time dateTime={review.createdAt} className="text-sm text-stone-600">
          {formatReviewDate(review.createdAt)}
        </time>
      </div>
      <p className="whitespace-pre-line break-words text-stone-800">{review.body}</p>
    </article>
  );
}

export function ReviewList({ reviews }: { reviews: readonly Review[] }) {
  return (
    <ul className="space-y-4">
      {reviews.map((review) => (
        <li key={review._id}>
          <ReviewItem review={review} />
        </li>
      ))}
    </ul>
  );
}
