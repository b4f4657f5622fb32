import { useT } from '../../../../lib/i18n';
import { useRef } from 'react';
import {
  matchesType,
  pageCount,
  pageItems,
  sortProducts,
  typeFilterOptions,
  type Product,
  type SortKey,
} from '@soko/contract';
import { Pagination } from '../pagination';
import { ProductGrid } from '../product-grid';
import { SortSelect } from './sort-select';
import { TypeFilter } from './type-filter';
import { useListingSearchParams } from './use-listing-search-params';
import { scrollToStart } from '../../../../lib/scroll-to-start';

export interface ProductListingProps {
  /** Every product of the screen, in the server's order. */
  products: Product[];
  perPage: number;
  /** Shows the 'Sort by' select (its choice is kept in the URL). */
  sortable?: boolean;
  /** The order when the screen has no select (e.g. newest first for New Arrivals). */
  order?: SortKey;
  /** Shows the 'Filter by Type' list. */
  filterable?: boolean;
  /** When the screen has no products at all. */
  emptyText?: string;
  /** When the type filter leaves none. */
  filteredEmptyText?: string;
  maxColumns?: 3 | 4;
}

/** Filter, sort and paging of a product list, with its place kept in the URL. */
export function ProductListing({
  products,
  perPage,
  sortable = false,
  order = 'featured',
  filterable = false,
  emptyText,
  filteredEmptyText,
  maxColumns = 4,
}: ProductListingProps) {
  const params = useListingSearchParams();
  const t = useT();
  const gridRef = useRef<HTMLElement>(null);

  if (products.length === 0) {
    return (
      <p className="py-8 text-center text-stone-600">{emptyText ?? t('catalog.noProducts')}</p>
    );
  }

  const type = filterable ? params.type : undefined;
  const filtered = type ? products.filter((product) => matchesType(product, type)) : products;
  const sorted = sortProducts(filtered, sortable ? params.sort : order);
  const pages = pageCount(sorted.length, perPage);
  // A page beyond the end (an old link, or a resize to more per page) shows the last one.
  const page = Math.min(params.page, pages);
  const shown = pageItems(sorted, page, perPage);

  const changePage = (next: number) => {
    params.update({ page: next });
    // Spec: a page change scrolls to the grid.
    scrollToStart(gridRef.current);
  };

  return (
    <div className="space-y-4">
      {(filterable || sortable) && (
        <div className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
          {filterable && type !== undefined && (
            <TypeFilter
              options={typeFilterOptions(products)}
              value={type}
              onChange={(next) => params.update({ type: next })}
            />
          )}
          {sortable && (
            <div className="shrink-0">
              <SortSelect value={params.sort} onChange={(next) => params.update({ sort: next })} />
            </div>
          )}
        </div>
      )}
      <section ref={gridRef} aria-label="Products" className="scroll-mt-4">
        <ProductGrid
          products={shown}
          emptyText={filteredEmptyText ?? t('listing.noProductsForCategory')}
          maxColumns={maxColumns}
          priority
        />
      </section>
      {sorted.length > 0 && <Pagination page={page} pageCount={pages} onPageChange={changePage} />}
    </div>
  );
}
