// Marketing consent from the browser: the account's preference, the unsubscribe page's button,
// and the admin's newsletter (decision 033).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  MarketingPreferences,
  ReminderOptOutResponse,
  ReminderPreferences,
  SendNewsletterBody,
  SendNewsletterResponse,
  UnsubscribeResponse,
  UpdateMarketingPreferences,
  UpdateReminderPreferences,
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

// Reminders about unpaid orders (decision 043): the account's switch, and the reminder's link.
export const getReminderPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: ['account', 'reminders'],
    queryFn: ({ signal }) => apiGet<ReminderPreferences>('/api/user/reminders', { signal }),
  });

export const useReminderPreferences = () => useQuery(getReminderPreferencesQueryOptions());

export function useUpdateReminderPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateReminderPreferences) =>
      apiPut<ReminderPreferences>('/api/user/reminders', body),
    onSuccess: (saved) =>
      queryClient.setQueryData(getReminderPreferencesQueryOptions().queryKey, saved),
  });
}

/** The reminder's page: stop reminders (the same call as the mail's one-click), or undo that. */
export function useReminderOptOut() {
  return useMutation({
    mutationFn: ({ token, optOut }: { token: string; optOut: boolean }) =>
      apiPost<ReminderOptOutResponse>(
        `/api/reminders/${optOut ? 'opt-out' : 'opt-in'}/${encodeURIComponent(token)}`,
        {},
      ),
  });
}
