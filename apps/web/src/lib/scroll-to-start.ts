/**
 * Brings an element to the top of the view (a listing's grid on a page change, spec section 4),
 * smoothly unless the shopper asked their system for less motion.
 */
export function scrollToStart(element: Element | null | undefined): void {
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  element?.scrollIntoView({ block: 'start', behavior: reduced ? 'instant' : 'smooth' });
}
