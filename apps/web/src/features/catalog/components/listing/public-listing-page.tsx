import { PAGE_SIZES, type SortKey } from '@soko/contract';
import { useProducts } from '../../api/get-products';
import { ListingError, ListingLoading } from './listing-status';
import { ProductListing } from './product-listing';
import { useScrollToTopOnOpen } from './use-scroll-to-top-on-open';

export interface PublicListingPageProps {
  title: string;
  /** Shows the 'Sort by' select; otherwise the list keeps `order`. */
  sortable?: boolean;
  order?: SortKey;
}

/** A list of every shop's products (GET /api/listing/gellisting), 9 per page (spec 9). */
export function PublicListingPage({ title, sortable = false, order }: PublicListingPageProps) {
  const { data: products, error, isPending, refetch } = useProducts();
  useScrollToTopOnOpen(title);

  return (
    <div className="space-y-4" aria-busy={isPending}>
      <h1 className="text-2xl font-bold text-stone-900">{title}</h1>
      {products ? (
        <ProductListing
          products={products}
          perPage={PAGE_SIZES.publicListing}
          // Nine a page fill three rows of three.
          maxColumns={3}
          sortable={sortable}
          order={order}
        />
      ) : error ? (
        // Only without data: a failed background refresh keeps the products on screen.
        <ListingError error={error} onRetry={() => void refetch()} />
      ) : (
        <ListingLoading />
      )}
    </div>
  );
}
