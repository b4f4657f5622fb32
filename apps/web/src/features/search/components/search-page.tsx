import { useRef } from 'react';
import { formatCount, SEARCH_RANKED_MAX } from '@soko/contract';
import {
  ListingError,
  ListingLoading,
  Pagination,
  ProductGrid,
  usePageTitle,
  useScrollToTopOnOpen,
} from '../../catalog';
import { useSearchFacets } from '../api/get-search-facets';
import { useSearchProducts } from '../api/search-products';
import { searchPageCount, type SearchState } from '../search-params';
import { useSearchState } from '../use-search-state';
import { SearchFiltersPanel, SearchSortSelect } from './search-filters';
import { useLocale, useT } from '../../../lib/i18n';
import { scrollToStart } from '../../../lib/scroll-to-start';

/** /search?query={text}: every shop's products matching the text, filtered, sorted and paged. */
export function SearchPage() {
  const { state, change } = useSearchState();
  const t = useT();
  useScrollToTopOnOpen(state.query);
  usePageTitle(state.query ? t('search.resultsFor', { query: state.query }) : t('search.title'));

  if (!state.query) {
    // A blank or missing text asks the API for nothing (spec section 5).
    return (
      <div className="mx-auto max-w-md space-y-2 py-12 text-center">
        <h1 className="text-2xl font-bold text-stone-900">{t('search.title')}</h1>
        <p className="text-stone-700">{t('search.typeHint')}</p>
      </div>
    );
  }
  return <SearchResults state={state} change={change} />;
}

interface SearchResultsProps {
  state: SearchState;
  change: ReturnType<typeof useSearchState>['change'];
}

function SearchResults({ state, change }: SearchResultsProps) {
  const { data, error, isFetching, isPlaceholderData, refetch } = useSearchProducts(state);
  const { data: facets } = useSearchFacets(state);
  const resultsRef = useRef<HTMLElement>(null);
  const t = useT();
  const locale = useLocale();

  const changePage = (page: number) => {
    change({ page });
    scrollToStart(resultsRef.current);
  };

  const total = data?.total;
  return (
    <div className="space-y-4">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold break-words text-stone-900">
          {t('search.resultsFor', { query: state.query })}
        </h1>
        {/* Announced as it changes: the count is the answer to the filter just picked. */}
        {/* Its line is kept while the count loads, so the results below do not move. */}
        <p role="status" className="min-h-5 text-sm text-stone-600">
          {total === undefined
            ? ''
            : total >= SEARCH_RANKED_MAX
              ? // A search ranks at most this many: past it the count is "at least".
                t('search.foundAtLeast', { count: formatCount(SEARCH_RANKED_MAX, locale) })
              : t('search.found', { count: total })}
        </p>
      </div>

      <div className="flex flex-col gap-4 md:grid md:grid-cols-[15rem_minmax(0,1fr)] md:items-start md:gap-6">
        <SearchFiltersPanel state={state} facets={facets} onChange={change} />

        <div className="space-y-4">
          <div className="flex justify-end">
            <SearchSortSelect value={state.sort} onChange={(sort) => change({ sort })} />
          </div>
          <section
            ref={resultsRef}
            aria-label={t('search.results')}
            aria-busy={isFetching}
            // While the first results load, the space they will take is held, so the footer
            // does not show and then jump away.
            className={`scroll-mt-4 ${data ? '' : 'min-h-[70dvh]'}`}
          >
            {data ? (
              data.total === 0 ? (
                <p className="py-8 text-center text-stone-600">{t('search.noResults')}</p>
              ) : (
                // The previous results stay, dimmed, while the next ones load.
                <div className={isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
                  <ProductGrid
                    products={data.products}
                    maxColumns={3}
                    priority
                    emptyText={t('search.pastLastPage')}
                  />
                </div>
              )
            ) : error ? (
              <ListingError error={error} onRetry={() => void refetch()} />
            ) : (
              <ListingLoading />
            )}
          </section>
          {data && data.total > 0 && (
            <Pagination
              page={state.page}
              pageCount={searchPageCount(data.total)}
              onPageChange={changePage}
              label={t('search.resultsPages')}
            />
          )}
        </div>
      </div>
    </div>
  );
}
