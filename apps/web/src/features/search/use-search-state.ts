import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  changeSearchState,
  readSearchState,
  writeSearchState,
  type SearchFilters,
} from './search-params';

/** The results page's state, read from and written to the address (search-params.ts). */
export function useSearchState() {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => readSearchState(searchParams), [searchParams]);

  const change = useCallback(
    (changes: Partial<SearchFilters> | { page: number }) => {
      setSearchParams(
        (previous) => writeSearchState(changeSearchState(readSearchState(previous), changes)),
        // Each change is a history entry, so Back undoes it; the page scrolls itself (to the
        // results on a page change) rather than jumping to the top on every filter.
        { preventScrollReset: true },
      );
    },
    [setSearchParams],
  );

  return { state, change };
}
