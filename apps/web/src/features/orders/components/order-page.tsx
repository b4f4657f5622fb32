import { useEffect } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import {
  ORDER_STATUS_LABELS,
  REFUND_REASON_TEXT,
  SHIPPING_OPTIONS,
  formatKsh,
  partDestinationText,
  fromCents,
  toCents,
  type Order,
  type OrderPart,
  type OrderStatus,
  type PartStatus,
} from '@soko/contract';
import { focusRing, primaryButton } from '../../../components/form-styles';
import { ResponsiveImage } from '../../../components/responsive-image';
import { ApiError } from '../../../lib/api-client';
import { getCartLines, PLACEHOLDER_IMAGE, setCartLines, settleCartOrder } from '../../cart';
import { useOrder } from '../api/get-order';

export const ORDER_NOT_FOUND = 'We could not find this order.';

const PART_LABELS: Record<PartStatus, string> = {
  pending_payment: 'Waiting for the order to be confirmed',
  confirmed: 'Being prepared',
  shipped: 'On its way',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

const STANDING: ReadonlySet<OrderStatus> = new Set([
  'pending_payment',
  'paid',
  'confirmed',
  'shipped',
  'delivered',
]);

/** What happened to the order, in a sentence the shopper can act on. */
function statusSentence(order: Order): string {
  switch (order.status) {
    case 'pending_payment': {
      const held = order.holdUntil
        ? ` Your items are held for you until ${new Date(order.holdUntil).toLocaleTimeString('en-KE', { timeStyle: 'short' })}; after that the order lapses and they go back on sale.`
        : '';
      return order.payOnOrder
        ? `We are waiting for your payment. This page updates when it arrives.${held}`
        : `We are waiting for your delivery details to confirm this order.${held}`;
    }
    case 'paid':
      return 'Your payment has arrived. The shop will confirm your order shortly.';
    case 'confirmed':
      return order.payOnOrder
        ? 'Your payment has arrived and your order is confirmed.'
        : 'Your order is confirmed. You pay when it is delivered.';
    case 'shipped':
      return 'Your order is on its way.';
    case 'delivered':
      return 'Your order has been delivered.';
    case 'payment_failed':
      return 'The payment did not go through, so this order was not placed. Your cart still holds the items: place the order again.';
    case 'reversed':
      return 'The payment for this order was reversed, so the order will not be delivered.';
    case 'expired':
      return 'This order was not paid in time and has expired. Please place the order again.';
    case 'cancelled':
      return 'This order was cancelled.';
    case 'refunded':
      return 'This order was cancelled and your payment has been refunded.';
  }
}

/** How the order is paid, as it stands now. */
function paymentLine(order: Order): string {
  if (!order.payOnOrder) return 'Pay on delivery';
  switch (order.status) {
    case 'pending_payment':
      return 'Online, not paid yet';
    case 'payment_failed':
      return 'Online, payment failed';
    case 'reversed':
      return 'Online, payment reversed';
    case 'expired':
    case 'cancelled':
      return order.refundReason ? 'Paid online, refund due' : 'Online, not paid';
    case 'refunded':
      return 'Paid online, refunded';
    default:
      return 'Paid online';
  }
}

/** The note the checkout passed along ('Payment successful!'), if any. */
function messageFromState(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('paymentMessage' in state)) return null;
  const message = (state as { paymentMessage: unknown }).paymentMessage;
  return typeof message === 'string' ? message : null;
}

/** Orders whose payment did not arrive: their lines may go back to the cart, to pay again. */
const PAYABLE_AGAIN: ReadonlySet<OrderStatus> = new Set(['payment_failed', 'expired']);

/**
 * Pay again (the link in the payment-failed message lands here): the order's lines go back into
 * the cart, at least as many of each as the order held, and the checkout opens. The server
 * prices and checks the stock of the new order as of any other.
 */
function PayAgain({ order }: { order: Order }) {
  const navigate = useNavigate();
  const payAgain = () => {
    const lines = [...getCartLines()];
    for (const item of order.items) {
      const key = { productId: item.productId, variantId: item.selectedVariant };
      const at = lines.findIndex(
        (line) => line.productId === key.productId && line.variantId === key.variantId,
      );
      const line = lines[at];
      if (line) {
        lines[at] = { ...line, quantity: Math.max(line.quantity, item.quantity) };
      } else {
        lines.push({
          ...key,
          name: item.name,
          price: item.price,
          image: item.image ?? PLACEHOLDER_IMAGE,
          selectedVariant: item.variantLabel,
          quantity: item.quantity,
        });
      }
    }
    setCartLines(lines);
    void navigate('/checkout');
  };
  return (
    <button type="button" onClick={payAgain} className={`mt-3 ${primaryButton}`}>
      Pay again
    </button>
  );
}

/** The order the checkout passed along, when it is this page's order. */
function orderFromState(state: unknown, orderId: string): Order | undefined {
  if (typeof state !== 'object' || state === null || !('order' in state)) return undefined;
  const order = (state as { order: unknown }).order;
  return typeof order === 'object' && order !== null && (order as Order)._id === orderId
    ? (order as Order)
    : undefined;
}

/** /orders/:orderId (the order's `_id`): the confirmation after checkout, and an order's page. */
export function OrderPage() {
  const { orderId = '' } = useParams();
  const location = useLocation();
  const justPlaced = orderFromState(location.state, orderId);
  const paymentMessage = messageFromState(location.state);
  const { data: order, error, isPending } = useOrder(orderId, justPlaced);
  // Paid in the provider's tab (which returns here), its lines leave the cart of every tab.
  const status = order?.status;
  useEffect(() => {
    if (status) settleCartOrder(orderId, status);
  }, [orderId, status]);

  if (isPending) return <p role="status">Loading your order...</p>;
  if (error) {
    const missing = error instanceof ApiError && [403, 404].includes(error.status);
    return (
      <section className="space-y-3 py-6">
        <h1 className="text-2xl font-bold">Order</h1>
        <p role="alert">{missing ? ORDER_NOT_FOUND : `Error: ${error.message}`}</p>
        <Link to="/" className={`inline-block font-semibold text-brand-800 underline ${focusRing}`}>
          Back to the shop
        </Link>
      </section>
    );
  }

  // The router state outlives a reload, and the order may have changed since (a payment
  // reversed in the provider's tab): thanks only while it still stands.
  const thanks = justPlaced !== undefined && STANDING.has(order.status);
  const name = [order.firstName, order.lastName].filter((part) => part.trim()).join(' ');
  const place = [order.city, order.county, order.country].filter((part) => part.trim());

  return (
    <article className="mx-auto max-w-2xl">
      <h1 className="text-2xl font-bold text-stone-900">
        {thanks ? 'Thank you for your order!' : `Order ${order.orderId}`}
      </h1>
      {paymentMessage && thanks && (
        <p role="status" className="mt-2 font-medium text-brand-800">
          {paymentMessage}
        </p>
      )}
      <p className="mt-2 text-stone-800">{statusSentence(order)}</p>
      {PAYABLE_AGAIN.has(order.status) && <PayAgain order={order} />}
      {order.refundReason && (
        <p
          role="note"
          className="mt-3 rounded border border-amber-300 bg-amber-50 p-3 font-medium text-amber-900"
        >
          {REFUND_REASON_TEXT[order.refundReason]}
        </p>
      )}
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="font-medium text-stone-600">Order number</dt>
        <dd className="font-semibold">{order.orderId}</dd>
        <dt className="font-medium text-stone-600">Status</dt>
        <dd>{ORDER_STATUS_LABELS[order.status]}</dd>
        <dt className="font-medium text-stone-600">Placed</dt>
        <dd>
          <time dateTime={order.createdAt}>
            {new Date(order.createdAt).toLocaleString('en-KE', {
              dateStyle: 'medium',
              timeStyle: 'short',
            })}
          </time>
        </dd>
        <dt className="font-medium text-stone-600">Payment</dt>
        <dd>{paymentLine(order)}</dd>
      </dl>

      <section aria-labelledby="order-items" className="mt-6">
        <h2 id="order-items" className="text-lg font-semibold">
          Items
        </h2>
        <ul className="mt-2 divide-y divide-stone-100">
          {order.items.map((item) => (
            <li
              key={`${item.productId}:${item.selectedVariant ?? ''}`}
              className="flex items-center justify-between gap-4 py-2"
            >
              {item.image ? (
                <ResponsiveImage
                  src={item.image}
                  alt=""
                  sizes="64px"
                  width={64}
                  height={64}
                  className="size-16 shrink-0 rounded object-cover"
                />
              ) : (
                <span aria-hidden="true" className="size-16 shrink-0 rounded bg-stone-100" />
              )}
              <span className="flex-1">
                {item.variantLabel ? `${item.name} (${item.variantLabel})` : item.name}
                <span className="block text-sm text-stone-600">
                  {formatKsh(item.price)} x {item.quantity}
                </span>
              </span>
              <span className="tabular-nums">
                {formatKsh(fromCents(toCents(item.price) * item.quantity))}
              </span>
            </li>
          ))}
        </ul>
        <dl className="mt-2 grid grid-cols-[1fr_auto] gap-y-1 border-t border-stone-200 pt-2 text-sm">
          <dt>Subtotal</dt>
          <dd className="text-right tabular-nums">{formatKsh(order.subtotal)}</dd>
          <dt>Discount</dt>
          <dd className="text-right tabular-nums">
            {order.discount > 0 ? `− ${formatKsh(order.discount)}` : formatKsh(0)}
          </dd>
          <dt>Shipping ({SHIPPING_OPTIONS[order.shippingOption].label})</dt>
          <dd className="text-right tabular-nums">{formatKsh(order.shipping)}</dd>
          <dt className="text-base font-bold">Total</dt>
          <dd className="text-right text-base font-bold tabular-nums">
            {formatKsh(order.totalPrice)}
          </dd>
        </dl>
      </section>

      {order.parts.length > 0 && order.status !== 'pending_payment' && (
        <Shipments parts={order.parts} />
      )}

      <section aria-labelledby="order-delivery" className="mt-6">
        <h2 id="order-delivery" className="text-lg font-semibold">
          Delivery
        </h2>
        <address className="mt-2 not-italic">
          {name && <span className="block">{name}</span>}
          {order.address && <span className="block">{order.address}</span>}
          {place.length > 0 && <span className="block">{place.join(', ')}</span>}
        </address>
        <h3 className="mt-4 font-semibold">Contact</h3>
        <p className="mt-1">{order.email}</p>
        <p>{order.phoneNumber}</p>
      </section>

      <Link
        to="/alllisting"
        className={`mt-8 inline-block font-semibold text-brand-800 underline ${focusRing}`}
      >
        Continue shopping
      </Link>
    </article>
  );
}

/** Each shop sends its part on its own: where each stands, with the shop's tracking note. */
function Shipments({ parts }: { parts: readonly OrderPart[] }) {
  return (
    <section aria-labelledby="order-shipments" className="mt-6">
      <h2 id="order-shipments" className="text-lg font-semibold">
        {parts.length > 1 ? 'Shipments' : 'Shipment'}
      </h2>
      <ul className="mt-2 space-y-2">
        {parts.map((part) => (
          <li key={part._id} className="rounded border border-stone-200 p-3">
            <p className="font-medium">
              {part.shopName}: <span className="font-semibold">{PART_LABELS[part.status]}</span>
            </p>
            <p className="text-sm text-stone-700">
              {partDestinationText(part)}: {formatKsh(part.delivery)}
            </p>
            {part.trackingNote && (
              <p className="text-sm text-stone-700">Tracking: {part.trackingNote}</p>
            )}
            {part.refund > 0 && (
              <p className="text-sm text-stone-700">
                {formatKsh(part.refund)} of your payment is owed back for this part.
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
