import { useT } from '../../../../lib/i18n';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { Product } from '@soko/contract';
import { ProductCard } from '../product-card';

// Spec sections 2 and 9: two products stacked per slide, 10 px apart; 1, 2 or 3 slides in view
// from 0, 640 (Tailwind's sm) and 1024 px (lg). The slide widths leave room for the gaps, so
// exactly that many slides fill the track.
const SLIDE_WIDTHS = 'basis-full sm:basis-[calc((100%-10px)/2)] lg:basis-[calc((100%-20px)/3)]';
const PER_SLIDE = 2;

function toSlides(products: readonly Product[]): Product[][] {
  const slides: Product[][] = [];
  for (let start = 0; start < products.length; start += PER_SLIDE) {
    slides.push(products.slice(start, start + PER_SLIDE));
  }
  return slides;
}

const prefersReducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * 'You may also like:': a track that scrolls sideways and snaps to slides (a swipe on a phone, a
 * trackpad or the buttons elsewhere), with no carousel library.
 */
export function RelatedProductsCarousel({ products }: { products: readonly Product[] }) {
  const headingId = useId();
  const trackId = useId();
  const t = useT();
  const trackRef = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ atStart: true, atEnd: true });
  const slides = useMemo(() => toSlides(products), [products]);

  const updateEdges = useCallback(() => {
    const track = trackRef.current;
    if (!track) return;
    // A pixel of slack: fractional widths leave scrollLeft just short of the end.
    const atStart = track.scrollLeft <= 1;
    const atEnd = track.scrollLeft + track.clientWidth >= track.scrollWidth - 1;
    setEdges((previous) =>
      previous.atStart === atStart && previous.atEnd === atEnd ? previous : { atStart, atEnd },
    );
  }, []);

  // The observer's first call measures the track once the browser has laid it out: measured
  // here, the layout was forced inside React's commit, a long task on a phone (issue 16). The
  // buttons' row keeps their height either way, so their coming does not move the track.
  useEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    const observer = new ResizeObserver(updateEdges);
    observer.observe(track);
    track.addEventListener('scroll', updateEdges, { passive: true });
    return () => {
      observer.disconnect();
      track.removeEventListener('scroll', updateEdges);
    };
  }, [updateEdges, slides.length]);

  const scrollBySlide = (direction: 1 | -1) => {
    const track = trackRef.current;
    const slide = track?.firstElementChild;
    if (!track || !(slide instanceof HTMLElement)) return;
    track.scrollBy({
      left: direction * (slide.offsetWidth + 10),
      behavior: prefersReducedMotion() ? 'auto' : 'smooth',
    });
  };

  // The cards do not depend on the scroll position: a scroll or a resize renders only the buttons.
  const slideList = useMemo(
    () =>
      slides.map((slide, index) => (
        <div
          key={slide.map((product) => product._id).join(':')}
          role="group"
          aria-roledescription="slide"
          aria-label={`${index + 1} of ${slides.length}`}
          className={`flex shrink-0 snap-start flex-col gap-[10px] ${SLIDE_WIDTHS}`}
        >
          {slide.map((product) => (
            <ProductCard key={product._id} product={product} />
          ))}
        </div>
      )),
    [slides],
  );

  const canScroll = !(edges.atStart && edges.atEnd);
  const buttonClass =
    'flex size-10 items-center justify-center rounded-full border border-stone-300 bg-white text-stone-800 shadow-sm hover:bg-stone-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:opacity-40';

  return (
    <section aria-labelledby={headingId} aria-roledescription="carousel" className="space-y-4">
      <div className="flex min-h-10 items-center justify-between gap-4">
        <h2 id={headingId} className="text-lg font-bold text-stone-900">
          {t('related.title')}
        </h2>
        {canScroll && (
          <div className="flex gap-2">
            <button
              type="button"
              aria-label={t('related.previous')}
              aria-controls={trackId}
              disabled={edges.atStart}
              onClick={() => scrollBySlide(-1)}
              className={buttonClass}
            >
              <span aria-hidden="true">&#8592;</span>
            </button>
            <button
              type="button"
              aria-label={t('related.next')}
              aria-controls={trackId}
              disabled={edges.atEnd}
              onClick={() => scrollBySlide(1)}
              className={buttonClass}
            >
              <span aria-hidden="true">&#8594;</span>
            </button>
          </div>
        )}
      </div>
      <div
        id={trackId}
        ref={trackRef}
        className="flex snap-x snap-mandatory gap-[10px] overflow-x-auto overscroll-x-contain pb-2 [scrollbar-width:thin]"
      >
        {slideList}
      </div>
    </section>
  );
}
