// The admin's calls (spec section 7). Lists are paged by the server: the page's rows in the
// body, how many rows all pages hold in X-Total-Count.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  PAGE_SIZES,
  TOTAL_COUNT_HEADER,
  type AdminProductUpdate,
  type DeletedResponse,
  type Order,
  type Product,
} from '@soko/contract';
import { apiDelete, apiGet, apiGetWithHeaders, apiPut } from '../../../lib/api-client';

export const adminKeys = {
  products: (page: number) => ['admin', 'products', page] as const,
  allProducts: () => ['admin', 'products'] as const,
  orders: (page: number) => ['admin', 'orders', page] as const,
  order: (id: string) => ['admin', 'order', id] as const,
};

export type Page<T> = { rows: T[]; total: number };

async function getPage<T>(path: string, signal?: AbortSignal): Promise<Page<T>> {
  const { data, headers } = await apiGetWithHeaders<unknown>(path, { signal });
  const rows = Array.isArray(data) ? (data as T[]) : [];
  const total = Number(headers.get(TOTAL_COUNT_HEADER));
  return { rows, total: Number.isFinite(total) ? total : rows.length };
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

export function useAdminOrders(page: number) {
  return useQuery({
    queryKey: adminKeys.orders(page),
    queryFn: ({ signal }) =>
      getPage<Order>(`/api/order/getall?page=${page}&pageSize=${PAGE_SIZES.orders}`, signal),
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
