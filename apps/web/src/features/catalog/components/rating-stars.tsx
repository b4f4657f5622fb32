import { useT, type Translate } from '../../../lib/i18n';
import { useId, useState } from 'react';
import { RATING_MAX, RATING_MIN } from '@soko/contract';
import { useSaveRating } from '../api/save-rating';

export interface RatingStarsProps {
  productId: string;
  /** The product's average over all raters (0 when unrated). */
  average: number;
  count: number;
}

const STARS = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => RATING_MIN + i);

function StarIcon({ filled }: { filled: boolean }) {
  return (
    <svg
      viewBox="0 0 20 20"
      aria-hidden="true"
      focusable="false"
      className={`size-6 ${filled ? 'fill-amber-400 stroke-amber-500' : 'fill-none stroke-stone-400'}`}
      strokeWidth={1.5}
    >
      <path d="M10 1.8l2.47 5.3 5.8.7-4.28 4 1.12 5.74L10 14.7l-5.11 2.84 1.12-5.74-4.28-4 5.8-.7z" />
    </svg>
  );
}

function averageText(t: Translate, average: number, count: number): string {
  if (count === 0) return t('rating.none');
  return t('rating.average', { average: average.toFixed(1), count });
}

/**
 * Five stars that light up to the one under the pointer or keyboard focus. A click sets the
 * shopper's rating at once and sends it (spec section 4); the answer and any failure are only
 * logged (spec section 7).
 */
export function RatingStars({ productId, average, count }: RatingStarsProps) {
  const [rating, setRating] = useState<number | null>(null);
  const t = useT();
  const [preview, setPreview] = useState<number | null>(null);
  const saveRating = useSaveRating();
  const labelId = useId();

  const lit = preview ?? rating ?? Math.round(average);

  return (
    <div className="space-y-0.5">
      <div
        role="group"
        aria-labelledby={labelId}
        className="flex items-center"
        onMouseLeave={() => setPreview(null)}
      >
        <span id={labelId} className="sr-only">
          {t('rating.rateThis')}
        </span>
        {STARS.map((star) => (
          <button
            key={star}
            type="button"
            aria-label={t('rating.rateStar', { star })}
            aria-pressed={rating === star}
            data-lit={star <= lit ? 'true' : 'false'}
            onMouseEnter={() => setPreview(star)}
            onFocus={() => setPreview(star)}
            onBlur={() => setPreview(null)}
            onClick={() => {
              setRating(star);
              saveRating.mutate({ productId, rating: star });
            }}
            className="-m-0.5 rounded p-0.5 transition-transform hover:scale-110 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-700 motion-reduce:transition-none motion-reduce:hover:scale-100"
          >
            <StarIcon filled={star <= lit} />
          </button>
        ))}
      </div>
      <p className="text-xs text-stone-600">{averageText(t, average, count)}</p>
      {/* Always in the page, so screen readers announce the rating when it appears. */}
      <p role="status" className="text-xs font-medium text-stone-800 empty:hidden">
        {rating === null ? '' : t('rating.yours', { rating })}
      </p>
    </div>
  );
}
