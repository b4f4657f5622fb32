import { startTransition, useEffect, useState } from 'react';
import { NARROW_BREAKPOINT_PX } from '@soko/contract';

// "Under 768 px": 767.98 rather than 767 so fractional widths (zoomed pages) count too.
const NARROW_QUERY = `(max-width: ${NARROW_BREAKPOINT_PX - 0.02}px)`;

/**
 * Whether this render may read the window: not on the server, and not while the browser takes
 * over a page the server painted (the root layout marks `html[data-hydrated]` once it has), as
 * that render must draw what the server drew, which assumed a wide window.
 */
function windowReadable(): boolean {
  return typeof document !== 'undefined' && document.documentElement.dataset.hydrated === 'true';
}

// State and effects rather than useSyncExternalStore: a store whose browser snapshot differs
// from the server's makes React re-render synchronously right after hydration, the whole page
// in one long task on a phone (issue 16). As a transition, that first re-render yields to the
// browser.

/** Whether the window is under NARROW_BREAKPOINT_PX wide, following resizes. */
export function useNarrowViewport(): boolean {
  const [narrow, setNarrow] = useState(
    () => windowReadable() && window.matchMedia(NARROW_QUERY).matches,
  );
  useEffect(() => {
    const media = window.matchMedia(NARROW_QUERY);
    startTransition(() => setNarrow(media.matches));
    // A later resize is the shopper's own move: drawn at once, not as a transition, which busy
    // renders (a page's data arriving, say) could keep putting off.
    const update = () => setNarrow(media.matches);
    media.addEventListener('change', update);
    return () => media.removeEventListener('change', update);
  }, []);
  return narrow;
}

/**
 * False while the browser takes over a page the server painted (where the width is not known
 * yet and `useNarrowViewport` reads wide), true from the render after: decisions that depend on
 * the width wait for it.
 */
export function useWidthKnown(): boolean {
  const [known, setKnown] = useState(windowReadable);
  useEffect(() => {
    if (!known) startTransition(() => setKnown(true));
  }, [known]);
  return known;
}
