// /admin/messages (issue 30, decision 032): every message Soko sent or tried to send, newest
// first, with its channel, state, attempts and last error; narrowed by state, channel, kind and a
// search, all kept in the page's address so reload, back and forward keep them. A message opens
// with its body and Resend. A table on a wide screen, cards on a phone.
import { useCallback, useState, type ChangeEvent, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import {
  MESSAGE_CHANNELS,
  MESSAGE_CHANNEL_LABELS,
  MESSAGE_KINDS,
  MESSAGE_KIND_LABELS,
  MESSAGE_STATUSES,
  MESSAGE_STATUS_LABELS,
  MESSAGES_PAGE_SIZE,
  pageCount,
  parsePageParam,
  type AdminMessage,
} from '@soko/contract';
import { Field } from '../../../components/form/field';
import { focusRing, primaryButton, secondaryButton } from '../../../components/form-styles';
import { LoadFailed, Loading } from '../../../components/load-state';
import { Modal } from '../../../components/modal';
import { ApiError } from '../../../lib/api-client';
import {
  NO_MESSAGE_FILTERS,
  useAdminMessage,
  useAdminMessages,
  type MessageFilters,
} from '../api/messages-api';
import { AdminGuard } from './admin-guard';
import { Toast } from '../../../components/toast';
import { formatWhen, ResendForm, StateBadge } from './message-parts';
import { PageButtons } from './page-buttons';
import { type AdminKey, type Translate } from '../../../lib/i18n';
import { useAdminT } from '../../../lib/staff-i18n';

const FILTER_KEYS = Object.keys(NO_MESSAGE_FILTERS) as Array<keyof MessageFilters>;
const smallButton = `rounded border border-stone-300 px-2 py-1 text-sm font-semibold text-stone-800 hover:bg-stone-100 ${focusRing}`;

export function MessagesPage() {
  return (
    <AdminGuard>
      <MessageList />
    </AdminGuard>
  );
}

type OpenedHere = { openedHere: true };

/** The filters, page and open message in the address; a filter change goes back to page 1. */
function useMessageParams() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const filters = Object.fromEntries(
    FILTER_KEYS.map((key) => [key, params.get(key) ?? '']),
  ) as MessageFilters;
  const update = (edit: (next: URLSearchParams) => void, state?: OpenedHere) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        edit(next);
        return next;
      },
      { state },
    );
  return {
    filters,
    page: parsePageParam(params.get('page')),
    open: params.get('message') ?? '',
    active: FILTER_KEYS.some((key) => filters[key] !== ''),
    change: (changed: Partial<MessageFilters>) =>
      update((next) => {
        for (const [key, value] of Object.entries(changed)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        next.delete('page');
      }),
    goToPage: (n: number) =>
      update((next) => {
        if (n === 1) next.delete('page');
        else next.set('page', String(n));
      }),
    openMessage: (id: string) => update((next) => next.set('message', id), { openedHere: true }),
    // Back closes a message opened here, so closing one steps back too: the history then holds
    // the list once. One opened from a shared address is closed by a new entry.
    closeMessage: () => {
      if ((location.state as OpenedHere | null)?.openedHere) void navigate(-1);
      else update((next) => next.delete('message'));
    },
  };
}

function MessageList() {
  const t = useAdminT();
  const { filters, page, open, active, change, goToPage, openMessage, closeMessage } =
    useMessageParams();
  const list = useAdminMessages({ page, filters });
  const [toast, setToast] = useState<string | null>(null);
  const clearToast = useCallback(() => setToast(null), []);

  return (
    <section aria-labelledby="messages-heading" className="space-y-4">
      <h1 id="messages-heading" className="text-2xl font-bold text-stone-900">
        {t('admin.messages.messages')}
      </h1>
      <FilterBar filters={filters} active={active} onChange={change} />
      {list.isPending ? (
        <Loading>{t('admin.messages.loadingMessages')}</Loading>
      ) : list.isError ? (
        <LoadFailed onRetry={list.refetch}>
          {filterErrorOf(list.error, t) ?? t('admin.messages.failedToLoadTheMessages')}
        </LoadFailed>
      ) : list.data.messages.length === 0 ? (
        <p className="text-stone-700">
          {active
            ? t('admin.messages.noMessagesMatchTheseFilters')
            : t('admin.messages.noMessagesYet')}
        </p>
      ) : (
        <>
          <p className="text-sm text-stone-700">
            {t('admin.messages.count', { total: list.data.total })}
          </p>
          <MessageTable messages={list.data.messages} onOpen={openMessage} />
          <MessageCards messages={list.data.messages} onOpen={openMessage} />
          <PageButtons
            page={page}
            pageCount={pageCount(list.data.total, MESSAGES_PAGE_SIZE)}
            label={t('admin.messages.messagePages')}
            onPageChange={goToPage}
          />
        </>
      )}
      <Modal
        open={open !== ''}
        onClose={closeMessage}
        title={t('admin.messages.message')}
        size="max-w-2xl"
      >
        <MessageDetail
          id={open}
          onResent={(text) => {
            // The page behind an open dialog is inert, and its toast would go unread: the
            // dialog closes first (focus goes back to the message's Open button).
            closeMessage();
            setToast(text);
          }}
        />
      </Modal>
      <Toast message={toast} onDone={clearToast} />
    </section>
  );
}

/** A filter the server refused (an address edited by hand), in words. */
function filterErrorOf(error: Error, t: Translate<AdminKey>): string | null {
  if (!(error instanceof ApiError) || error.status !== 400 || !error.fields) return null;
  return t('admin.orders.filtersNotValid', { problems: Object.values(error.fields).join(' ') });
}

function FilterBar({
  filters,
  active,
  onChange,
}: {
  filters: MessageFilters;
  active: boolean;
  onChange: (next: Partial<MessageFilters>) => void;
}) {
  const t = useAdminT();
  const [text, setText] = useState(filters.q);
  // What this box last put in the address: a different q there came from back, forward or
  // Clear filters, and replaces what is typed.
  const [applied, setApplied] = useState(filters.q);
  if (filters.q !== applied) {
    setApplied(filters.q);
    setText(filters.q);
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = text.trim();
    setApplied(q);
    onChange({ q });
  };
  return (
    <form
      role="search"
      aria-label={t('admin.messages.messageFilters')}
      onSubmit={submit}
      className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr]"
    >
      <Field
        label={t('admin.messages.searchMessages')}
        className="sm:col-span-2 lg:col-span-1"
        type="search"
        placeholder={t('admin.messages.recipientOrSubject')}
        maxLength={100}
        value={text}
        onChange={(event: ChangeEvent<HTMLInputElement>) => setText(event.target.value)}
      />
      <Field
        label={t('admin.messages.state')}
        value={filters.status}
        placeholder={t('admin.messages.allStates')}
        options={MESSAGE_STATUSES.map((value) => ({
          value,
          label: MESSAGE_STATUS_LABELS[value],
        }))}
        onChange={(event: ChangeEvent<HTMLSelectElement>) =>
          onChange({ status: event.target.value })
        }
      />
      <Field
        label={t('admin.messages.channel')}
        value={filters.channel}
        placeholder={t('admin.messages.allChannels')}
        options={MESSAGE_CHANNELS.map((value) => ({
          value,
          label: MESSAGE_CHANNEL_LABELS[value],
        }))}
        onChange={(event: ChangeEvent<HTMLSelectElement>) =>
          onChange({ channel: event.target.value })
        }
      />
      <Field
        label={t('admin.messages.kind')}
        value={filters.kind}
        placeholder={t('admin.messages.allKinds')}
        options={MESSAGE_KINDS.map((value) => ({ value, label: MESSAGE_KIND_LABELS[value] }))}
        onChange={(event: ChangeEvent<HTMLSelectElement>) => onChange({ kind: event.target.value })}
      />
      <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-4">
        <button type="submit" className={primaryButton}>
          {t('admin.messages.search')}
        </button>
        <button
          type="button"
          className={secondaryButton}
          disabled={!active}
          onClick={() => onChange(NO_MESSAGE_FILTERS)}
        >
          {t('admin.messages.clearFilters')}
        </button>
      </div>
    </form>
  );
}

function OpenButton({ message, onOpen }: { message: AdminMessage; onOpen: (id: string) => void }) {
  const t = useAdminT();
  return (
    <button type="button" className={smallButton} onClick={() => onOpen(message._id)}>
      {t('admin.messages.open')}
      <span className="sr-only">
        {t('admin.messages.theMessageTo', { recipient: message.recipient })}
      </span>
    </button>
  );
}

function MessageTable({
  messages,
  onOpen,
}: {
  messages: AdminMessage[];
  onOpen: (id: string) => void;
}) {
  const t = useAdminT();
  return (
    <div className="hidden overflow-x-auto md:block">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t('admin.messages.messagesNewestFirst')}</caption>
        <thead className="border-b border-stone-300">
          <tr>
            {[
              t('admin.messages.column.when'),
              t('admin.messages.channel'),
              t('admin.messages.kind'),
              t('admin.messages.column.recipient'),
              t('admin.messages.state'),
              t('admin.messages.column.attempts'),
              t('admin.messages.column.lastError'),
              '',
            ].map((heading) => (
              <th key={heading} scope="col" className="p-2">
                {heading || <span className="sr-only">{t('admin.messages.actions')}</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {messages.map((message) => (
            <tr key={message._id} className="border-b border-stone-200 align-top">
              <td className="p-2 whitespace-nowrap">
                <time dateTime={message.createdAt}>{formatWhen(message.createdAt)}</time>
              </td>
              <td className="p-2">{MESSAGE_CHANNEL_LABELS[message.channel]}</td>
              <td className="p-2">
                {MESSAGE_KIND_LABELS[message.kind]}
                {message.orderNumber && (
                  <span className="block text-xs text-stone-600">{message.orderNumber}</span>
                )}
              </td>
              <td className="p-2 break-all">{message.recipient}</td>
              <td className="p-2">
                <StateBadge status={message.status} />
              </td>
              <td className="p-2 tabular-nums">{message.attempts}</td>
              <td className="max-w-64 p-2 break-words text-stone-700">
                {message.lastError ?? '—'}
              </td>
              <td className="p-2">
                <OpenButton message={message} onOpen={onOpen} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function MessageCards({
  messages,
  onOpen,
}: {
  messages: AdminMessage[];
  onOpen: (id: string) => void;
}) {
  const t = useAdminT();
  return (
    <ul className="space-y-3 md:hidden">
      {messages.map((message) => (
        <li key={message._id}>
          <article
            aria-label={t('admin.messages.kindTo', {
              kind: MESSAGE_KIND_LABELS[message.kind],
              recipient: message.recipient,
            })}
            className="space-y-1 rounded-lg border border-stone-200 p-3 text-sm"
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <StateBadge status={message.status} />
              <time dateTime={message.createdAt} className="text-stone-600">
                {formatWhen(message.createdAt)}
              </time>
            </div>
            <p className="font-semibold break-all">{message.recipient}</p>
            <p>
              {MESSAGE_KIND_LABELS[message.kind]} · {MESSAGE_CHANNEL_LABELS[message.channel]}
              {message.orderNumber ? ` · ${message.orderNumber}` : ''}
              {t('admin.messages.attempts', { attempts: message.attempts })}
            </p>
            {message.lastError && <p className="break-words text-red-800">{message.lastError}</p>}
            <OpenButton message={message} onOpen={onOpen} />
          </article>
        </li>
      ))}
    </ul>
  );
}

function MessageDetail({ id, onResent }: { id: string; onResent: (text: string) => void }) {
  const t = useAdminT();
  const message = useAdminMessage(id);
  if (message.isPending) return <Loading>{t('admin.messages.loadingTheMessage')}</Loading>;
  if (message.isError) {
    return (
      <LoadFailed onRetry={message.refetch}>
        {message.error instanceof ApiError && message.error.status === 404
          ? t('admin.messages.thisMessageDoesNotExist')
          : t('admin.messages.failedToLoadTheMessage')}
      </LoadFailed>
    );
  }
  const m = message.data;
  const rows: Array<[string, string]> = [
    [t('admin.messages.field.to'), m.recipient],
    [t('admin.messages.channel'), MESSAGE_CHANNEL_LABELS[m.channel]],
    [t('admin.messages.kind'), MESSAGE_KIND_LABELS[m.kind]],
    [t('admin.messages.field.from'), m.senderName],
    [t('admin.messages.field.written'), formatWhen(m.createdAt)],
    [t('admin.messages.field.sent'), m.sentAt ? formatWhen(m.sentAt) : '—'],
    [t('admin.messages.column.attempts'), String(m.attempts)],
    [t('admin.messages.column.lastError'), m.lastError ?? '—'],
    [t('admin.messages.field.providersAnswer'), m.providerStatus ?? '—'],
    [
      t('admin.messages.field.delivery'),
      m.deliveryStatus ? `${m.deliveryStatus} ${m.deliveryError ?? ''}`.trim() : '—',
    ],
    [t('admin.messages.field.order'), m.orderNumber ?? '—'],
  ];
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        <StateBadge status={m.status} />
        <p className="font-semibold">{m.subject}</p>
      </div>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-medium text-stone-700">{term}</dt>
            <dd className="break-words">{value}</dd>
          </div>
        ))}
      </dl>
      {m.resentFromId && (
        <p className="text-sm text-stone-700">{t('admin.messages.aResendOfAnEarlier')}</p>
      )}
      {m.resends.length > 0 && (
        <p className="text-sm text-stone-700">
          {t('admin.messages.resentTimes', {
            count: m.resends.length,
            status: MESSAGE_STATUS_LABELS[m.resends[m.resends.length - 1]?.status ?? 'queued'],
          })}
        </p>
      )}
      <section aria-label={t('admin.messages.messageBody')}>
        <h3 className="text-sm font-semibold text-stone-800">{t('admin.messages.body')}</h3>
        {m.body === null ? (
          <p className="mt-1 text-sm text-stone-700 italic">
            {t('admin.messages.notShownItHoldsA')}
          </p>
        ) : (
          <pre className="mt-1 max-h-72 overflow-auto rounded-md bg-stone-50 p-3 text-sm whitespace-pre-wrap">
            {m.body}
          </pre>
        )}
      </section>
      <ResendForm message={m} onResent={onResent} />
    </div>
  );
}
