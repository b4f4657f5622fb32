import { useLocale, useT, type Translate } from '../../../lib/i18n';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useNavigationType, useParams } from 'react-router';
import { productName, productNameSlug, productPath, type Product } from '@soko/contract';
import { ApiError } from '../../../lib/api-client';
import { rememberViewedProduct } from '../../../lib/recently-viewed';
import { useOnlineStatus } from '../../../lib/use-online-status';
import { useProduct } from '../api/get-product';
import { ProductDetails } from './product/product-details';
import { usePageTitle } from './product/use-page-title';

/** Spec section 8: 'Error: HTTP error! status: {code}' for an error answer, in the page's language. */
function errorText(error: Error, t: Translate): string {
  if (error instanceof ApiError) return t('common.httpError', { status: error.status });
  return t('common.error', { message: error.message });
}

/**
 * `:userId` and `:productName` are decoration (DESIGN.md): the product is found by its id, and
 * an address with a stale or wrong name (a renamed product, a hand-edited link) is replaced by
 * the canonical one, once, so a shared link and the crawler's canonical tag agree.
 */
function useCanonicalAddress(product: Product | undefined) {
  const { userId, productName } = useParams();
  const navigate = useNavigate();
  const replacedFor = useRef<string | null>(null);

  useEffect(() => {
    if (!product || replacedFor.current === product._id) return;
    // Route params arrive decoded (an encoded '/' stays '%2F'); compare like with like.
    const expectedName = decodeURIComponent(productNameSlug(product.name)).replace(/\//g, '%2F');
    if (productName === expectedName && userId === product.userId) return;
    replacedFor.current = product._id;
    void navigate(productPath(product), { replace: true, preventScrollReset: true });
  }, [product, productName, userId, navigate]);
}

export function ProductPage() {
  const { productId = '' } = useParams();
  const navigationType = useNavigationType();
  const { data: product, error, refetch, isRefetching } = useProduct(productId);

  // Spec section 2: the page opens at the top. Back and forward keep the position the router's
  // scroll restoration gives back.
  useEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [productId, navigationType]);

  useCanonicalAddress(product);
  // Listed on the offline screen: the service worker keeps this product's answer and pictures.
  useEffect(() => {
    if (product) rememberViewedProduct(product);
  }, [product]);
  const online = useOnlineStatus();
  const t = useT();
  const locale = useLocale();
  const notFound = error instanceof ApiError && error.status === 404;
  usePageTitle(
    product ? productName(product, locale) : notFound ? t('product.notFoundTitle') : null,
  );

  // A failed background refetch keeps showing the product already on screen.
  if (product) return <ProductDetails key={product._id} product={product} />;

  if (error && !isRefetching && !online) {
    return (
      <div className="space-y-4 py-12 text-center">
        <p role="alert" className="font-medium text-stone-900">
          {t('product.offlineNotSaved')}
        </p>
        <Link
          to="/offline"
          className="font-medium text-brand-800 underline hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        >
          {t('product.seeRecent')}
        </Link>
      </div>
    );
  }

  if (error && !isRefetching) {
    return (
      <div className="space-y-4 py-12 text-center">
        <p role="alert" className="font-medium text-red-700">
          {errorText(error, t)}
        </p>
        {notFound ? (
          <p className="text-stone-700">
            {t('product.notFound')}{' '}
            <Link to="/" className="font-medium text-brand-800 underline hover:text-brand-900">
              {t('common.continueShopping')}
            </Link>
          </p>
        ) : (
          <button
            type="button"
            onClick={() => void refetch()}
            className="rounded-md border border-stone-300 px-4 py-2 font-medium text-stone-800 hover:bg-stone-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
          >
            {t('common.tryAgain')}
          </button>
        )}
      </div>
    );
  }

  return (
    <p role="status" className="py-12 text-center text-stone-600">
      {t('product.loading')}
    </p>
  );
}
