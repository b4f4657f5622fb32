// The Messages section of an order's panel (/manageorders): every message about the order, each
// with Resend to a corrected address (decision 032). All of them fit one page: an order gets a
// handful of messages, not hundreds.
import { useCallback, useState } from 'react';
import { MESSAGE_CHANNEL_LABELS, MESSAGE_KIND_LABELS } from '@soko/contract';
import { LoadFailed, Loading } from '../../../components/load-state';
import { useAdminMessages } from '../api/messages-api';
import { Toast } from '../../../components/toast';
import { formatWhen, ResendForm, StateBadge } from './message-parts';
import { useAdminT } from '../../../lib/staff-i18n';

export function OrderMessages({ orderId }: { orderId: string }) {
  const t = useAdminT();
  const list = useAdminMessages({ orderId, pageSize: 100 });
  const [toast, setToast] = useState<string | null>(null);
  const clearToast = useCallback(() => setToast(null), []);
  return (
    <div className="mt-3 space-y-3">
      {list.isPending ? (
        <Loading>{t('admin.orders.loadingTheOrdersMessages')}</Loading>
      ) : list.isError ? (
        <LoadFailed onRetry={list.refetch}>{t('admin.orders.failedToLoadTheOrders')}</LoadFailed>
      ) : list.data.messages.length === 0 ? (
        <p>{t('admin.orders.noMessagesAboutThisOrder')}</p>
      ) : (
        <ul className="space-y-3">
          {list.data.messages.map((message) => (
            <li key={message._id}>
              <article
                aria-label={t('admin.orders.kindTo', {
                  kind: MESSAGE_KIND_LABELS[message.kind],
                  recipient: message.recipient,
                })}
                className="space-y-2 rounded-md border border-stone-200 p-3 text-sm"
              >
                <div className="flex flex-wrap items-center gap-2">
                  <StateBadge status={message.status} />
                  <span className="font-semibold">{MESSAGE_KIND_LABELS[message.kind]}</span>
                  <span>
                    {t('admin.orders.channelTo', {
                      channel: MESSAGE_CHANNEL_LABELS[message.channel],
                    })}
                    <span className="break-all">{message.recipient}</span>
                  </span>
                </div>
                <p className="text-stone-700">
                  <time dateTime={message.createdAt}>{formatWhen(message.createdAt)}</time>
                  {t('admin.orders.attempts', { attempts: message.attempts })}
                  {message.lastError ? ` · ${message.lastError}` : ''}
                </p>
                <ResendForm message={message} onResent={setToast} />
              </article>
            </li>
          ))}
        </ul>
      )}
      <Toast message={toast} onDone={clearToast} />
    </div>
  );
}
