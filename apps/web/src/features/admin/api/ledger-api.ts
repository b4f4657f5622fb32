// The ledger's admin calls: what every shop is owed, payouts, commissions and the CSV.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { LedgerShops, PayoutRequest, ShopLedger } from '@soko/contract';
import { apiGet, apiPost, apiPut } from '../../../lib/api-client';
import { downloadCsv } from './admin-api';

export const ledgerKeys = {
  all: () => ['admin', 'ledger'] as const,
  shops: (page: number) => ['admin', 'ledger', page] as const,
};

export function useLedgerShops(page: number) {
  return useQuery({
    queryKey: ledgerKeys.shops(page),
    queryFn: ({ signal }) => apiGet<LedgerShops>(`/api/admin/ledger?page=${page}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** POST /api/admin/shops/{shopId}/payouts: 409 when it is more than the shop is owed. */
export function recordPayout(shopId: string, payout: PayoutRequest): Promise<ShopLedger> {
  return apiPost<ShopLedger>(`/api/admin/shops/${encodeURIComponent(shopId)}/payouts`, payout);
}

/** PUT /api/admin/shops/{shopId}/commission: null follows the marketplace's default. */
export function setCommission(shopId: string, commissionPercent: number | null) {
  return apiPut<ShopLedger>(`/api/admin/shops/${encodeURIComponent(shopId)}/commission`, {
    commissionPercent,
  });
}

export const downloadLedgerCsv = () =>
  downloadCsv('/api/admin/ledger/export.csv', 'shops-owed.csv');
