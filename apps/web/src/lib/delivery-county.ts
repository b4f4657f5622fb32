// The county the shopper last chose at checkout (or on a product page), kept in this browser so
// the product page can say what delivery there costs (issue 31). Not a cookie: the server paints
// the page without it, and the quote loads after the app starts.
import { KENYA_COUNTIES, type County } from '@soko/contract';

export const DELIVERY_COUNTY_KEY = 'deliveryCounty';

const isCounty = (value: unknown): value is County =>
  typeof value === 'string' && (KENYA_COUNTIES as readonly string[]).includes(value);

/** The value as one of the 47 counties, or null ('' before one is chosen). */
export const asCounty = (value: unknown): County | null => (isCounty(value) ? value : null);

/** The remembered county, or null (none yet, storage blocked, or a value that is not one). */
export function readDeliveryCounty(): County | null {
  try {
    const saved = window.localStorage.getItem(DELIVERY_COUNTY_KEY);
    return isCounty(saved) ? saved : null;
  } catch {
    return null;
  }
}

export function rememberDeliveryCounty(county: string): void {
  if (!isCounty(county)) return;
  try {
    window.localStorage.setItem(DELIVERY_COUNTY_KEY, county);
  } catch {
    // Private mode or a full storage: the shopper picks the county again next time.
  }
}
