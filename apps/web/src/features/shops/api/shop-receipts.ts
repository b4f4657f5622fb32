// A shop's receipts for its owner or an admin (issue 33, decision 047): a month of them, the
// month as CSV for the accountant, and sending a receipt KRA refused to eTIMS again.
//   GET  /api/property/shop/{shopId}/receipts?month=YYYY-MM
//   GET  /api/property/shop/{shopId}/receipts.csv?month=YYYY-MM
//   POST /api/property/shop/{shopId}/receipts/{receiptId}/etims/resend -> the receipt's etims
import { useQuery } from '@tanstack/react-query';
import type { Receipt, ReceiptEtims } from '@soko/contract';
import { apiGet, apiPost } from '../../../lib/api-client';

export const shopReceiptsKeys = {
  month: (shopId: string, month: string) => ['owner', 'shop', shopId, 'receipts', month] as const,
};

const receiptsPath = (shopId: string) =>
  `/api/property/shop/${encodeURIComponent(shopId)}/receipts`;

export const shopReceiptsCsvPath = (shopId: string, month: string) =>
  `${receiptsPath(shopId)}.csv?month=${encodeURIComponent(month)}`;

/** `receipts-2026-11.csv` unless the server names it. */
export const shopReceiptsCsvName = (month: string) => `receipts-${month}.csv`;

export function useShopReceipts(shopId: string, month: string, enabled: boolean) {
  return useQuery({
    queryKey: shopReceiptsKeys.month(shopId, month),
    queryFn: ({ signal }) =>
      apiGet<Receipt[]>(`${receiptsPath(shopId)}?month=${encodeURIComponent(month)}`, {
        signal,
      }),
    enabled,
    staleTime: 0,
  });
}

export function resendReceiptToEtims(shopId: string, receiptId: string): Promise<ReceiptEtims> {
  return apiPost<ReceiptEtims>(
    `${receiptsPath(shopId)}/${encodeURIComponent(receiptId)}/etims/resend`,
    {},
  );
}
