import { useT } from '../../../lib/i18n';
import { PublicListingPage } from './listing/public-listing-page';

/** /PopularChoises: a real list, most sold first, then best rated (DESIGN departure 10). */
export function PopularChoicesPage() {
  const t = useT();
  return <PublicListingPage title={t('listing.popularChoices')} order="popular" />;
}
