import { INITIAL_DATA_ELEMENT_ID, type InitialDataEntry } from '@soko/contract';
import type { QueryClient } from '@tanstack/react-query';

/**
 * Seeds the query cache with the answers the server wrote into the page, so the first render
 * already has them (no loading flash, no layout shift, one round trip fewer on a slow network).
 */
export function seedInitialData(queryClient: QueryClient, doc: Document = document): void {
  const element = doc.getElementById(INITIAL_DATA_ELEMENT_ID);
  if (!element?.textContent) return;
  try {
    const entries = JSON.parse(element.textContent) as InitialDataEntry[];
    for (const { key, data } of entries) queryClient.setQueryData(key, data);
  } catch (error) {
    // A broken block only costs the head start: the queries fetch as usual.
    console.error('The page’s initial data could not be read:', error);
  }
}
