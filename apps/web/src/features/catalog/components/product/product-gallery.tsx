import { useT } from '../../../../lib/i18n';
import { useState } from 'react';
import { imageSrcSet, parseMediaUrl, IMAGE_SIZES } from '@soko/contract';

// The main image spans the page on phones and about half of the 72rem column on desktop.

interface ProductGalleryProps {
  name: string;
  imageUrls: readonly string[];
}

/**
 * The main image (the first by default: it is the page's largest paint, so it loads eagerly and
 * first) and, with more than one image, a row of thumbnails that switch it.
 */
export function ProductGallery({ name, imageUrls }: ProductGalleryProps) {
  const [selected, setSelected] = useState(0);
  const t = useT();
  const total = imageUrls.length;
  const current = imageUrls[Math.min(selected, total - 1)];

  if (!current) {
    return (
      <div className="flex aspect-square w-full items-center justify-center rounded-lg bg-stone-100 text-stone-600">
        <p>{t('gallery.noImage')}</p>
      </div>
    );
  }

  const size = parseMediaUrl(current);
  return (
    <div className="space-y-3">
      <div className="aspect-square w-full overflow-hidden rounded-lg bg-stone-100">
        <img
          src={current}
          srcSet={imageSrcSet(current)}
          sizes={IMAGE_SIZES.productMain}
          width={size?.width}
          height={size?.height}
          alt={total > 1 ? t('gallery.imageOf', { name, index: selected + 1, total }) : name}
          loading="eager"
          fetchPriority="high"
          decoding="async"
          className="h-full w-full object-contain"
        />
      </div>
      {total > 1 && (
        <ul className="flex gap-2 overflow-x-auto pb-1" aria-label={t('gallery.images')}>
          {imageUrls.map((url, index) => {
            const isCurrent = index === selected;
            const thumb = parseMediaUrl(url);
            return (
              <li key={`${index}-${url}`} className="shrink-0">
                <button
                  type="button"
                  aria-label={t('gallery.show', { index: index + 1, total })}
                  aria-pressed={isCurrent}
                  onClick={() => setSelected(index)}
                  className={`block size-16 overflow-hidden rounded-md border-2 bg-stone-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 sm:size-20 ${
                    isCurrent ? 'border-brand-700' : 'border-transparent hover:border-stone-300'
                  }`}
                >
                  <img
                    src={url}
                    srcSet={imageSrcSet(url)}
                    sizes="80px"
                    width={thumb?.width}
                    height={thumb?.height}
                    alt=""
                    loading="lazy"
                    decoding="async"
                    className="h-full w-full object-cover"
                  />
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
