// A shop's balance and history (GET /api/property/shop/{shopId}/ledger): what the marketplace
// owes it, a page at a time, newest first.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ShopLedger } from '@soko/contract';
import { apiGet } from '../../../lib/api-client';

export const shopLedgerKeys = {
  page: (shopId: string, page: number) => ['owner', 'shop', shopId, 'ledger', page] as const,
};

export function useShopLedger(shopId: string, page: number) {
  return useQuery({
    queryKey: shopLedgerKeys.page(shopId, page),
    queryFn: ({ signal }) =>
      apiGet<ShopLedger>(`/api/property/shop/${encodeURIComponent(shopId)}/ledger?page=${page}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
