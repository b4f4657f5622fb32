import { useT } from '../../../lib/i18n';
import { PublicListingPage } from './listing/public-listing-page';

/** /new-arrival: a real list, newest first (DESIGN departure 10). */
export function NewArrivalsPage() {
  const t = useT();
  return <PublicListingPage title={t('listing.newArrivals')} order="newest" />;
}
