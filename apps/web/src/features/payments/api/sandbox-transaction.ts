import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SANDBOX_ACTIONS, SandboxTransaction } from '@soko/contract';
import { ApiError, apiGet, apiPost } from '../../../lib/api-client';

export type SandboxAction = (typeof SANDBOX_ACTIONS)[number];

const path = (trackingId: string) => `/api/payments/sandbox/${encodeURIComponent(trackingId)}`;

/** GET /api/payments/sandbox/{trackingId}: what is being paid, and where it stands. */
export function getSandboxTransactionQueryOptions(trackingId: string) {
  return queryOptions({
    queryKey: ['sandbox-transaction', trackingId] as const,
    queryFn: ({ signal }) => apiGet<SandboxTransaction>(path(trackingId), { signal }),
    // A payment's state is what this page is for: never an old copy.
    staleTime: 0,
    retry: (failureCount, error) =>
      !(error instanceof ApiError && error.status < 500) && failureCount < 1,
  });
}

export function useSandboxTransaction(trackingId: string) {
  return useQuery(getSandboxTransactionQueryOptions(trackingId));
}

/** POST /api/payments/sandbox/{trackingId}/{pay|fail|reverse}: the shop is notified as by a provider. */
export function useSandboxAction(trackingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: SandboxAction) =>
      apiPost<SandboxTransaction>(`${path(trackingId)}/${action}`, {}),
    onSuccess: (transaction) => {
      queryClient.setQueryData(getSandboxTransactionQueryOptions(trackingId).queryKey, transaction);
    },
  });
}
