import { useLocale, useT } from '../../../lib/i18n';
import { formatKsh, productName } from '@soko/contract';
import { focusRing } from '../../../components/form-styles';
import { readRecentlyViewed } from '../../../lib/recently-viewed';
import { useOnlineStatus } from '../../../lib/use-online-status';

/**
 * /offline, and what a page shows when its data was never saved: the products viewed in this
 * browser, whose pages and pictures the service worker keeps for reading offline.
 */
export function OfflinePage() {
  const online = useOnlineStatus();
  const t = useT();
  return (
    <section className="space-y-4 py-6">
      <h1 className="text-2xl font-bold text-stone-900">
        {online ? t('offline.savedTitle') : t('offline.youAreOffline')}
      </h1>
      {!online && <p className="text-stone-700">{t('offline.needsConnection')}</p>}
      <RecentlyViewedList />
    </section>
  );
}

export function RecentlyViewedList() {
  const products = readRecentlyViewed();
  const t = useT();
  const locale = useLocale();
  if (products.length === 0) {
    return <p className="text-stone-700">{t('offline.listedHere')}</p>;
  }
  return (
    <>
      <h2 className="text-lg font-semibold text-stone-900">{t('offline.recentlyViewed')}</h2>
      <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
        {products.map((product) => (
          <li key={product.id}>
            {/* A whole-page load on purpose: the service worker keeps the product's page as
                served, with its data, whereas the router would ask the API for it. */}
            <a href={product.path} className={`block rounded-md hover:bg-stone-50 ${focusRing}`}>
              <img
                src={product.imageUrl ?? '/placeholder-product.svg'}
                alt=""
                loading="lazy"
                className="aspect-square w-full rounded-md object-cover"
              />
              <span className="mt-1 block font-medium text-stone-900">
                {productName(product, locale)}
              </span>
              <span className="block text-stone-700">{formatKsh(product.price, locale)}</span>
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}
