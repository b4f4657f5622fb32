import { useLocale, useT } from '../../../lib/i18n';
import { useEffect, useRef } from 'react';
import type { MouseEvent, ReactNode, SyntheticEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  cartSubtotalCents,
  cartVatCents,
  formatKsh,
  fromCents,
  type CartLine,
} from '@soko/contract';
import { ResponsiveImage } from '../../../components/responsive-image';
import { alertClass, focusRing, primaryButton } from '../../../components/form-styles';
import { changeQuantity, isLineUnavailable, removeFromCart } from '../cart-actions';
import { useCartLines } from '../cart-store';
import { useSettleCartOrders } from '../use-settle-cart-orders';
import { cartLineTitle } from '../cart-line';

/**
 * True when there is a page of this shop to go back to: an earlier entry of the app's own (React
 * Router's `idx`), or, on the app's first entry, the page whose link loaded this one (a Cart
 * link tapped before the app had started is the browser's own navigation).
 */
function hasHistoryEntry(): boolean {
  const state: unknown = window.history.state;
  const idx =
    typeof state === 'object' && state !== null && 'idx' in state
      ? (state as { idx: unknown }).idx
      : 0;
  if (typeof idx === 'number' && idx > 0) return true;
  return window.history.length > 1 && cameFromThisSite();
}

function cameFromThisSite(): boolean {
  if (!URL.canParse(document.referrer)) return false;
  return new URL(document.referrer).origin === window.location.origin;
}

interface CartPanelProps {
  /** A message for the shopper (a product that could not be added). */
  notice: string | null;
  /** Shown above the lines while something is being added. */
  status?: ReactNode;
}

/**
 * Spec section 2: a dim full-screen overlay with a drawer on the right (400px from `md` up, the
 * full width below), titled 'Your Cart'. A modal <dialog>: focus moves in, the rest of the page
 * is inert, Escape closes. Closing goes back one step in history (home when there is none).
 */
export function CartPanel({ notice, status }: CartPanelProps) {
  const navigate = useNavigate();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const lines = useCartLines();
  const t = useT();
  const locale = useLocale();
  // Orders paid in another tab since the cart was last open leave it now.
  useSettleCartOrders();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  const close = () => {
    if (hasHistoryEntry()) void navigate(-1);
    else void navigate('/', { replace: true });
  };

  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    // Escape: the route closes the panel, not the browser (the address must change too).
    event.preventDefault();
    close();
  };

  // The drawer fills the dialog, so a click on the dialog element itself is on the backdrop.
  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) close();
  };

  const subtotal = fromCents(cartSubtotalCents(lines));
  const vatCents = cartVatCents(lines);

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby="cart-title"
      onCancel={onCancel}
      onClick={onClick}
      className="fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-none w-full max-w-none bg-white p-0 text-stone-900 shadow-xl backdrop:bg-black/50 md:w-[400px]"
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between border-b border-stone-200 px-4 py-3">
          <h2 id="cart-title" className="text-lg font-bold">
            {t('cart.title')}
          </h2>
          <button
            type="button"
            onClick={close}
            aria-label={t('cart.close')}
            className={`flex size-10 items-center justify-center rounded-full text-2xl leading-none text-stone-700 hover:bg-stone-100 ${focusRing}`}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>

        {status}
        {notice && (
          <p role="alert" className={`mx-4 mt-3 ${alertClass}`}>
            {notice}
          </p>
        )}

        <div className="flex-1 overflow-y-auto px-4">
          {lines.length === 0 ? (
            <div className="py-6">
              <p className="text-stone-700">{t('cart.empty')}</p>
              <Link
                to="/alllisting"
                className={`mt-2 inline-block font-semibold text-brand-800 underline ${focusRing}`}
              >
                {t('common.continueShopping')}
              </Link>
            </div>
          ) : (
            <ul aria-label={t('cart.items')} className="divide-y divide-stone-100">
              {lines.map((line) => (
                <CartLineItem key={`${line.productId}:${line.variantId ?? ''}`} line={line} />
              ))}
            </ul>
          )}
        </div>

        <div className="border-t border-stone-200 px-4 py-4">
          <p className="flex justify-between text-base font-semibold">
            <span>{t('cart.subtotal')}</span>
            <span data-testid="cart-subtotal">{formatKsh(subtotal, locale)}</span>
          </p>
          {vatCents > 0 && (
            <p className="text-right text-sm text-stone-600" data-testid="cart-vat">
              {t('price.inclVat', { amount: formatKsh(fromCents(vatCents), locale) })}
            </p>
          )}
          <button
            type="button"
            disabled={lines.length === 0}
            onClick={() => void navigate('/checkout')}
            className={`mt-3 w-full ${primaryButton}`}
          >
            {t('cart.checkout')}
          </button>
        </div>
      </div>
    </dialog>
  );
}

const stepButton = `flex size-8 items-center justify-center rounded-full border border-stone-300 text-lg leading-none text-stone-800 hover:bg-stone-100 aria-disabled:cursor-not-allowed aria-disabled:opacity-40 ${focusRing}`;

function CartLineItem({ line }: { line: CartLine }) {
  const t = useT();
  const locale = useLocale();
  const title = cartLineTitle(line, locale);
  const max = line.maxQuantity;
  const soldOut = max === 0;
  const overStock = !soldOut && isLineUnavailable(line);
  return (
    <li className="flex gap-3 py-3">
      <ResponsiveImage
        src={line.image}
        alt=""
        sizes="64px"
        width={64}
        height={64}
        className="size-16 shrink-0 rounded-md border border-stone-100 object-cover"
      />
      <div className="min-w-0 flex-1">
        <p className="font-medium break-words">{title}</p>
        <p className="text-sm text-stone-700">{formatKsh(line.price, locale)}</p>
        {soldOut && <p className="text-sm font-medium text-red-800">{t('cart.soldOut')}</p>}
        {overStock && (
          <p className="text-sm font-medium text-red-800">
            {t('cart.onlyLeft', { count: max ?? 0 })}
          </p>
        )}
        <div className="mt-2 flex items-center gap-2">
          <button
            type="button"
            aria-label={t('cart.decrease', { title })}
            // aria-disabled, not disabled: focus stays on the button at the limit.
            aria-disabled={line.quantity <= 1}
            onClick={() => changeQuantity(line.productId, line.variantId, -1)}
            className={stepButton}
          >
            <span aria-hidden="true">−</span>
          </button>
          <span
            aria-label={t('cart.quantity', { title })}
            role="status"
            className="min-w-8 text-center tabular-nums"
          >
            {line.quantity}
          </span>
          <button
            type="button"
            aria-label={t('cart.increase', { title })}
            aria-disabled={max !== undefined && line.quantity >= max}
            onClick={() => changeQuantity(line.productId, line.variantId, 1)}
            className={stepButton}
          >
            <span aria-hidden="true">+</span>
          </button>
          <button
            type="button"
            onClick={() => removeFromCart(line.productId, line.variantId)}
            className={`ml-auto rounded px-2 py-1 text-sm font-semibold text-red-800 underline hover:bg-red-50 ${focusRing}`}
          >
            {t('cart.remove')}
            <span className="sr-only"> {title}</span>
          </button>
        </div>
      </div>
    </li>
  );
}
