// A shop's orders screen: its part of each placed order, a page at a time (the total in
// X-Total-Count), and the owner's moves on a part (ship, deliver, cancel).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  type PartAction,
  type PartActionBody,
  type PartStatus,
  type ShopOrder,
} from '@soko/contract';
import { apiGetWithHeaders, apiPost, totalCount } from '../../../lib/api-client';

export const SHOP_ORDERS_PAGE_SIZE = 10;

export const shopOrderKeys = {
  all: (shopId: string) => ['owner', 'shop', shopId, 'orders'] as const,
  page: (shopId: string, page: number, status: PartStatus | '') =>
    ['owner', 'shop', shopId, 'orders', page, status] as const,
};

export function useShopOrders(shopId: string, page: number, status: PartStatus | '') {
  return useQuery({
    queryKey: shopOrderKeys.page(shopId, page, status),
    queryFn: async ({ signal }) => {
      const query = new URLSearchParams({
        page: String(page),
        pageSize: String(SHOP_ORDERS_PAGE_SIZE),
        ...(status ? { status } : {}),
      });
      const { data, headers } = await apiGetWithHeaders<ShopOrder[]>(
        `/api/property/shop/${encodeURIComponent(shopId)}/orders?${query.toString()}`,
        { signal },
      );
      return { rows: data, total: totalCount(headers, data.length) };
    },
    placeholderData: keepPreviousData,
    // New orders arrive while the screen is open.
    refetchInterval: 30_000,
  });
}

export function movePart(
  shopId: string,
  orderId: string,
  action: PartAction,
  body: PartActionBody = {},
): Promise<ShopOrder> {
  return apiPost<ShopOrder>(
    `/api/property/shop/${encodeURIComponent(shopId)}/orders/${encodeURIComponent(orderId)}/${action}`,
    body,
  );
}
