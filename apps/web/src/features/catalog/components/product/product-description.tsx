import { useT } from '../../../../lib/i18n';
import { useId } from 'react';
import { descriptionBullets } from '@soko/contract';

/** Parts separated by '||' become a bulleted list (spec section 2); plain text, a paragraph. */
export function ProductDescription({ description }: { description: string }) {
  const headingId = useId();
  const t = useT();
  const bullets = descriptionBullets(description);
  if (bullets.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h2 id={headingId} className="text-base font-semibold text-stone-900">
        {t('product.description')}
      </h2>
      {description.includes('||') ? (
        <ul className="list-disc space-y-1 pl-5 leading-relaxed text-stone-700 marker:text-brand-700">
          {bullets.map((bullet, index) => (
            <li key={index}>{bullet}</li>
          ))}
        </ul>
      ) : (
        <p className="leading-relaxed whitespace-pre-line text-stone-700">{bullets[0]}</p>
      )}
    </section>
  );
}
