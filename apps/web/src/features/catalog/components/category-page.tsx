import { useT } from '../../../lib/i18n';
import { useEffect, useMemo, useRef } from 'react';
import { useLocation, useParams } from 'react-router';
import { ALL_TYPES, PAGE_SIZES, pageCount, type Product } from '@soko/contract';
import { useCategoryPage, useCategoryTypes } from '../api/get-category-products';
import { Pagination } from './pagination';
import { ProductGrid } from './product-grid';
import { ListingError, ListingLoading } from './listing/listing-status';
import { SortSelect } from './listing/sort-select';
import { TypeFilter } from './listing/type-filter';
import { useListingSearchParams } from './listing/use-listing-search-params';
import { useNarrowViewport, useWidthKnown } from './listing/use-narrow-viewport';
import { useScrollToTopOnOpen } from './listing/use-scroll-to-top-on-open';
import { usePageTitle } from './product/use-page-title';
import { scrollToStart } from '../../../lib/scroll-to-start';

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
 * /category/:categoryName: the current shop's category by name, one page at a time from the
 * server (GET /api/listing/products?categoryName=&page=&sort=&type=), with the page, the type
 * filter and the order in the URL. The server pages by 8 (spec 9); a window under 768 px shows
 * 4 a page, each half of a server page, so a resize needs no new request.
 */
export function CategoryPage() {
  const t = useT();
  const categoryName = useParams().categoryName ?? '';
  usePageTitle(t('listing.categoryProducts', { name: categoryName }));
  const { state } = useLocation();
  const linkedProducts = useMemo(() => productsFromState(state), [state]);
  const params = useListingSearchParams();
  const narrow = useNarrowViewport();
  const widthKnown = useWidthKnown();
  const perPage = narrow ? PAGE_SIZES.categoryNarrow : PAGE_SIZES.category;
  const serverPageSize = PAGE_SIZES.category;
  const offset = (params.page - 1) * perPage;
  const { data, error, isPending, isPlaceholderData, refetch } = useCategoryPage(
    {
      categoryName,
      page: Math.floor(offset / serverPageSize) + 1,
      pageSize: serverPageSize,
      sort: params.sort,
      type: params.type,
    },
    linkedProducts,
  );
  const types = useCategoryTypes(categoryName);
  const gridRef = useRef<HTMLElement>(null);
  useScrollToTopOnOpen(categoryName);

  const changePage = (next: number) => {
    params.update({ page: next });
    // Spec: a page change scrolls to the grid.
    scrollToStart(gridRef.current);
  };

  const pages = data ? pageCount(data.total, perPage) : 1;
  // A page beyond the end (an old link, fewer products now) moves to the last one, counted at
  // the screen's real page size (4 a page on a phone has more pages than the painted 8).
  const beyondEnd = widthKnown && data !== undefined && !isPlaceholderData && params.page > pages;
  const { update } = params;
  useEffect(() => {
    if (beyondEnd) update({ page: pages });
  }, [beyondEnd, pages, update]);

  const filtered = params.type !== ALL_TYPES;
  const shown = data?.products.slice(offset % serverPageSize, (offset % serverPageSize) + perPage);

  return (
    <div className="space-y-4" aria-busy={isPending || isPlaceholderData}>
      <h1 className="text-2xl font-bold text-stone-900">
        {t('listing.categoryProducts', { name: categoryName })}
      </h1>
      {data && shown ? (
        data.total === 0 && !filtered ? (
          <p className="py-8 text-center text-stone-600">{t('catalog.noProducts')}</p>
        ) : (
          <div className="space-y-4">
            <div className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
              <TypeFilter
                options={[ALL_TYPES, ...(types.data ?? [])]}
                value={params.type}
                onChange={(next) => params.update({ type: next })}
              />
              <div className="shrink-0">
                <SortSelect
                  value={params.sort}
                  onChange={(next) => params.update({ sort: next })}
                />
              </div>
            </div>
            <section ref={gridRef} aria-label={t('listing.products')} className="scroll-mt-4">
              <ProductGrid
                products={shown}
                emptyText={t('listing.noProductsForCategory')}
                maxColumns={4}
                priority
              />
            </section>
            {data.total > 0 && (
              <Pagination page={params.page} pageCount={pages} onPageChange={changePage} />
            )}
          </div>
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
