// /shops/:shopId/orders: the shop's part of each placed order, newest first, so a card stays put
// when its part moves (the filter finds those still to send): what to send, to whom and where, paid or to be paid on delivery; the owner marks it shipped (with
// an optional tracking note), delivered, or cancels it. An admin may act on any shop's orders.
import { useState } from 'react';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  CARRIER_LABELS,
  formatKsh,
  partDestinationText,
  fromCents,
  pageCount,
  parsePageParam,
  PART_STATUSES,
  toCents,
  type PartAction,
  type PartStatus,
  type ShopOrder,
} from '@soko/contract';
import { FormAlert, FormStatus } from '../../../components/form/form-messages';
import {
  focusRing,
  inputClass,
  primaryButton,
  secondaryButton,
} from '../../../components/form-styles';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { useShops } from '../api/get-shops';
import { movePart, SHOP_ORDERS_PAGE_SIZE, shopOrderKeys, useShopOrders } from '../api/shop-orders';
import { usePageHeading } from './use-page-heading';
import { Pagination } from '../../catalog';
import { LoadFailed, Loading } from '../../../components/load-state';
import { type OwnerKey } from '../../../lib/i18n';
import { useOwnerT } from '../../../lib/staff-i18n';

const PART_LABELS: Record<PartStatus, OwnerKey> = {
  pending_payment: 'owner.orders.part.pendingPayment',
  confirmed: 'owner.orders.part.confirmed',
  shipped: 'owner.orders.part.shipped',
  delivered: 'owner.orders.part.delivered',
  cancelled: 'owner.orders.part.cancelled',
};

const ACTION_DONE: Record<PartAction, OwnerKey> = {
  ship: 'owner.orders.done.ship',
  deliver: 'owner.orders.done.deliver',
  cancel: 'owner.orders.done.cancel',
};

const isPartStatus = (value: string | null): value is PartStatus =>
  (PART_STATUSES as readonly string[]).includes(value ?? '');

export function ShopOrdersPage() {
  const { signedIn } = useSession();
  const { shopId = '' } = useParams();
  if (!signedIn) return <Navigate to="/login" replace />;
  return <ShopOrders key={shopId} shopId={shopId} />;
}

function ShopOrders({ shopId }: { shopId: string }) {
  const t = useOwnerT();
  usePageHeading(t('owner.orders.orders'));
  const shopName = useShops().data?.find((shop) => shop._id === shopId)?.name;
  const [searchParams, setSearchParams] = useSearchParams();
  const page = parsePageParam(searchParams.get('page'));
  const filter = searchParams.get('status');
  const status = isPartStatus(filter) ? filter : '';
  const orders = useShopOrders(shopId, page, status);
  const [message, setMessage] = useState<string | null>(null);
  const pages = pageCount(orders.data?.total ?? 0, SHOP_ORDERS_PAGE_SIZE);

  const go = (next: { page?: number; status?: PartStatus | '' }) => {
    const params = new URLSearchParams();
    const nextStatus = next.status ?? status;
    const nextPage = next.page ?? 1;
    if (nextStatus) params.set('status', nextStatus);
    if (nextPage > 1) params.set('page', String(nextPage));
    setSearchParams(params);
  };

  return (
    <section aria-labelledby="orders-heading" className="mx-auto max-w-4xl space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 id="orders-heading" className="text-2xl font-bold text-stone-900">
          {shopName
            ? t('owner.common.titleOfShop', { title: t('owner.orders.orders'), shopName })
            : t('owner.orders.orders')}
        </h1>
        <span className="flex flex-wrap gap-x-4">
          <Link
            to={`/shops/${encodeURIComponent(shopId)}/receipts`}
            className={`text-sm font-semibold text-brand-800 underline hover:text-brand-900 ${focusRing}`}
          >
            {t('owner.orders.receipts')}
          </Link>
          <Link
            to="/shops"
            className={`text-sm font-semibold text-brand-800 underline hover:text-brand-900 ${focusRing}`}
          >
            {t('owner.common.backToShopManagement')}
          </Link>
        </span>
      </div>
      <label className="block max-w-xs font-medium">
        {t('owner.orders.show')}
        <select
          className={inputClass}
          value={status}
          onChange={(event) => go({ status: event.target.value as PartStatus | '' })}
        >
          <option value="">{t('owner.orders.everyOrder')}</option>
          {PART_STATUSES.filter((value) => value !== 'pending_payment').map((value) => (
            <option key={value} value={value}>
              {t(PART_LABELS[value])}
            </option>
          ))}
        </select>
      </label>
      <FormStatus message={message} />
      {orders.isPending ? (
        <Loading>{t('owner.orders.loadingOrders')}</Loading>
      ) : orders.isError ? (
        <LoadFailed onRetry={orders.refetch}>
          {orders.error instanceof ApiError && [401, 403].includes(orders.error.status)
            ? t('owner.orders.youCanOnlySeeThe')
            : t('owner.orders.failedToLoadTheOrders')}
        </LoadFailed>
      ) : orders.data.rows.length === 0 ? (
        <p className="text-stone-600">
          {status ? t('owner.orders.noOrdersInThisState') : t('owner.orders.noOrdersYetTheyWill')}
        </p>
      ) : (
        <ul className="space-y-4">
          {orders.data.rows.map((order) => (
            <li key={order._id}>
              <OrderCard shopId={shopId} order={order} onDone={setMessage} />
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <Pagination
          page={page}
          pageCount={pages}
          onPageChange={(next) => go({ page: next })}
          label={t('owner.orders.orderPages')}
        />
      )}
    </section>
  );
}

function OrderCard({
  shopId,
  order,
  onDone,
}: {
  shopId: string;
  order: ShopOrder;
  onDone: (message: string) => void;
}) {
  const t = useOwnerT();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<'ship' | 'cancel' | null>(null);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { part } = order;
  const name = [order.firstName, order.lastName].filter((piece) => piece.trim()).join(' ');
  const place = [order.address, order.city, order.county].filter((piece) => piece.trim());
  // What the courier takes at the door includes the shop's delivery fee (the server's figure).
  const paid = order.payOnOrder
    ? t('owner.orders.paidOnline')
    : order.collect === null
      ? t('owner.orders.payOnDelivery')
      : t('owner.orders.payOnDeliveryCollect', { amount: formatKsh(order.collect) });

  const act = async (action: PartAction) => {
    setBusy(true);
    setFailure(null);
    try {
      const body =
        action === 'ship' && text.trim()
          ? { trackingNote: text.trim() }
          : action === 'cancel' && text.trim()
            ? { note: text.trim() }
            : {};
      const moved = await movePart(shopId, order._id, action, body);
      // The answer is the part as it now stands: shown at once, before the list is read again.
      queryClient.setQueriesData<{ rows: ShopOrder[]; total: number }>(
        { queryKey: shopOrderKeys.all(shopId) },
        (page) =>
          page && { ...page, rows: page.rows.map((row) => (row._id === moved._id ? moved : row)) },
      );
      setOpen(null);
      setText('');
      onDone(t(ACTION_DONE[action], { orderId: order.orderId }));
      await queryClient.invalidateQueries({ queryKey: shopOrderKeys.all(shopId) });
    } catch (caught) {
      setFailure(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <article
      aria-label={t('owner.orders.order', { orderId: order.orderId })}
      className="space-y-3 rounded-lg border border-stone-200 p-4"
    >
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold">
          {t('owner.orders.order', { orderId: order.orderId })}
        </h2>
        <span className="rounded bg-stone-100 px-2 py-0.5 text-sm font-semibold text-stone-800">
          {t(PART_LABELS[part.status])}
        </span>
      </header>
      <p className="text-sm text-stone-600">
        <time dateTime={order.createdAt}>
          {new Date(order.createdAt).toLocaleString('en-KE', {
            dateStyle: 'medium',
            timeStyle: 'short',
          })}
        </time>{' '}
        · {paid}
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <h3 className="font-semibold">{t('owner.orders.send')}</h3>
          <ul className="text-sm">
            {order.items.map((item) => (
              <li key={`${item.productId}:${item.selectedVariant ?? ''}`}>
                {item.quantity} ×{' '}
                {item.variantLabel ? `${item.name} (${item.variantLabel})` : item.name}{' '}
                <span className="text-stone-600">
                  {formatKsh(fromCents(toCents(item.price) * item.quantity))}
                </span>
              </li>
            ))}
          </ul>
          <p className="mt-1 text-sm font-semibold">
            {t('owner.orders.total', { totalPrice: formatKsh(order.totalPrice) })}
          </p>
        </div>
        <div>
          <h3 className="font-semibold">{t('owner.orders.to')}</h3>
          <address className="text-sm not-italic">
            {name && <span className="block">{name}</span>}
            {place.length > 0 && <span className="block">{place.join(', ')}</span>}
            {order.phoneNumber && (
              <a href={`tel:${order.phoneNumber}`} className={`block underline ${focusRing}`}>
                {order.phoneNumber}
              </a>
            )}
          </address>
        </div>
      </div>
      <p className="text-sm">
        <span className="font-semibold">{partDestinationText(part)}</span>
        {t('owner.orders.deliveryFee', { delivery: formatKsh(part.delivery) })}
      </p>
      <CarrierPackageNote order={order} />
      {part.trackingNote && (
        <p className="text-sm">{t('owner.orders.tracking', { trackingNote: part.trackingNote })}</p>
      )}
      {part.refund > 0 && (
        <p className="text-sm text-amber-900">
          {t('owner.orders.isOwedBackToThe', { refund: formatKsh(part.refund) })}
        </p>
      )}
      <FormAlert>{failure}</FormAlert>
      {open ? (
        <form
          aria-label={
            open === 'ship'
              ? t('owner.orders.shipOrder', { orderId: order.orderId })
              : t('owner.orders.cancelOrder', { orderId: order.orderId })
          }
          className="space-y-2"
          onSubmit={(event) => {
            event.preventDefault();
            void act(open);
          }}
        >
          <label className="block text-sm font-medium">
            {open === 'ship'
              ? t('owner.orders.trackingNoteOptional')
              : t('owner.orders.reasonOptional')}
            <input
              className={inputClass}
              value={text}
              maxLength={300}
              onChange={(event) => setText(event.target.value)}
              placeholder={open === 'ship' ? t('owner.orders.courierAndParcelNumber') : ''}
            />
          </label>
          <div className="flex flex-wrap gap-2">
            <button type="submit" disabled={busy} className={primaryButton}>
              {busy
                ? t('owner.common.saving')
                : open === 'ship'
                  ? t('owner.orders.confirmShipped')
                  : t('owner.orders.cancelThisOrder')}
            </button>
            <button type="button" onClick={() => setOpen(null)} className={secondaryButton}>
              {t('owner.orders.back')}
            </button>
          </div>
        </form>
      ) : (
        <div className="flex flex-wrap gap-2">
          {part.status === 'confirmed' && (
            <>
              <button type="button" onClick={() => setOpen('ship')} className={primaryButton}>
                {t('owner.orders.markShipped')}
              </button>
              <button type="button" onClick={() => setOpen('cancel')} className={secondaryButton}>
                {t('owner.common.cancel')}
              </button>
            </>
          )}
          {part.status === 'shipped' && (
            <button
              type="button"
              disabled={busy}
              onClick={() => void act('deliver')}
              className={primaryButton}
            >
              {busy ? t('owner.common.saving') : t('owner.orders.markDelivered')}
            </button>
          )}
        </div>
      )}
    </article>
  );
}

/**
 * A part going to a carrier's agent point (decision 036): whether the carrier has its package
 * yet, and where the parcel is by the carrier's own word. While the carrier has not taken it,
 * the parcel can still go by hand.
 */
function CarrierPackageNote({ order }: { order: ShopOrder }) {
  const t = useOwnerT();
  const carrier = order.part.pickupCounter?.carrier;
  if (!carrier) return null;
  const name = CARRIER_LABELS[carrier];
  const pkg = order.carrierPackage;
  let text: string;
  if (!pkg) {
    text = t('owner.orders.carrier.notYet', { name });
  } else if (pkg.status === 'created') {
    text = t('owner.orders.carrier.created', {
      name,
      packageId: pkg.packageId ?? '',
      state: pkg.trackingState ?? 'created',
    });
  } else {
    const tried =
      pkg.attempts === 1
        ? t('owner.orders.carrier.once')
        : t('owner.orders.carrier.times', { count: pkg.attempts });
    text =
      pkg.attempts === 0
        ? t('owner.orders.carrier.sending', { name })
        : t('owner.orders.carrier.notTaken', {
            name,
            tried: pkg.lastError
              ? t('owner.orders.carrier.triedBecause', { tried, error: pkg.lastError })
              : tried,
          });
  }
  return <p className="text-sm">{text}</p>;
}
