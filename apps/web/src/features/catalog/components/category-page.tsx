import { useMemo } from 'react';
import { useLocation, useParams } from 'react-router';
import { PAGE_SIZES, type Product } from '@soko/contract';
import { useCategoryProducts } from '../api/get-category-products';
import { ListingError, ListingLoading } from './listing/listing-status';
import { ProductListing } from './listing/product-listing';
import { useNarrowViewport } from './listing/use-narrow-viewport';
import { useScrollToTopOnOpen } from './listing/use-scroll-to-top-on-open';

/** Products a link passed in navigation state (`state.products`), when they are well-formed. */
function productsFromState(state: unknown): Product[] | undefined {
  if (typeof state !== 'object' || state === null || !('products' in state)) return undefined;
  const { products } = state;
  // Only our own links put products here; a stale or foreign state is ignored, not trusted.
  const wellFormed =
    Array.isArray(products) &&
    products.every(
      (p: unknown) =>
        typeof p === 'object' &&
        p !== null &&
        typeof (p as Product)._id === 'string' &&
        Array.isArray((p as Product).imageUrls),
    );
  return wellFormed ? (products as Product[]) : undefined;
}

/**
 * /category/:categoryName: the current shop's category by name. A link may hand its products
 * over in navigation state (the spec's source); the screen fetches them by name as well, so a
 * deep link and a reload work.
 */
export function CategoryPage() {
  const categoryName = useParams().categoryName ?? '';
  const { state } = useLocation();
  const initialProducts = useMemo(() => productsFromState(state), [state]);
  const {
    data: products,
    error,
    isPending,
    refetch,
  } = useCategoryProducts(categoryName, initialProducts);
  const narrow = useNarrowViewport();
  useScrollToTopOnOpen(categoryName);

  return (
    <div className="space-y-4" aria-busy={isPending}>
      <h1 className="text-2xl font-bold text-stone-900">{`${categoryName} Products`}</h1>
      {products ? (
        <ProductListing
          products={products}
          perPage={narrow ? PAGE_SIZES.categoryNarrow : PAGE_SIZES.category}
          filterable
          sortable
          emptyText="No products found."
          filteredEmptyText="No products found for this category."
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
