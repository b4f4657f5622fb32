import { formatKsh } from '@soko/contract';
import { focusRing } from '../../../components/form-styles';
import { readRecentlyViewed } from '../../../lib/recently-viewed';
import { useOnlineStatus } from '../../../lib/use-online-status';

/**
 * /offline, and what a page shows when its data was never saved: the products viewed in this
 * browser, whose pages and pictures the service worker keeps for reading offline.
 */
export function OfflinePage() {
  const online = useOnlineStatus();
  return (
    <section className="space-y-4 py-6">
      <h1 className="text-2xl font-bold text-stone-900">
        {online ? 'Saved for offline reading' : 'You are offline'}
      </h1>
      {!online && (
        <p className="text-stone-700">
          This page needs a connection. Your cart is saved, and these products open without one.
        </p>
      )}
      <RecentlyViewedList />
    </section>
  );
}

export function RecentlyViewedList() {
  const products = readRecentlyViewed();
  if (products.length === 0) {
    return <p className="text-stone-700">Products you open will be listed here.</p>;
  }
  return (
    <>
      <h2 className="text-lg font-semibold text-stone-900">Recently viewed</h2>
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
              <span className="mt-1 block font-medium text-stone-900">{product.name}</span>
              <span className="block text-stone-700">{formatKsh(product.price)}</span>
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}
