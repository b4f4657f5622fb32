import { useEffect, useEffectEvent } from 'react';
import { useNavigationType } from 'react-router';

/**
 * Spec: a listing scrolls to the top when it opens (and when `key`, its category, changes).
 * Back and Forward (POP) are left to the router's ScrollRestoration, which puts the shopper
 * back where they were.
 */
export function useScrollToTopOnOpen(key: string): void {
  const navigationType = useNavigationType();
  const scrollToTop = useEffectEvent(() => {
    if (navigationType !== 'POP') window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  });
  useEffect(() => {
    scrollToTop();
  }, [key]);
}
