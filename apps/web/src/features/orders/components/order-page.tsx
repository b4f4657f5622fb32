import { useEffect } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import {
  CARRIER_LABELS,
  PAYMENT_MESSAGES,
  formatDate,
  formatKsh,
  fromCents,
  toCents,
  type Locale,
  type Order,
  type OrderPart,
  type OrderStatus,
} from '@soko/contract';
import { focusRing, primaryButton } from '../../../components/form-styles';
import { ResponsiveImage } from '../../../components/responsive-image';
import { ApiError } from '../../../lib/api-client';
import { useLocale, useT, type Translate } from '../../../lib/i18n';
import { problemText } from '../../../lib/problem-text';
import { rebuildCartFrom, rememberRecovery, settleCartOrder } from '../../cart';
import { OrderReceipts } from '../../receipts';
import { useOrder } from '../api/get-order';
import { PaybillPanel } from './paybill-panel';

const STANDING: ReadonlySet<OrderStatus> = new Set([
  'pending_payment',
  'paid',
  'confirmed',
  'shipped',
  'delivered',
]);

/** What happened to the order, in a sentence the shopper can act on. */
function statusSentence(order: Order, t: Translate, locale: Locale): string {
  switch (order.status) {
    case 'pending_payment': {
      // Nairobi time, as the checkout says it: the phone's own zone may be anything.
      const time = order.holdUntil
        ? formatDate(order.holdUntil, locale, { timeStyle: 'short' })
        : null;
      const held = time ? t('orders.heldUntil', { time }) : '';
      return order.payOnOrder
        ? t('orders.sentence.waitingPayment', { held })
        : t('orders.sentence.waitingDetails', { held });
    }
    case 'paid':
      return t('orders.sentence.paid');
    case 'confirmed':
      return order.payOnOrder
        ? t('orders.sentence.confirmedPaid')
        : t('orders.sentence.confirmedOnDelivery');
    case 'shipped':
      return t('orders.sentence.shipped');
    case 'delivered':
      return t('orders.sentence.delivered');
    case 'payment_failed':
    case 'reversed':
    case 'expired':
    case 'cancelled':
    case 'refunded':
      return t(`orders.sentence.${order.status}`);
  }
}

/** How the order is paid, as it stands now. */
function paymentLine(order: Order, t: Translate): string {
  if (!order.payOnOrder) return t('orders.pay.onDelivery');
  switch (order.status) {
    case 'pending_payment':
      return t('orders.pay.notPaidYet');
    case 'payment_failed':
      return t('orders.pay.failed');
    case 'reversed':
      return t('orders.pay.reversed');
    case 'expired':
    case 'cancelled':
      return order.refundReason ? t('orders.pay.refundDue') : t('orders.pay.notPaid');
    case 'refunded':
      return t('orders.pay.refunded');
    default:
      return t('orders.pay.paid');
  }
}

/** Where a shop's part goes (the contract's partDestinationText, in the page's language). */
function partDestination(part: OrderPart, t: Translate): string {
  const counter = part.pickupCounter;
  if (counter?.carrier) {
    return t('orders.pickupAtAgent', {
      name: counter.name,
      carrier: CARRIER_LABELS[counter.carrier],
      address: counter.address,
    });
  }
  if (counter) {
    const place = { name: counter.name, address: counter.address };
    return counter.hours
      ? t('orders.pickupAtOpen', { ...place, hours: counter.hours })
      : t('orders.pickupAt', place);
  }
  return part.deliveryCounty
    ? t('orders.deliveryTo', { county: part.deliveryCounty })
    : t('orders.delivery');
}

/** The note the checkout passed along ('Payment successful!'), if any. */
function messageFromState(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('paymentMessage' in state)) return null;
  const message = (state as { paymentMessage: unknown }).paymentMessage;
  return typeof message === 'string' ? message : null;
}

/** Online orders not paid yet, or lapsed unpaid: M-Pesa's Paybill may still pay them. */
const PAYBILL_PAYABLE: ReadonlySet<OrderStatus> = new Set([
  'pending_payment',
  'payment_failed',
  'expired',
]);

/** Orders whose payment did not arrive: their lines may go back to the cart, to pay again. */
const PAYABLE_AGAIN: ReadonlySet<OrderStatus> = new Set(['payment_failed', 'expired']);

/**
 * Pay again (the link in the payment-failed message lands here): the order's lines go back into
 * the cart, at least as many of each as the order held, and the checkout opens. The server
 * prices and checks the stock of the new order as of any other.
 */
function PayAgain({ order }: { order: Order }) {
  const navigate = useNavigate();
  const t = useT();
  const payAgain = () => {
    rebuildCartFrom(order);
    void navigate('/checkout');
  };
  return (
    <button type="button" onClick={payAgain} className={`mt-3 ${primaryButton}`}>
      {t('orders.payAgain')}
    </button>
  );
}

/**
 * The reminder's link (`?recover=1`, decision 043): an order still unpaid has its lines put back
 * in the cart, remembered as recovered from it, and the checkout opens. An order paid since, or
 * any other, just shows.
 */
function useRecoverOnOpen(order: Order | undefined): boolean {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const recover =
    params.get('recover') === '1' && order !== undefined && PAYABLE_AGAIN.has(order.status);
  useEffect(() => {
    if (!recover || !order) return;
    rebuildCartFrom(order);
    rememberRecovery(order._id);
    void navigate('/checkout', { replace: true });
  }, [recover, order, navigate]);
  return recover;
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
  const t = useT();
  const locale = useLocale();
  const location = useLocation();
  const justPlaced = orderFromState(location.state, orderId);
  const paymentMessage = messageFromState(location.state);
  const { data: order, error, isPending } = useOrder(orderId, justPlaced);
  // Paid in the provider's tab (which returns here), its lines leave the cart of every tab.
  const status = order?.status;
  useEffect(() => {
    if (status) settleCartOrder(orderId, status);
  }, [orderId, status]);
  const recovering = useRecoverOnOpen(order);

  if (isPending) return <p role="status">{t('orders.loading')}</p>;
  if (recovering) return <p role="status">{t('orders.recovering')}</p>;
  if (error) {
    const missing = error instanceof ApiError && [403, 404].includes(error.status);
    return (
      <section className="space-y-3 py-6">
        <h1 className="text-2xl font-bold">{t('orders.order')}</h1>
        <p role="alert">
          {missing
            ? t('orders.notFound')
            : t('orders.error', { message: problemText(error.message, t) })}
        </p>
        <Link to="/" className={`inline-block font-semibold text-brand-800 underline ${focusRing}`}>
          {t('orders.backToShop')}
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
        {thanks ? t('orders.thanks') : t('orders.orderNumbered', { number: order.orderId })}
      </h1>
      {paymentMessage && thanks && (
        <p role="status" className="mt-2 font-medium text-brand-800">
          {paymentMessage === PAYMENT_MESSAGES.successful
            ? t('orders.paymentSuccessful')
            : paymentMessage}
        </p>
      )}
      <p className="mt-2 text-stone-800">{statusSentence(order, t, locale)}</p>
      {PAYABLE_AGAIN.has(order.status) && <PayAgain order={order} />}
      {order.payOnOrder && PAYBILL_PAYABLE.has(order.status) && !order.refundReason && (
        <PaybillPanel orderId={order._id} />
      )}
      {order.refundReason && (
        <p
          role="note"
          className="mt-3 rounded border border-amber-300 bg-amber-50 p-3 font-medium text-amber-900"
        >
          {t(`orders.refund.${order.refundReason}`)}
        </p>
      )}
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="font-medium text-stone-600">{t('orders.orderNumber')}</dt>
        <dd className="font-semibold">{order.orderId}</dd>
        <dt className="font-medium text-stone-600">{t('orders.statusLabel')}</dt>
        <dd>{t(`orders.status.${order.status}`)}</dd>
        <dt className="font-medium text-stone-600">{t('orders.placed')}</dt>
        <dd>
          <time dateTime={order.createdAt}>
            {formatDate(order.createdAt, locale, { dateStyle: 'medium', timeStyle: 'short' })}
          </time>
        </dd>
        <dt className="font-medium text-stone-600">{t('orders.payment')}</dt>
        <dd>{paymentLine(order, t)}</dd>
      </dl>

      <section aria-labelledby="order-items" className="mt-6">
        <h2 id="order-items" className="text-lg font-semibold">
          {t('orders.items')}
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
                  {`${formatKsh(item.price, locale)} x ${item.quantity}`}
                </span>
              </span>
              <span className="tabular-nums">
                {formatKsh(fromCents(toCents(item.price) * item.quantity), locale)}
              </span>
            </li>
          ))}
        </ul>
        <dl className="mt-2 grid grid-cols-[1fr_auto] gap-y-1 border-t border-stone-200 pt-2 text-sm">
          <dt>{t('orders.subtotal')}</dt>
          <dd className="text-right tabular-nums">{formatKsh(order.subtotal, locale)}</dd>
          <dt>{t('orders.discount')}</dt>
          <dd className="text-right tabular-nums">
            {order.discount > 0 ? `− ${formatKsh(order.discount, locale)}` : formatKsh(0, locale)}
          </dd>
          <dt>
            {t('orders.shippingWith', {
              option: t(`orders.shippingOption.${order.shippingOption}`),
            })}
          </dt>
          <dd className="text-right tabular-nums">{formatKsh(order.shipping, locale)}</dd>
          <dt className="text-base font-bold">{t('orders.total')}</dt>
          <dd className="text-right text-base font-bold tabular-nums">
            {formatKsh(order.totalPrice, locale)}
          </dd>
        </dl>
      </section>

      {order.parts.length > 0 && order.status !== 'pending_payment' && (
        <Shipments parts={order.parts} />
      )}

      <OrderReceipts
        orderId={order._id}
        settled={order.status !== 'pending_payment'}
        version={`${order.status}:${order.parts.map((part) => part.status).join(',')}`}
      />

      <section aria-labelledby="order-delivery" className="mt-6">
        <h2 id="order-delivery" className="text-lg font-semibold">
          {t('orders.delivery')}
        </h2>
        <address className="mt-2 not-italic">
          {name && <span className="block">{name}</span>}
          {order.address && <span className="block">{order.address}</span>}
          {place.length > 0 && <span className="block">{place.join(', ')}</span>}
        </address>
        <h3 className="mt-4 font-semibold">{t('orders.contact')}</h3>
        <p className="mt-1">{order.email}</p>
        <p>{order.phoneNumber}</p>
      </section>

      <Link
        to="/alllisting"
        className={`mt-8 inline-block font-semibold text-brand-800 underline ${focusRing}`}
      >
        {t('orders.continueShopping')}
      </Link>
    </article>
  );
}

/** Each shop sends its part on its own: where each stands, with the shop's tracking note. */
function Shipments({ parts }: { parts: readonly OrderPart[] }) {
  const t = useT();
  const locale = useLocale();
  return (
    <section aria-labelledby="order-shipments" className="mt-6">
      <h2 id="order-shipments" className="text-lg font-semibold">
        {parts.length > 1 ? t('orders.shipments') : t('orders.shipment')}
      </h2>
      <ul className="mt-2 space-y-2">
        {parts.map((part) => (
          <li key={part._id} className="rounded border border-stone-200 p-3">
            <p className="font-medium">
              {part.shopName}:{' '}
              <span className="font-semibold">{t(`orders.part.${part.status}`)}</span>
            </p>
            <p className="text-sm text-stone-700">
              {`${partDestination(part, t)}: ${formatKsh(part.delivery, locale)}`}
            </p>
            {part.trackingNote && (
              <p className="text-sm text-stone-700">
                {t('orders.tracking', { note: part.trackingNote })}
              </p>
            )}
            {part.refund > 0 && (
              <p className="text-sm text-stone-700">
                {t('orders.refundOwed', { amount: formatKsh(part.refund, locale) })}
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
