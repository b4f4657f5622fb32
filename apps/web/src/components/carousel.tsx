import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import { PauseIcon, PlayIcon } from './icons';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void) {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );
}

export interface CarouselProps {
  /** Accessible name of the carousel region, e.g. 'Promotions'. */
  label: string;
  /** One node per slide; each fills the viewport's width and height. */
  slides: ReactNode[];
  /** Time each slide shows while playing, in ms; 0 turns autoplay off. */
  autoplayMs?: number;
  /** Space between slides, in px. */
  spacing?: number;
  /** Classes of the outer box (size it here: height, rounding). */
  className?: string;
}

/**
 * A slide strip on native horizontal scrolling with snap points, so a swipe is the browser's
 * own gesture and costs no script. Autoplay carries on after a swipe or a dot click (the
 * spec), but there is a visible pause button and it does not start under
 * prefers-reduced-motion (WCAG 2.2.2; DESIGN departure 8). No arrows (the spec).
 */
export function Carousel({
  label,
  slides,
  autoplayMs = 3000,
  spacing = 0,
  className = '',
}: CarouselProps) {
  const viewportRef = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  const reducedMotion = usePrefersReducedMotion();
  // null until the shopper presses pause or play: then their choice wins over the default.
  const [playChoice, setPlayChoice] = useState<boolean | null>(null);
  const [touching, setTouching] = useState(false);
  const count = slides.length;
  const canPlay = count > 1 && autoplayMs > 0;
  const playing = canPlay && (playChoice ?? !reducedMotion);

  const goTo = useCallback(
    (index: number) => {
      const viewport = viewportRef.current;
      const slide = viewport?.children[index];
      if (!viewport || !(slide instanceof HTMLElement)) return;
      viewport.scrollTo({ left: slide.offsetLeft, behavior: reducedMotion ? 'auto' : 'smooth' });
    },
    [reducedMotion],
  );

  // The current slide follows the scroll position, whoever moved it (autoplay, dot, swipe).
  const onScroll = useCallback(() => {
    const viewport = viewportRef.current;
    if (!viewport || viewport.clientWidth === 0) return;
    const index = Math.round(viewport.scrollLeft / (viewport.clientWidth + spacing));
    setCurrent(Math.min(Math.max(index, 0), count - 1));
  }, [count, spacing]);

  // The strip scrolls before the app starts on a page the server painted: a shopper's swipe then
  // is the slide they are on, not the first.
  useEffect(onScroll, [onScroll]);

  // One timer per shown slide: any move restarts the count, so a slide picked by hand gets
  // its full time before the strip moves on.
  useEffect(() => {
    if (!playing || touching) return;
    const timer = window.setTimeout(() => goTo((current + 1) % count), autoplayMs);
    return () => window.clearTimeout(timer);
  }, [playing, touching, current, count, autoplayMs, goTo]);

  if (count === 0) return null;

  return (
    <div
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      className={`relative overflow-hidden ${className}`}
    >
      <div
        ref={viewportRef}
        onScroll={onScroll}
        onTouchStart={() => setTouching(true)}
        onTouchEnd={() => setTouching(false)}
        onTouchCancel={() => setTouching(false)}
        // While playing, slide changes are not announced (they would interrupt constantly).
        aria-live={playing ? 'off' : 'polite'}
        className="relative flex h-full snap-x snap-mandatory overflow-x-auto overscroll-x-contain [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
        style={{ gap: `${spacing}px` }}
      >
        {slides.map((slide, index) => (
          <div
            // Slides are positional: their order is the data's order.
            key={index}
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${count}`}
            className="h-full w-full shrink-0 snap-start snap-always"
          >
            {slide}
          </div>
        ))}
      </div>

      {count > 1 && (
        <div className="absolute inset-x-0 bottom-1 flex items-center justify-center gap-1">
          <div className="flex items-center rounded-full bg-black/35 px-1">
            {slides.map((_, index) => (
              <button
                key={index}
                type="button"
                aria-label={`Go to slide ${index + 1}`}
                aria-current={index === current ? 'true' : undefined}
                onClick={() => goTo(index)}
                className="group flex size-6 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-white"
              >
                <span
                  className={`block h-2 rounded-full transition-all motion-reduce:transition-none ${
                    index === current ? 'w-4 bg-white' : 'w-2 bg-white/60 group-hover:bg-white/90'
                  }`}
                />
              </button>
            ))}
          </div>
          {canPlay && (
            <button
              type="button"
              aria-label={playing ? 'Pause slideshow' : 'Play slideshow'}
              onClick={() => setPlayChoice(!playing)}
              className="flex size-6 items-center justify-center rounded-full bg-black/35 text-white hover:bg-black/55 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-white"
            >
              {playing ? <PauseIcon className="size-3.5" /> : <PlayIcon className="size-3" />}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
