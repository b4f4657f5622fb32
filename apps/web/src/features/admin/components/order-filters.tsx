// The bar above the admin's order table: search, state, shop, days, and the CSV export of what
// it keeps. The filters live in the page's address (useOrderFilters), so reload, back and
// forward keep them.
import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { ORDER_STATUSES, ORDER_STATUS_LABELS, parsePageParam } from '@soko/contract';
import {
  alertClass,
  inputClass,
  primaryButton,
  secondaryButton,
} from '../../../components/form-styles';
import { ApiError } from '../../../lib/api-client';
import { useShops } from '../../shops';
import { downloadOrdersCsv, NO_ORDER_FILTERS, type OrderFilters } from '../api/admin-api';
import { useAdminT } from '../../../lib/staff-i18n';

/** Typing waits this long for a pause before the list asks the server again. */
const SEARCH_DEBOUNCE_MS = 300;
const FILTER_KEYS = Object.keys(NO_ORDER_FILTERS) as Array<keyof OrderFilters>;

/** The filters and page in the address, and how to change them (a change goes back to page 1). */
export function useOrderFilters() {
  const [params, setParams] = useSearchParams();
  const filters = Object.fromEntries(
    FILTER_KEYS.map((key) => [key, params.get(key) ?? '']),
  ) as OrderFilters;
  const page = parsePageParam(params.get('page'));
  const active = FILTER_KEYS.some((key) => filters[key] !== '');

  const change = (next: Partial<OrderFilters>, { replace = false } = {}) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        for (const [key, value] of Object.entries(next)) {
          if (value) updated.set(key, value);
          else updated.delete(key);
        }
        updated.delete('page');
        return updated;
      },
      { replace },
    );
  const goToPage = (n: number) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (n === 1) updated.delete('page');
      else updated.set('page', String(n));
      return updated;
    });
  return { filters, page, active, change, goToPage };
}

type Props = {
  filters: OrderFilters;
  active: boolean;
  onChange: (next: Partial<OrderFilters>, options?: { replace?: boolean }) => void;
};

export function OrderFilterBar({ filters, active, onChange }: Props) {
  const t = useAdminT();
  const shops = useShops();
  const [text, setText] = useState(filters.q);
  // What this box last put in the address: a different q there came from elsewhere (back,
  // forward, Clear filters) and replaces what is typed.
  const [applied, setApplied] = useState(filters.q);
  if (filters.q !== applied) {
    setApplied(filters.q);
    setText(filters.q);
  }
  const applySearch = (value: string, replace: boolean) => {
    const q = value.trim();
    if (q === filters.q) return;
    setApplied(q);
    onChange({ q }, { replace });
  };
  useEffect(() => {
    // Typing replaces the history entry: Back should not step through every letter.
    const timer = setTimeout(() => applySearch(text, true), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    applySearch(text, false);
  };
  const label = 'block text-sm font-medium text-stone-700';

  return (
    <form
      role="search"
      aria-label={t('admin.orders.orderFilters')}
      onSubmit={submit}
      className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_auto_auto]"
    >
      <div className="sm:col-span-2 lg:col-span-1">
        <label htmlFor="order-search" className={label}>
          {t('admin.orders.searchOrders')}
        </label>
        <input
          id="order-search"
          type="search"
          className={inputClass}
          placeholder={t('admin.orders.orderNumberEmailOrPhone')}
          maxLength={100}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      <div>
        <label htmlFor="order-status" className={label}>
          {t('admin.orders.stateLabel')}
        </label>
        <select
          id="order-status"
          className={inputClass}
          value={filters.status}
          onChange={(event) => onChange({ status: event.target.value })}
        >
          <option value="">{t('admin.orders.allStates')}</option>
          {ORDER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {ORDER_STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="order-shop" className={label}>
          {t('admin.orders.shop')}
        </label>
        <select
          id="order-shop"
          className={inputClass}
          value={filters.shopId}
          onChange={(event) => onChange({ shopId: event.target.value })}
        >
          <option value="">{t('admin.orders.allShops')}</option>
          {(shops.data ?? []).map((shop) => (
            <option key={shop._id} value={shop._id}>
              {shop.name}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="order-from" className={label}>
          {t('admin.orders.from')}
        </label>
        <input
          id="order-from"
          type="date"
          className={inputClass}
          value={filters.from}
          max={filters.to || undefined}
          onChange={(event) => onChange({ from: event.target.value })}
        />
      </div>
      <div>
        <label htmlFor="order-to" className={label}>
          {t('admin.orders.to')}
        </label>
        <input
          id="order-to"
          type="date"
          className={inputClass}
          value={filters.to}
          min={filters.from || undefined}
          onChange={(event) => onChange({ to: event.target.value })}
        />
      </div>
      <div className="flex flex-wrap items-end gap-2 sm:col-span-2 lg:col-span-5">
        <button type="submit" className={primaryButton}>
          {t('admin.orders.search')}
        </button>
        <button
          type="button"
          className={secondaryButton}
          disabled={!active}
          onClick={() => onChange(NO_ORDER_FILTERS)}
        >
          {t('admin.orders.clearFilters')}
        </button>
        <ExportButton filters={filters} />
      </div>
    </form>
  );
}

function ExportButton({ filters }: { filters: OrderFilters }) {
  const t = useAdminT();
  const [state, setState] = useState<{ running: boolean; error: string | null }>({
    running: false,
    error: null,
  });
  const exportCsv = async () => {
    setState({ running: true, error: null });
    try {
      await downloadOrdersCsv(filters);
      setState({ running: false, error: null });
    } catch (error) {
      const message =
        error instanceof ApiError && error.status < 500
          ? error.message
          : t('admin.orders.csvFailed');
      setState({ running: false, error: message });
    }
  };
  return (
    <>
      <button
        type="button"
        className={secondaryButton}
        disabled={state.running}
        onClick={() => void exportCsv()}
      >
        {state.running ? t('admin.orders.preparingCsv') : t('admin.orders.exportCsv')}
      </button>
      <span role="status" className="sr-only">
        {state.running ? t('admin.orders.preparingCsv') : ''}
      </span>
      {state.error && (
        <p role="alert" className={`${alertClass} basis-full`}>
          {state.error}
        </p>
      )}
    </>
  );
}
