import { useSyncExternalStore } from 'react';
import { NARROW_BREAKPOINT_PX } from '@soko/contract';

// "Under 768 px": 767.98 rather than 767 so fractional widths (zoomed pages) count too.
const NARROW_QUERY = `(max-width: ${NARROW_BREAKPOINT_PX - 0.02}px)`;

function subscribe(onChange: () => void): () => void {
  const media = window.matchMedia(NARROW_QUERY);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

const isNarrow = () => window.matchMedia(NARROW_QUERY).matches;

/** Whether the window is under NARROW_BREAKPOINT_PX wide, following resizes. */
export function useNarrowViewport(): boolean {
  return useSyncExternalStore(subscribe, isNarrow, () => false);
}

const never = () => () => {};

/**
 * False while the browser takes over a page the server painted (where the width is not known
 * yet and `useNarrowViewport` reads wide), true from the render after: decisions that depend on
 * the width wait for it.
 */
export function useWidthKnown(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
