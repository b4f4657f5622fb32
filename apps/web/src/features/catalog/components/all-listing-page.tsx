import { PublicListingPage } from './listing/public-listing-page';

/** /alllisting: every shop's products, 9 per page, with the sort select. */
export function AllListingPage() {
  return <PublicListingPage title="All Products" sortable />;
}
