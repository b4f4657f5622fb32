import { useT } from '../../../lib/i18n';
import { PublicListingPage } from './listing/public-listing-page';

/** /alllisting: every shop's products, 9 per page, with the sort select. */
export function AllListingPage() {
  const t = useT();
  return <PublicListingPage title={t('listing.allProducts')} sortable />;
}
