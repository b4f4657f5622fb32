// /manageorders (spec section 2, 4): every order, 10 a page from the server, narrowed by the
// filter bar (issue 15); each row opens one detail panel at a time: none, products, location,
// KYC, history (each shop's part, every move, and cancelling what has not been sent) or messages
// (each with Resend).
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  formatKsh,
  ORDER_STATUS_LABELS,
  pageCount,
  PAGE_SIZES,
  type Order,
  type OrderStatus,
} from '@soko/contract';
import { FormStatus } from '../../../components/form/form-messages';
import { focusRing } from '../../../components/form-styles';
import { ConfirmDialog } from '../../../components/modal';
import { ApiError } from '../../../lib/api-client';
import { cancelWholeOrder, useAdminOrder, useAdminOrders, useOrderHistory } from '../api/admin-api';
import { AdminGuard } from './admin-guard';
import { OrderFilterBar, useOrderFilters } from './order-filters';
import { OrderMessages } from './order-messages';
import { PageButtons } from './page-buttons';
import { type AdminKey, type Translate } from '../../../lib/i18n';
import { useAdminT } from '../../../lib/staff-i18n';

const smallButton = `rounded border border-stone-300 px-2 py-1 text-sm font-semibold text-stone-800 hover:bg-stone-100 ${focusRing}`;

type Panel = {
  orderId: string;
  kind: 'products' | 'location' | 'kyc' | 'history' | 'messages';
} | null;

export function ManageOrdersPage() {
  return (
    <AdminGuard>
      <OrderTable />
    </AdminGuard>
  );
}

function OrderTable() {
  const t = useAdminT();
  const { filters, page, active, change, goToPage } = useOrderFilters();
  const orders = useAdminOrders(page, filters);
  const [panel, setPanel] = useState<Panel>(null);
  const pages = pageCount(orders.data?.total ?? 0, PAGE_SIZES.orders);
  const date = new Intl.DateTimeFormat('en-KE', { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <section>
      <h1 className="text-2xl font-bold text-stone-900">{t('admin.orders.manageOrders')}</h1>
      <OrderFilterBar
        filters={filters}
        active={active}
        onChange={(next, options) => {
          setPanel(null);
          change(next, options);
        }}
      />
      {orders.isPending ? (
        <p role="status" className="mt-4">
          {t('admin.orders.loadingOrders')}
        </p>
      ) : orders.isError ? (
        <p role="alert" className="mt-4">
          {filterErrorOf(orders.error, t) ?? t('admin.orders.failedToLoadOrdersPlease')}
        </p>
      ) : orders.data.rows.length === 0 ? (
        <p className="mt-4">
          {active ? t('admin.orders.noOrdersMatchTheseFilters') : t('admin.orders.noOrdersYet')}
        </p>
      ) : (
        <div className="mt-4 overflow-x-auto [contain:paint]">
          {/* contain:paint: without it phone Chrome zooms the whole page out to the table's
              width although the table scrolls in this box (a 390 px page laid out at 564). */}
          <table className="w-full text-left text-sm">
            <thead className="border-b border-stone-300">
              <tr>
                {[
                  t('admin.orders.column.orderId'),
                  t('admin.orders.column.date'),
                  t('admin.orders.column.totalPrice'),
                  t('admin.orders.column.details'),
                ].map((h) => (
                  <th key={h} scope="col" className="p-2">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {orders.data.rows.map((order) => (
                <tr key={order._id} className="border-b border-stone-200">
                  <td className="p-2 font-semibold">{order.orderId}</td>
                  <td className="p-2">{date.format(new Date(order.createdAt))}</td>
                  <td className="p-2">{formatKsh(order.totalPrice)}</td>
                  <td className="flex flex-wrap gap-2 p-2">
                    {(
                      [
                        ['products', t('admin.orders.view.products')],
                        ['location', t('admin.orders.view.location')],
                        ['kyc', t('admin.orders.view.kyc')],
                        ['history', t('admin.orders.view.history')],
                        ['messages', t('admin.orders.view.messages')],
                      ] as const
                    ).map(([kind, label]) => (
                      <button
                        key={kind}
                        type="button"
                        className={smallButton}
                        aria-expanded={panel?.orderId === order._id && panel.kind === kind}
                        onClick={() => setPanel({ orderId: order._id, kind })}
                      >
                        {label}
                        <span className="sr-only">
                          {t('admin.orders.ofOrder', { orderId: order.orderId })}
                        </span>
                      </button>
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <PageButtons
            page={page}
            pageCount={pages}
            label={t('admin.orders.orderPages')}
            onPageChange={(n) => {
              setPanel(null);
              goToPage(n);
            }}
          />
        </div>
      )}
      {panel && <DetailPanel panel={panel} onClose={() => setPanel(null)} />}
    </section>
  );
}

/** A filter the server refused (an address edited by hand), in words. */
function filterErrorOf(error: Error, t: Translate<AdminKey>): string | null {
  if (!(error instanceof ApiError) || error.status !== 400 || !error.fields) return null;
  return t('admin.orders.filtersNotValid', {
    problems: Object.entries(error.fields)
      .map(([field, message]) => `${field}: ${message}`)
      .join(' '),
  });
}

function DetailPanel({ panel, onClose }: { panel: NonNullable<Panel>; onClose: () => void }) {
  const t = useAdminT();
  // The items come with the one-order call (the list's rows may be trimmed in future).
  const order = useAdminOrder(panel.orderId);
  const titles = {
    products: t('admin.orders.panel.products'),
    location: t('admin.orders.panel.location'),
    kyc: t('admin.orders.panel.kyc'),
    history: t('admin.orders.panel.history'),
    messages: t('admin.orders.panel.messages'),
  };
  return (
    <section
      aria-label={titles[panel.kind]}
      className="mt-6 rounded-lg border border-stone-300 p-4"
    >
      <div className="flex items-center justify-between">
        <h2 className="text-lg font-semibold">{titles[panel.kind]}</h2>
        <button type="button" className={smallButton} onClick={onClose}>
          {t('admin.orders.close')}
        </button>
      </div>
      {order.isPending ? (
        <p role="status">{t('admin.orders.loadingTheOrder')}</p>
      ) : order.isError ? (
        <p role="alert">{t('admin.orders.failedToLoadTheOrder')}</p>
      ) : panel.kind === 'history' ? (
        <HistoryBody order={order.data} />
      ) : panel.kind === 'messages' ? (
        <OrderMessages orderId={order.data._id} />
      ) : (
        <PanelBody kind={panel.kind} order={order.data} />
      )}
    </section>
  );
}

const CANCELLABLE: ReadonlySet<OrderStatus> = new Set(['pending_payment', 'paid', 'confirmed']);

/** Where each shop's part stands, every move so far, and cancelling what has not been sent. */
function HistoryBody({ order }: { order: Order }) {
  const t = useAdminT();
  const history = useOrderHistory(order._id);
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const when = new Intl.DateTimeFormat('en-KE', { dateStyle: 'medium', timeStyle: 'medium' });
  const sent = order.parts.some((part) => part.status === 'shipped' || part.status === 'delivered');
  return (
    <div className="mt-3 space-y-3">
      <p>
        {t('admin.orders.state')}
        <span className="font-semibold">{ORDER_STATUS_LABELS[order.status]}</span>
        {order.refundReason && t('admin.orders.refundOwedSeeRefunds')}
      </p>
      {order.parts.length > 0 && (
        <ul className="list-disc pl-5">
          {order.parts.map((part) => (
            <li key={part._id}>
              {part.shopName}: {ORDER_STATUS_LABELS[part.status]}
              {part.trackingNote
                ? t('admin.orders.tracking', { trackingNote: part.trackingNote })
                : ''}
            </li>
          ))}
        </ul>
      )}
      {history.isPending ? (
        <p role="status">{t('admin.orders.loadingTheHistory')}</p>
      ) : history.isError ? (
        <p role="alert">{t('admin.orders.failedToLoadTheHistory')}</p>
      ) : (
        <ol className="space-y-1 border-l-2 border-stone-200 pl-3 text-sm">
          {history.data.map((entry, index) => (
            <li key={`${entry.at}-${index}`}>
              <time dateTime={entry.at}>{when.format(new Date(entry.at))}</time>:{' '}
              {entry.shopName ? t('admin.orders.shopsPart', { shopName: entry.shopName }) : ''}
              {entry.from
                ? `${ORDER_STATUS_LABELS[entry.from]} → ${ORDER_STATUS_LABELS[entry.to]}`
                : t('admin.orders.placed')}
              {t('admin.orders.by')}
              {entry.actorName ? `${entry.actorName} (${entry.actor})` : entry.actor}
              {entry.note ? `: ${entry.note}` : ''}
            </li>
          ))}
        </ol>
      )}
      <FormStatus message={status} />
      {CANCELLABLE.has(order.status) && !sent && (
        <button type="button" className={smallButton} onClick={() => setConfirming(true)}>
          {t('admin.orders.cancelOrder')}
        </button>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('admin.orders.cancelQuestion', { orderId: order.orderId })}
        message={t('admin.orders.itsStockGoesBackOn')}
        confirmLabel={t('admin.orders.cancelOrder')}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          await cancelWholeOrder(order._id);
          setConfirming(false);
          setStatus(t('admin.orders.cancelled', { orderId: order.orderId }));
          await queryClient.invalidateQueries({ queryKey: ['admin'] });
        }}
      />
    </div>
  );
}

function PanelBody({ kind, order }: { kind: 'products' | 'location' | 'kyc'; order: Order }) {
  const t = useAdminT();
  const rows: Array<[string, string]> =
    kind === 'location'
      ? [
          [t('admin.orders.field.address'), order.address],
          [t('admin.orders.field.city'), order.city],
          [t('admin.orders.field.country'), order.country],
        ]
      : kind === 'kyc'
        ? [
            [t('admin.orders.field.firstName'), order.firstName],
            [t('admin.orders.field.lastName'), order.lastName],
            [t('admin.orders.field.email'), order.email],
            [t('admin.orders.field.phoneNumber'), order.phoneNumber],
          ]
        : [
            [t('admin.orders.column.orderId'), order.orderId],
            [t('admin.orders.field.total'), formatKsh(order.totalPrice)],
          ];
  return (
    <>
      <dl className="mt-3 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-medium text-stone-700">{term}</dt>
            <dd>{value || '—'}</dd>
          </div>
        ))}
      </dl>
      {kind === 'products' &&
        (order.items.length === 0 ? (
          <p className="mt-3">{t('admin.orders.noItemsFoundForThis')}</p>
        ) : (
          <ul className="mt-3 list-disc pl-5">
            {order.items.map((item, i) => (
              <li key={`${item.productId}-${i}`}>
                {t('admin.orders.itemLine', {
                  name: item.name,
                  price: formatKsh(item.price),
                  quantity: item.quantity,
                })}
              </li>
            ))}
          </ul>
        ))}
    </>
  );
}
