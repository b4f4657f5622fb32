import { queryOptions, useQuery } from '@tanstack/react-query';
import { paymentMethodsSchema, type PaymentProviderName } from '@soko/contract';
import { apiGet } from '../../../lib/api-client';

/** GET /api/payments/methods: the ways to pay the shop offers, its default first. */
export function getPaymentMethodsQueryOptions() {
  return queryOptions({
    queryKey: ['payment-methods'] as const,
    queryFn: async ({ signal }) =>
      paymentMethodsSchema.parse(await apiGet<unknown>('/api/payments/methods', { signal })),
    staleTime: 10 * 60_000,
  });
}

/** The offered methods; empty until known (the checkout then lets the server pick). */
export function usePaymentMethods(): readonly PaymentProviderName[] {
  return useQuery(getPaymentMethodsQueryOptions()).data?.methods ?? [];
}
