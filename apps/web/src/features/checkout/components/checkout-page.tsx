import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { productName, type CartLine } from '@soko/contract';
import { focusRing } from '../../../components/form-styles';
import { ApiError } from '../../../lib/api-client';
import {
  clearCart,
  forgetCartOrder,
  rememberCartOrder,
  useSettleCartOrders,
  limitCartLine,
  removeFromCart,
  repriceCart,
  withLimitedLine,
  withPrices,
  useCartLines,
  defaultCartLine,
} from '../../cart';
import { getProductQueryOptions } from '../../../lib/get-product';
import { useLocale, useT } from '../../../lib/i18n';
import { checkoutText } from '../checkout-text';
import { CheckoutScreen, type CheckoutLines } from './checkout-screen';

/** /checkout: the cart's lines. */
export function CheckoutPage() {
  const lines = useCartLines();
  useSettleCartOrders();
  const t = useT();
  const source: CheckoutLines = {
    lines,
    limit: limitCartLine,
    reprice: repriceCart,
    remove: removeFromCart,
    clear: (orderId) => {
      forgetCartOrder(orderId);
      clearCart();
    },
    // Remembered, so that the order's lines leave the cart even if it is paid in another tab.
    onOrderCreated: rememberCartOrder,
  };
  return <CheckoutScreen source={source} title={t('checkout.title')} />;
}

/**
 * /buy/:productId/:userId: that one product (its first variant in stock, quantity 1), checked
 * out without touching the cart (DESIGN.md). `userId` is trusted for nothing.
 */
export function BuyNowPage() {
  const { productId = '' } = useParams();
  // Fresh stock and price: the shopper is about to pay for it.
  const product = useQuery({ ...getProductQueryOptions(productId), staleTime: 0 });
  const t = useT();
  const locale = useLocale();

  if (product.isPending) {
    return <p role="status">{t('checkout.loadingProduct')}</p>;
  }
  if (product.isError) {
    const gone = product.error instanceof ApiError && product.error.status === 404;
    return (
      <section className="space-y-3 py-6">
        <h1 className="text-2xl font-bold">{t('checkout.title')}</h1>
        <p role="alert" className="text-stone-800">
          {gone
            ? t('checkout.noLongerSold')
            : t('checkout.error', { message: checkoutText(product.error.message, t) })}
        </p>
        <ShopLink />
      </section>
    );
  }
  const line = defaultCartLine(product.data);
  if (!line) {
    return (
      <section className="space-y-3 py-6">
        <h1 className="text-2xl font-bold">{t('checkout.title')}</h1>
        <p role="alert" className="text-stone-800">
          {t('checkout.outOfStock', { name: productName(product.data, locale) })}
        </p>
        <ShopLink />
      </section>
    );
  }
  return <BuyNowCheckout key={`${line.productId}:${line.variantId ?? ''}`} initial={line} />;
}

function BuyNowCheckout({ initial }: { initial: Omit<CartLine, 'quantity'> }) {
  const [lines, setLines] = useState<CartLine[]>(() => [{ ...initial, quantity: 1 }]);
  const [done, setDone] = useState(false);
  const t = useT();
  const source = useMemo<CheckoutLines>(
    () => ({
      lines: done ? [] : lines,
      limit: (productId, variantId, available) =>
        setLines((current) => withLimitedLine(current, productId, variantId, available)),
      reprice: (items) => setLines((current) => withPrices(current, items)),
      // Buy now leaves the cart alone; its own line is done with.
      clear: () => setDone(true),
    }),
    [lines, done],
  );
  return <CheckoutScreen source={source} title={t('checkout.title')} />;
}

function ShopLink() {
  const t = useT();
  return (
    <Link
      to="/alllisting"
      className={`inline-block font-semibold text-brand-800 underline ${focusRing}`}
    >
      {t('checkout.continueShopping')}
    </Link>
  );
}
