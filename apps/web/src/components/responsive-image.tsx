import type { ImgHTMLAttributes } from 'react';
import { imageSrcSet, parseMediaUrl } from '@soko/contract';

export interface ResponsiveImageProps extends Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  'src' | 'srcSet' | 'alt' | 'loading' | 'fetchPriority' | 'decoding'
> {
  src: string;
  /** Required: '' for a decorative image, words that say what it shows otherwise. */
  alt: string;
  /** Which width the image takes on screen, so the browser picks the smallest rendition. */
  sizes?: string;
  /** The page's largest above-the-fold image (its LCP): loaded at once and first. */
  priority?: boolean;
  /** Fallback intrinsic size for addresses outside our media store (no size in the name). */
  width?: number;
  height?: number;
}

/**
 * An <img> for our media URLs (/media/{key}/{w}x{h}.webp): width and height from the name
 * (no layout shift), a srcset of the stored renditions, lazy unless `priority`.
 */
export function ResponsiveImage({
  src,
  alt,
  sizes,
  priority = false,
  width,
  height,
  ...rest
}: ResponsiveImageProps) {
  const ref = parseMediaUrl(src);
  const srcSet = imageSrcSet(src);
  return (
    // `loading` comes before the sources so no browser starts an eager fetch first.
    <img
      alt={alt}
      width={ref?.width ?? width}
      height={ref?.height ?? height}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      {...rest}
      sizes={srcSet ? sizes : undefined}
      srcSet={srcSet}
      src={src}
    />
  );
}
