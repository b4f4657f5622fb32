import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaybillClaim, PaybillClaimBody, PaybillInstructions } from '@soko/contract';
import { apiGet, apiPost } from '../../../lib/api-client';
import { getOrderQueryOptions } from './get-order';

/** GET /api/payments/mpesa/paybill/{orderId}: the Paybill steps and the latest code's check. */
export function getPaybill(orderId: string, { signal }: { signal?: AbortSignal } = {}) {
  return apiGet<PaybillInstructions>(`/api/payments/mpesa/paybill/${encodeURIComponent(orderId)}`, {
    signal,
  });
}

/** While M-Pesa checks a code its answer comes within seconds: asked every 3 s till then. */
const CHECKING_REFRESH_MS = 3_000;

export function getPaybillQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: ['order', orderId, 'paybill'] as const,
    queryFn: ({ signal }) => getPaybill(orderId, { signal }),
    retry: false,
  });
}

export function usePaybill(orderId: string, enabled: boolean) {
  return useQuery({
    ...getPaybillQueryOptions(orderId),
    enabled,
    refetchInterval: (query) =>
      query.state.data?.claim?.state === 'checking' ? CHECKING_REFRESH_MS : false,
  });
}

/** POST /api/payments/mpesa/paybill: the code of a payment made by hand, to be checked. */
export function useClaimPaybill(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PaybillClaimBody) =>
      apiPost<PaybillClaim>('/api/payments/mpesa/paybill', body),
    onSuccess: async (claim) => {
      queryClient.setQueryData(
        getPaybillQueryOptions(orderId).queryKey,
        (current) => current && { ...current, claim },
      );
      // Already accepted (the same code typed again): the order has moved.
      if (claim.state === 'accepted') {
        await queryClient.invalidateQueries({ queryKey: getOrderQueryOptions(orderId).queryKey });
      }
    },
  });
}
