// Marketing consent from the browser: the account's preference, the unsubscribe page's button,
// and the admin's newsletter (decision 033).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  MarketingPreferences,
  SendNewsletterBody,
  SendNewsletterResponse,
  UnsubscribeResponse,
  UpdateMarketingPreferences,
} from '@soko/contract';
import { apiGet, apiPost, apiPut } from '../../../lib/api-client';

export const getMarketingPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: ['account', 'marketing'],
    queryFn: ({ signal }) => apiGet<MarketingPreferences>('/api/user/marketing', { signal }),
  });

export const useMarketingPreferences = () => useQuery(getMarketingPreferencesQueryOptions());

export function useUpdateMarketingPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateMarketingPreferences) =>
      apiPut<MarketingPreferences>('/api/user/marketing', body),
    onSuccess: (saved) =>
      queryClient.setQueryData(getMarketingPreferencesQueryOptions().queryKey, saved),
  });
}

/** The unsubscribe page's button: the same call a mail program's one-click makes. */
export function useUnsubscribe() {
  return useMutation({
    mutationFn: (token: string) =>
      apiPost<UnsubscribeResponse>(`/api/unsubscribe/${encodeURIComponent(token)}`, {}),
  });
}

export function useSendNewsletter() {
  return useMutation({
    mutationFn: (body: SendNewsletterBody) =>
      apiPost<SendNewsletterResponse>('/api/admin/newsletter/send', body),
  });
}
