import { IMAGE_SIZES } from '@soko/contract';
import { Carousel } from '../../../../components/carousel';
import { ResponsiveImage } from '../../../../components/responsive-image';

/** Spec section 2: used when the listing has no first or second image. */
export const BANNER_FALLBACK_IMAGES = ['/default-image1.jpg', '/default-image2.jpg'] as const;
// public/default-image{1,2}.jpg are 600 x 600.
const FALLBACK_SIZE = 600;

// Spec: 100px high on medium and 150px on large screens; phones get a little less.
const BANNER_HEIGHT = 'h-24 md:h-[100px] lg:h-[150px]';
// Columns 1 : 2 : 1 on phones, 1 : 3 : 1 from md, in a page at most 72rem (1120px of content).
const GRID = 'grid grid-cols-[1fr_2fr_1fr] gap-2 md:grid-cols-[1fr_3fr_1fr] md:gap-4';

export interface HomeBannerProps {
  /** The listing's imageUrls: the first two are the side images. */
  imageUrls: readonly string[];
  /** The listing's promotionalimages: the rotating strip between them. */
  promotionalImages: readonly string[];
}

/**
 * Two static side images and a rotating promotional strip between them (spec section 2:
 * autoplay 3000 ms, 30 px spacing, clickable pagination, no arrows).
 */
export function HomeBanner({ imageUrls, promotionalImages }: HomeBannerProps) {
  const [first, second] = BANNER_FALLBACK_IMAGES;
  return (
    <section aria-label="Featured" className={GRID}>
      <SideImage src={imageUrls[0] ?? first} priority />
      {promotionalImages.length > 0 ? (
        <Carousel
          label="Promotions"
          autoplayMs={3000}
          spacing={30}
          className={`${BANNER_HEIGHT} rounded-lg bg-stone-100`}
          slides={promotionalImages.map((src, index) => (
            <ResponsiveImage
              key={src}
              src={src}
              alt={`Promotion ${index + 1} of ${promotionalImages.length}`}
              sizes={IMAGE_SIZES.homeStrip}
              // The strip is the banner's largest image: its first slide loads at once.
              priority={index === 0}
              className="size-full object-cover"
            />
          ))}
        />
      ) : (
        <div className={`${BANNER_HEIGHT} rounded-lg bg-linear-to-r from-brand-50 to-stone-100`} />
      )}
      <SideImage src={imageUrls[1] ?? second} />
    </section>
  );
}

function SideImage({ src, priority = false }: { src: string; priority?: boolean }) {
  return (
    <ResponsiveImage
      src={src}
      // Decorative shop imagery: the listing carries no description of it.
      alt=""
      sizes={IMAGE_SIZES.homeSide}
      width={FALLBACK_SIZE}
      height={FALLBACK_SIZE}
      priority={priority}
      className={`${BANNER_HEIGHT} w-full rounded-lg bg-stone-100 object-cover`}
    />
  );
}

/** The banner's shape while the listing loads, so nothing below it moves when it arrives. */
export function HomeBannerSkeleton() {
  return (
    <div aria-hidden="true" className={GRID}>
      {[0, 1, 2].map((cell) => (
        <div
          key={cell}
          className={`${BANNER_HEIGHT} animate-pulse rounded-lg bg-stone-100 motion-reduce:animate-none`}
        />
      ))}
    </div>
  );
}
