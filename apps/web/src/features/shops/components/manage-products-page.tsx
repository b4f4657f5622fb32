// Manage Products by shop (/add-products/:shopId, spec section 2): categories on the left, the
// selected category's products on the right (stacked on phones). The selected category is in the
// address (?category=) so a reload, a shared link and the back button keep it.
import { useState } from 'react';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { FormStatus } from '../../../components/form/form-messages';
import { alertClass, focusRing, secondaryButton } from '../../../components/form-styles';
import { ApiError } from '../../../lib/api-client';
import { StatsSection } from '../../stats';
import { useSession } from '../../../lib/session';
import { useShopCategories } from '../api/get-shop-categories';
import { useShops } from '../api/get-shops';
import { CategoriesPanel } from './categories-panel';
import { ProductsPanel } from './products-panel';
import { usePageHeading } from './use-page-heading';
import { type OwnerKey } from '../../../lib/i18n';
import { useOwnerT } from '../../../lib/staff-i18n';

export function ManageProductsPage() {
  const { signedIn } = useSession();
  const { shopId = '' } = useParams();
  if (!signedIn) return <Navigate to="/login" replace />;
  return <ManageProducts key={shopId} shopId={shopId} />;
}

function loadProblem(error: unknown): OwnerKey {
  if (error instanceof ApiError && (error.status === 403 || error.status === 401)) {
    return 'owner.manageProducts.notYourShop';
  }
  if (error instanceof ApiError && error.status === 404) return 'owner.manageProducts.shopNotFound';
  return 'owner.manageProducts.loadFailed';
}

function ManageProducts({ shopId }: { shopId: string }) {
  const t = useOwnerT();
  usePageHeading(t('owner.manageProducts.manageProducts'));
  const categories = useShopCategories(shopId);
  const shopName = useShops().data?.find((shop) => shop._id === shopId)?.name;
  const [searchParams, setSearchParams] = useSearchParams();
  const [status, setStatus] = useState<string | null>(null);
  const selectedId = searchParams.get('category');
  const selected = categories.data?.find((category) => category._id === selectedId) ?? null;

  const select = (categoryId: string | null) => {
    setSearchParams(categoryId ? { category: categoryId } : {}, { replace: true });
  };

  return (
    <section aria-labelledby="manage-heading" className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 id="manage-heading" className="text-2xl font-bold text-stone-900">
          {shopName
            ? t('owner.common.titleOfShop', {
                title: t('owner.manageProducts.manageProducts'),
                shopName,
              })
            : t('owner.manageProducts.manageProducts')}
        </h1>
        <Link
          to="/shops"
          className={`text-sm font-semibold text-brand-800 underline hover:text-brand-900 ${focusRing}`}
        >
          {t('owner.common.backToShopManagement')}
        </Link>
      </div>
      <FormStatus message={status} />

      {categories.isPending ? (
        <p role="status" className="text-stone-600">
          {t('owner.manageProducts.loadingCategories')}
        </p>
      ) : categories.isError ? (
        <div className="space-y-2">
          <p role="alert" className={alertClass}>
            {t(loadProblem(categories.error))}
          </p>
          {!(categories.error instanceof ApiError && categories.error.status < 500) && (
            <button
              type="button"
              onClick={() => void categories.refetch()}
              className={secondaryButton}
            >
              {t('owner.manageProducts.tryAgain')}
            </button>
          )}
        </div>
      ) : (
        <>
          <StatsSection shopId={shopId} />
          <div className="grid gap-6 md:grid-cols-[minmax(14rem,20rem)_1fr]">
            <CategoriesPanel
              shopId={shopId}
              categories={categories.data}
              selectedId={selected?._id ?? null}
              onSelect={select}
              onStatus={setStatus}
            />
            <ProductsPanel shopId={shopId} category={selected} onStatus={setStatus} />
          </div>
        </>
      )}
    </section>
  );
}
