import { useId, useState } from 'react';
import { useParams } from 'react-router';
import { PAGE_SIZES } from '@soko/contract';
import { useChatWithSeller } from '../../chat';
import { useMetadata } from '../../tenants';
import { useShopListing } from '../api/get-shop-listing';
import { ListingError, ListingLoading } from './listing/listing-status';
import { ProductListing } from './listing/product-listing';
import { useScrollToTopOnOpen } from './listing/use-scroll-to-top-on-open';
import { usePageTitle } from './product/use-page-title';
import { SellerProfile } from './seller-profile';

const ALL = '';

/**
 * /shop/:shopId: one seller's face (decision 040), categories and products, for shoppers of the
 * marketplace. The chat is the seller's own while this page is open.
 */
export function ShopPage() {
  const { shopId = '' } = useParams();
  const { data: listing, error, isPending, refetch } = useShopListing(shopId);
  const { data: shops } = useMetadata();
  const seller = shops?.find((shop) => shop._id === shopId);
  const [categoryId, setCategoryId] = useState(ALL);
  const headingId = useId();
  useScrollToTopOnOpen(shopId);
  usePageTitle(listing?.name ?? null);
  useChatWithSeller(shopId);

  if (!listing) {
    return (
      <div aria-busy={isPending}>
        {error ? <ListingError error={error} onRetry={() => void refetch()} /> : <ListingLoading />}
      </div>
    );
  }
  const categories = listing.categories.filter((category) => category.products.length > 0);
  const chosen = categories.find((category) => category._id === categoryId);
  const products = chosen ? chosen.products : categories.flatMap((category) => category.products);

  return (
    <div className="space-y-4">
      {seller ? (
        <SellerProfile seller={seller} headingId={headingId} />
      ) : (
        <h1 className="text-2xl font-bold text-stone-900">{listing.name}</h1>
      )}
      {categories.length > 1 && (
        <nav aria-label="Categories of this shop">
          <ul className="flex flex-wrap gap-2">
            {[{ _id: ALL, name: 'All' }, ...categories].map((category) => (
              <li key={category._id}>
                <button
                  type="button"
                  aria-pressed={category._id === categoryId}
                  onClick={() => setCategoryId(category._id)}
                  className="rounded-full border border-stone-300 px-3 py-1 text-sm text-stone-800 hover:bg-stone-100 aria-pressed:border-brand-700 aria-pressed:bg-brand-700 aria-pressed:text-white"
                >
                  {category.name}
                </button>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <ProductListing
        key={categoryId}
        products={products}
        perPage={PAGE_SIZES.publicListing}
        maxColumns={3}
        sortable
        emptyText="This shop has no products yet."
      />
    </div>
  );
}
