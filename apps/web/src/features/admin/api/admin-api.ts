// The admin's calls (spec section 7). Lists are paged by the server: the page's rows in the
// body, how many rows all pages hold in X-Total-Count.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  PAGE_SIZES,
  type AdminProductUpdate,
  type DeletedResponse,
  type Order,
  type OrderHistoryEntry,
  type Product,
} from '@soko/contract';
import {
  apiDelete,
  apiGet,
  apiGetWithHeaders,
  apiPost,
  apiPut,
  authHeader,
  toApiError,
  totalCount,
} from '../../../lib/api-client';

/** The order list's filters as the page's address holds them; '' is no filter. */
export type OrderFilters = { q: string; status: string; shopId: string; from: string; to: string };
export const NO_ORDER_FILTERS: OrderFilters = { q: '', status: '', shopId: '', from: '', to: '' };

/** The filters that are set, as a query string for getall and export.csv. */
export function orderFilterQuery(filters: OrderFilters): URLSearchParams {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    const set = value.trim();
    if (set) query.set(key, set);
  }
  return query;
}

export const adminKeys = {
  products: (page: number) => ['admin', 'products', page] as const,
  allProducts: () => ['admin', 'products'] as const,
  orders: (page: number, filters: OrderFilters) => ['admin', 'orders', page, filters] as const,
  order: (id: string) => ['admin', 'order', id] as const,
};

export type Page<T> = { rows: T[]; total: number };

async function getPage<T>(path: string, signal?: AbortSignal): Promise<Page<T>> {
  const { data, headers } = await apiGetWithHeaders<unknown>(path, { signal });
  const rows = Array.isArray(data) ? (data as T[]) : [];
  return { rows, total: totalCount(headers, rows.length) };
}

export function useAdminProducts(page: number) {
  return useQuery({
    queryKey: adminKeys.products(page),
    queryFn: ({ signal }) =>
      getPage<Product>(`/api/products?page=${page}&pageSize=${PAGE_SIZES.adminProducts}`, signal),
    // The old page stays on screen while the next loads, so the table does not jump.
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useAdminOrders(page: number, filters: OrderFilters) {
  return useQuery({
    queryKey: adminKeys.orders(page, filters),
    queryFn: ({ signal }) => {
      const query = orderFilterQuery(filters);
      query.set('page', String(page));
      query.set('pageSize', String(PAGE_SIZES.orders));
      return getPage<Order>(`/api/order/getall?${query}`, signal);
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** GET /api/order/getorder/{orderId}: one order with its items (the detail panel). */
export function useAdminOrder(orderId: string | null) {
  return useQuery({
    queryKey: adminKeys.order(orderId ?? ''),
    queryFn: ({ signal }) =>
      apiGet<Order>(`/api/order/getorder/${encodeURIComponent(orderId ?? '')}`, { signal }),
    enabled: orderId !== null,
  });
}

export function updateAdminProduct(id: string, body: AdminProductUpdate): Promise<Product> {
  return apiPut<Product>(`/api/products/${encodeURIComponent(id)}`, body);
}

export function deleteAdminProduct(id: string): Promise<DeletedResponse> {
  return apiDelete<DeletedResponse>(`/api/products/${encodeURIComponent(id)}`);
}

/**
 * A CSV call saved as a file. The call needs the bearer token, so a plain link cannot fetch it:
 * the answer is fetched, then handed to the browser as a download through a temporary object
 * URL.
 */
export async function downloadCsv(path: string, fallbackName: string): Promise<void> {
  const { blob, filename } = await apiGetBlob(path);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, or some browsers cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** GET /api/order/export.csv: the filtered orders saved as a file. */
export function downloadOrdersCsv(filters: OrderFilters): Promise<void> {
  return downloadCsv(`/api/order/export.csv?${orderFilterQuery(filters)}`, 'orders.csv');
}

/** GET /api/order/{orderId}/history: every move of the order and of its parts. */
export function useOrderHistory(orderId: string) {
  return useQuery({
    queryKey: ['admin', 'order', orderId, 'history'] as const,
    queryFn: ({ signal }) =>
      apiGet<OrderHistoryEntry[]>(`/api/order/${encodeURIComponent(orderId)}/history`, {
        signal,
      }),
    staleTime: 0,
  });
}

/** POST /api/order/{orderId}/cancel: the whole order, while nothing of it has been sent. */
export function cancelWholeOrder(orderId: string, note?: string): Promise<Order> {
  return apiPost<Order>(`/api/order/${encodeURIComponent(orderId)}/cancel`, note ? { note } : {});
}

/**
 * A GET whose answer is a file (the CSV export): its bytes, and the name it came with. Here, not
 * in the shared client, so the shopper's first load does not carry it.
 */
async function apiGetBlob(path: string): Promise<{ blob: Blob; filename: string | null }> {
  const response = await fetch(path, { headers: authHeader() });
  if (!response.ok) throw await toApiError(response);
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? null;
  return { blob: await response.blob(), filename };
}
