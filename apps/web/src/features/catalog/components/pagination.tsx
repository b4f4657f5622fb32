import { useT } from '../../../lib/i18n';
import { useEffect, useRef } from 'react';

export interface PaginationProps {
  /** 1-based. */
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  /** Names the navigation landmark when a screen has more than one. */
  label?: string;
}

const BUTTON =
  'rounded-md border border-stone-300 bg-white px-4 py-2 text-sm font-medium text-stone-800 hover:bg-stone-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:bg-white';

/** Previous and Next (disabled at the ends) around 'Page X of Y', which is announced on change. */
export function Pagination({ page, pageCount, onPageChange, label }: PaginationProps) {
  const t = useT();
  const previousRef = useRef<HTMLButtonElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);

  const focusAfterChange = useRef<HTMLButtonElement | null>(null);
  // The page last asked for. A page change is a transition that may not have drawn yet when the
  // next tap comes (a slow phone, or taps held until the app started and made one after the
  // other): a second Next then goes on from the page asked for, not from the one still shown.
  const asked = useRef(page);
  useEffect(() => {
    asked.current = page;
  }, [page]);

  // A button that becomes disabled under keyboard focus would drop focus to the page's start:
  // at either end, focus moves to the other button once the new page has rendered (it may
  // have been disabled itself until then).
  const go = (step: number) => {
    const target = Math.min(Math.max(asked.current + step, 1), pageCount);
    if (target === asked.current) return;
    asked.current = target;
    focusAfterChange.current =
      target <= 1 ? nextRef.current : target >= pageCount ? previousRef.current : null;
    onPageChange(target);
  };

  useEffect(() => {
    focusAfterChange.current?.focus();
    focusAfterChange.current = null;
  }, [page]);

  return (
    <nav
      aria-label={label ?? t('listing.pagination')}
      className="flex items-center justify-center gap-4 py-4"
    >
      <button
        type="button"
        className={BUTTON}
        ref={previousRef}
        disabled={page <= 1}
        onClick={() => go(-1)}
      >
        {t('listing.previous')}
      </button>
      <p aria-live="polite" aria-atomic="true" className="text-sm text-stone-700">
        {t('listing.pageOf', { page, pageCount })}
      </p>
      <button
        type="button"
        className={BUTTON}
        ref={nextRef}
        disabled={page >= pageCount}
        onClick={() => go(1)}
      >
        {t('listing.next')}
      </button>
    </nav>
  );
}
