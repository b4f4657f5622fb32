import { useT } from '../../../../lib/i18n';
import { useEffect, useRef } from 'react';
import { PAGE_SIZES, pageCount, type SortKey } from '@soko/contract';
import { useProductsPage } from '../../api/get-products';
import { Pagination } from '../pagination';
import { ProductGrid } from '../product-grid';
import { ListingError, ListingLoading } from './listing-status';
import { SortSelect } from './sort-select';
import { useListingSearchParams } from './use-listing-search-params';
import { useScrollToTopOnOpen } from './use-scroll-to-top-on-open';
import { usePageTitle } from '../product/use-page-title';
import { scrollToStart } from '../../../../lib/scroll-to-start';

export interface PublicListingPageProps {
  title: string;
  /** Shows the 'Sort by' select; otherwise the list keeps `order`. */
  sortable?: boolean;
  order?: SortKey;
}

/**
 * Every shop's products, 9 a page (spec 9), one page at a time from the server
 * (GET /api/listing/gellisting?page=&pageSize=&sort=): the page and the sort live in the URL,
 * so reload keeps them and Back returns to the page before.
 */
export function PublicListingPage({
  title,
  sortable = false,
  order = 'featured',
}: PublicListingPageProps) {
  const params = useListingSearchParams();
  const t = useT();
  const sort = sortable ? params.sort : order;
  const pageSize = PAGE_SIZES.publicListing;
  const { data, error, isPending, isPlaceholderData, refetch } = useProductsPage({
    page: params.page,
    pageSize,
    sort,
  });
  const gridRef = useRef<HTMLElement>(null);
  useScrollToTopOnOpen(title);
  // The server's title for the page (pages.ts), kept on a move inside the app.
  usePageTitle(title);

  const changePage = (next: number) => {
    params.update({ page: next });
    // Spec: a page change scrolls to the grid.
    scrollToStart(gridRef.current);
  };

  const pages = data ? pageCount(data.total, pageSize) : 1;
  // A page beyond the end (an old link, fewer products now) moves to the last one.
  const beyondEnd = data !== undefined && !isPlaceholderData && params.page > pages;
  const { update } = params;
  useEffect(() => {
    if (beyondEnd) update({ page: pages });
  }, [beyondEnd, pages, update]);

  return (
    <div className="space-y-4" aria-busy={isPending || isPlaceholderData}>
      <h1 className="text-2xl font-bold text-stone-900">{title}</h1>
      {sortable && (
        <div className="flex justify-end">
          <SortSelect value={params.sort} onChange={(next) => params.update({ sort: next })} />
        </div>
      )}
      {data ? (
        data.total === 0 ? (
          <p className="py-8 text-center text-stone-600">{t('catalog.noProducts')}</p>
        ) : (
          <>
            <section ref={gridRef} aria-label={t('listing.products')} className="scroll-mt-4">
              <ProductGrid
                products={data.products}
                emptyText="No products found."
                // Nine a page fill three rows of three.
                maxColumns={3}
                priority
              />
            </section>
            <Pagination page={params.page} pageCount={pages} onPageChange={changePage} />
          </>
        )
      ) : error ? (
        // Only without data: a failed background refresh keeps the products on screen.
        <ListingError error={error} onRetry={() => void refetch()} />
      ) : (
        <ListingLoading />
      )}
    </div>
  );
}
