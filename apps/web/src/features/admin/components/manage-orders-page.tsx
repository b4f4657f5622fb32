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
  const { filters, page, active, change, goToPage } = useOrderFilters();
  const orders = useAdminOrders(page, filters);
  const [panel, setPanel] = useState<Panel>(null);
  const pages = pageCount(orders.data?.total ?? 0, PAGE_SIZES.orders);
  const date = new Intl.DateTimeFormat('en-KE', { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <section>
      <h1 className="text-2xl font-bold text-stone-900">Manage Orders</h1>
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
          Loading orders...
        </p>
      ) : orders.isError ? (
        <p role="alert" className="mt-4">
          {filterErrorOf(orders.error) ?? 'Failed to load orders. Please try again later.'}
        </p>
      ) : orders.data.rows.length === 0 ? (
        <p className="mt-4">{active ? 'No orders match these filters.' : 'No orders yet.'}</p>
      ) : (
        <div className="mt-4 overflow-x-auto [contain:paint]">
          {/* contain:paint: without it phone Chrome zooms the whole page out to the table's
              width although the table scrolls in this box (a 390 px page laid out at 564). */}
          <table className="w-full text-left text-sm">
            <thead className="border-b border-stone-300">
              <tr>
                {['Order ID', 'Date', 'Total Price', 'Details'].map((h) => (
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
                        ['products', 'View Products'],
                        ['location', 'View Location'],
                        ['kyc', 'View KYC'],
                        ['history', 'View History'],
                        ['messages', 'View Messages'],
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
                        <span className="sr-only"> of order {order.orderId}</span>
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
            label="Order pages"
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
function filterErrorOf(error: Error): string | null {
  if (!(error instanceof ApiError) || error.status !== 400 || !error.fields) return null;
  return `These filters are not valid: ${Object.entries(error.fields)
    .map(([field, message]) => `${field}: ${message}`)
    .join(' ')}`;
}

function DetailPanel({ panel, onClose }: { panel: NonNullable<Panel>; onClose: () => void }) {
  // The items come with the one-order call (the list's rows may be trimmed in future).
  const order = useAdminOrder(panel.orderId);
  const titles = {
    products: 'Order products',
    location: 'Delivery location',
    kyc: 'Customer KYC',
    history: 'Order history',
    messages: 'Order messages',
  };
  return (
    <section
      aria-label={titles[panel.kind]}
      className="mt-6 rounded-lg border border-stone-300 p-4"
    >
      <div className="flex items-center justify-between">
        <h2 className="text-lg font-semibold">{titles[panel.kind]}</h2>
        <button type="button" className={smallButton} onClick={onClose}>
          Close
        </button>
      </div>
      {order.isPending ? (
        <p role="status">Loading the order...</p>
      ) : order.isError ? (
        <p role="alert">Failed to load the order. Please try again later.</p>
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
  const history = useOrderHistory(order._id);
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const when = new Intl.DateTimeFormat('en-KE', { dateStyle: 'medium', timeStyle: 'medium' });
  const sent = order.parts.some((part) => part.status === 'shipped' || part.status === 'delivered');
  return (
    <div className="mt-3 space-y-3">
      <p>
        State: <span className="font-semibold">{ORDER_STATUS_LABELS[order.status]}</span>
        {order.refundReason && ' · refund owed (see Refunds)'}
      </p>
      {order.parts.length > 0 && (
        <ul className="list-disc pl-5">
          {order.parts.map((part) => (
            <li key={part._id}>
              {part.shopName}: {ORDER_STATUS_LABELS[part.status]}
              {part.trackingNote ? ` · tracking: ${part.trackingNote}` : ''}
            </li>
          ))}
        </ul>
      )}
      {history.isPending ? (
        <p role="status">Loading the history...</p>
      ) : history.isError ? (
        <p role="alert">Failed to load the history. Please try again later.</p>
      ) : (
        <ol className="space-y-1 border-l-2 border-stone-200 pl-3 text-sm">
          {history.data.map((entry, index) => (
            <li key={`${entry.at}-${index}`}>
              <time dateTime={entry.at}>{when.format(new Date(entry.at))}</time>:{' '}
              {entry.shopName ? `${entry.shopName}'s part ` : ''}
              {entry.from
                ? `${ORDER_STATUS_LABELS[entry.from]} → ${ORDER_STATUS_LABELS[entry.to]}`
                : 'placed'}{' '}
              by {entry.actorName ? `${entry.actorName} (${entry.actor})` : entry.actor}
              {entry.note ? `: ${entry.note}` : ''}
            </li>
          ))}
        </ol>
      )}
      <FormStatus message={status} />
      {CANCELLABLE.has(order.status) && !sent && (
        <button type="button" className={smallButton} onClick={() => setConfirming(true)}>
          Cancel order
        </button>
      )}
      <ConfirmDialog
        open={confirming}
        title={`Cancel order ${order.orderId}?`}
        message="Its stock goes back on sale; a paid order joins the refund queue."
        confirmLabel="Cancel order"
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          await cancelWholeOrder(order._id);
          setConfirming(false);
          setStatus(`Order ${order.orderId} cancelled.`);
          await queryClient.invalidateQueries({ queryKey: ['admin'] });
        }}
      />
    </div>
  );
}

function PanelBody({ kind, order }: { kind: 'products' | 'location' | 'kyc'; order: Order }) {
  const rows: Array<[string, string]> =
    kind === 'location'
      ? [
          ['Address', order.address],
          ['City', order.city],
          ['Country', order.country],
        ]
      : kind === 'kyc'
        ? [
            ['First name', order.firstName],
            ['Last name', order.lastName],
            ['Email', order.email],
            ['Phone number', order.phoneNumber],
          ]
        : [
            ['Order ID', order.orderId],
            ['Total', formatKsh(order.totalPrice)],
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
          <p className="mt-3">No items found for this order.</p>
        ) : (
          <ul className="mt-3 list-disc pl-5">
            {order.items.map((item, i) => (
              <li key={`${item.productId}-${i}`}>
                {item.name}: {formatKsh(item.price)} x {item.quantity}
              </li>
            ))}
          </ul>
        ))}
    </>
  );
}
