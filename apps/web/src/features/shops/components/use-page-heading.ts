import { useEffect } from 'react';

/** `{page} | Soko` while the screen is open; the previous title returns on leaving. */
export function usePageHeading(page: string) {
  useEffect(() => {
    const previous = document.title;
    document.title = `${page} | ${previous.split(' | ').pop() ?? previous}`;
    return () => {
      document.title = previous;
    };
  }, [page]);
}
