import { RATING_MAX } from '@soko/contract';
import { useT } from '../../../lib/i18n';

const STAR_PATH =
  'M10 1.8l2.47 5.3 5.8.7-4.28 4 1.12 5.74L10 14.7l-5.11 2.84 1.12-5.74-4.28-4 5.8-.7z';

export function StarIcon({
  filled,
  className = 'size-5',
}: {
  filled: boolean;
  className?: string;
}) {
  return (
    <svg
      viewBox="0 0 20 20"
      aria-hidden="true"
      focusable="false"
      className={`${className} ${filled ? 'fill-amber-400 stroke-amber-500' : 'fill-none stroke-stone-400'}`}
      strokeWidth={1.5}
    >
      <path d={STAR_PATH} />
    </svg>
  );
}

/** A rating drawn as stars, said in words ('4 out of 5 stars'). */
export function Stars({ rating, className }: { rating: number; className?: string }) {
  const t = useT();
  const lit = Math.round(rating);
  return (
    <span
      className="inline-flex items-center"
      role="img"
      aria-label={t('reviews.average', { average: rating })}
    >
      {Array.from({ length: RATING_MAX }, (_, i) => (
        <StarIcon key={i} filled={i < lit} {...(className ? { className } : {})} />
      ))}
    </span>
  );
}
