import { PublicListingPage } from './listing/public-listing-page';

/** /new-arrival: a real list, newest first (DESIGN departure 10). */
export function NewArrivalsPage() {
  return <PublicListingPage title="New Arrivals" order="newest" />;
}
