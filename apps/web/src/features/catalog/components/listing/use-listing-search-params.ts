import { useCallback } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import {
  ALL_TYPES,
  DEFAULT_SORT,
  parsePageParam,
  parseSortKey,
  type SortKey,
} from '@soko/contract';

export interface ListingChanges {
  page?: number;
  sort?: SortKey;
  type?: string;
}

/**
 * The shopper's place in a listing (page, type filter, sort) lives in the URL, so reload keeps
 * it and Back returns to the previous page. Defaults stay out of the URL; changing the filter or
 * the sort starts again at page 1 (spec section 4).
 */
export function useListingSearchParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const { state } = useLocation();

  const page = parsePageParam(searchParams.get('page'));
  const sort = parseSortKey(searchParams.get('sort'));
  const type = searchParams.get('type') || ALL_TYPES;

  const update = useCallback(
    (changes: ListingChanges) => {
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          const set = (key: string, value: string | undefined, fallback: string) => {
            if (value === undefined) return;
            if (value === fallback) next.delete(key);
            else next.set(key, value);
          };
          set('type', changes.type, ALL_TYPES);
          set('sort', changes.sort, DEFAULT_SORT);
          if (changes.page !== undefined) set('page', String(changes.page), '1');
          else if (changes.type !== undefined || changes.sort !== undefined) next.delete('page');
          return next;
        },
        // The screen scrolls itself (to the grid on a page change). The navigation state
        // (a category's products) is kept so a later reload still has it.
        { preventScrollReset: true, state },
      );
    },
    [setSearchParams, state],
  );

  return { page, sort, type, update };
}
