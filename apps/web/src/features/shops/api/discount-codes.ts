// Discount codes (issue 32, decision 038): a shop's own, run by its owner (or an admin) at
// /api/property/shop/{shopId}/discount-codes; every code, and the marketplace's, by admins at
// /api/admin/discount-codes.
import { useQuery } from '@tanstack/react-query';
import type { DiscountCodeInput, DiscountCodeList, DiscountCodeView } from '@soko/contract';
import { apiDelete, apiGet, apiPost, apiPut } from '../../../lib/api-client';

/** Whose codes a screen runs: one shop's, or (null) the marketplace's with every shop's. */
export type CodesOwner = { shopId: string | null };

export const discountCodeKeys = {
  list: ({ shopId }: CodesOwner) => ['owner', 'discount-codes', shopId ?? 'all'] as const,
};

const basePath = ({ shopId }: CodesOwner) =>
  shopId === null
    ? '/api/admin/discount-codes'
    : `/api/property/shop/${encodeURIComponent(shopId)}/discount-codes`;

export function useDiscountCodes(owner: CodesOwner) {
  return useQuery({
    queryKey: discountCodeKeys.list(owner),
    queryFn: ({ signal }) => apiGet<DiscountCodeList>(basePath(owner), { signal }),
    staleTime: 0,
  });
}

/**
 * A new code (no `codeId`) or a code's new terms. An admin editing a shop's code from the list
 * of every code goes through the admin's address: it reaches any code.
 */
export function saveDiscountCode(
  owner: CodesOwner,
  body: DiscountCodeInput,
  codeId?: string,
): Promise<DiscountCodeView> {
  return codeId
    ? apiPut<DiscountCodeView>(`${basePath(owner)}/${encodeURIComponent(codeId)}`, body)
    : apiPost<DiscountCodeView>(basePath(owner), body);
}

export function deleteDiscountCode(owner: CodesOwner, codeId: string): Promise<unknown> {
  return apiDelete(`${basePath(owner)}/${encodeURIComponent(codeId)}`);
}
