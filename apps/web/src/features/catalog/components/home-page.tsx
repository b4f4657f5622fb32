import { useT } from '../../../lib/i18n';
import { useEffect } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useTenantListing } from '../api/get-listing';
import { CategoryPicker } from './home/category-picker';
import { HomeBanner, HomeBannerSkeleton } from './home/home-banner';

export function HomePage() {
  const t = useT();
  const { data: listing, isPending, error, refetch, isFetching } = useTenantListing();

  // Spec section 8: the home listing's error is only logged, as 'Error: {status}'.
  useEffect(() => {
    if (error) console.error(`Error: ${error instanceof ApiError ? error.status : error.message}`);
  }, [error]);

  return (
    <div className="space-y-8">
      <h1 className="sr-only">{listing?.name ?? t('home.title')}</h1>
      {isPending ? (
        <>
          <HomeBannerSkeleton />
          <p role="status" className="text-stone-600">
            {t('home.loadingProducts')}
          </p>
        </>
      ) : (
        <>
          <HomeBanner
            imageUrls={listing?.imageUrls ?? []}
            promotionalImages={listing?.promotionalimages ?? []}
          />
          {error ? (
            <div className="space-y-3 rounded-lg bg-stone-50 px-4 py-6 text-center text-stone-700">
              <p>{t('home.loadFailed')}</p>
              <button
                type="button"
                onClick={() => void refetch()}
                disabled={isFetching}
                className="rounded-md border border-stone-300 bg-white px-4 py-2 font-medium text-stone-800 hover:border-brand-700 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-60"
              >
                {t('common.tryAgain')}
              </button>
            </div>
          ) : (
            <CategoryPicker categories={listing?.categories ?? []} />
          )}
        </>
      )}
    </div>
  );
}
