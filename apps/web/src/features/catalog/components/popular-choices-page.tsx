import { PublicListingPage } from './listing/public-listing-page';

/** /PopularChoises: a real list, most sold first, then best rated (DESIGN departure 10). */
export function PopularChoicesPage() {
  return <PublicListingPage title="Popular Choices" order="popular" />;
}
