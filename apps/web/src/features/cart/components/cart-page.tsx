import { useLocale, useT } from '../../../lib/i18n';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { productName } from '@soko/contract';
import { ApiError } from '../../../lib/api-client';
import { addToCart } from '../cart-actions';
import { getProductQueryOptions } from '../../../lib/get-product';
import { defaultCartLine, type NewCartLineWithStock } from '../cart-line';
import { CartPanel } from './cart-panel';

/** What the product page's Add to Cart passes along (see AddToCartState in the catalog). */
function addToCartState(state: unknown): NewCartLineWithStock | null {
  if (typeof state !== 'object' || state === null || !('addToCart' in state)) return null;
  const line = (state as { addToCart: unknown }).addToCart;
  return typeof line === 'object' && line !== null ? (line as NewCartLineWithStock) : null;
}

function cartNotice(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('cartNotice' in state)) return null;
  const notice = (state as { cartNotice: unknown }).cartNotice;
  return typeof notice === 'string' ? notice : null;
}

/**
 * /cart: the cart panel. A line arriving in the router state (Add to Cart) is added once, then
 * the entry is replaced by a plain /cart, so a reload or a step back does not add it again.
 */
export function CartPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const handled = useRef<string | null>(null);
  const incoming = addToCartState(location.state);

  useEffect(() => {
    if (!incoming || handled.current === location.key) return;
    handled.current = location.key;
    addToCart(incoming, incoming.maxQuantity);
    void navigate('/cart', { replace: true, state: null });
  }, [incoming, location.key, navigate]);

  return <CartPanel notice={cartNotice(location.state)} />;
}

/**
 * /cart/:productId/:userId: that product (its first variant in stock) is added once, then the
 * address becomes /cart. `userId` is the shop owner's id, trusted for nothing (DESIGN.md).
 */
export function CartProductPage() {
  const { productId = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const handled = useRef<string | null>(null);
  const product = useQuery({ ...getProductQueryOptions(productId), staleTime: 0 });
  const t = useT();
  const locale = useLocale();

  useEffect(() => {
    if (handled.current === location.key) return;
    let notice: string | null = null;
    if (product.data) {
      const line = defaultCartLine(product.data);
      if (line) addToCart(line, line.maxQuantity);
      else notice = t('cart.outOfStock', { name: productName(product.data, locale) });
    } else if (product.error) {
      notice =
        product.error instanceof ApiError && product.error.status === 404
          ? t('cart.noLongerSold')
          : t('common.error', { message: product.error.message });
    } else {
      return;
    }
    handled.current = location.key;
    void navigate('/cart', { replace: true, state: notice ? { cartNotice: notice } : null });
  }, [product.data, product.error, location.key, navigate, t, locale]);

  return (
    <CartPanel
      notice={null}
      status={
        <p role="status" className="px-4 py-3 text-sm text-stone-600">
          {t('cart.adding')}
        </p>
      }
    />
  );
}
