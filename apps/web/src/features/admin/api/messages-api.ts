// The admin's outbox calls (/admin/messages and an order's panel, decision 032).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  MESSAGES_PAGE_SIZE,
  type AdminMessage,
  type AdminMessageDetail,
  type AdminMessagePage,
} from '@soko/contract';
import { apiGet, apiPost } from '../../../lib/api-client';

/** The list's filters as the page's address holds them; '' is no filter. */
export type MessageFilters = { status: string; channel: string; kind: string; q: string };
export const NO_MESSAGE_FILTERS: MessageFilters = { status: '', channel: '', kind: '', q: '' };

export const messageKeys = {
  all: () => ['admin', 'messages'] as const,
  list: (page: number, filters: MessageFilters, orderId: string) =>
    ['admin', 'messages', 'list', page, filters, orderId] as const,
  one: (id: string) => ['admin', 'messages', 'one', id] as const,
};

export function useAdminMessages({
  page = 1,
  filters = NO_MESSAGE_FILTERS,
  orderId = '',
  pageSize = MESSAGES_PAGE_SIZE,
}: {
  page?: number;
  filters?: MessageFilters;
  orderId?: string;
  pageSize?: number;
}) {
  return useQuery({
    queryKey: messageKeys.list(page, filters, orderId),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams();
      for (const [key, value] of Object.entries(filters)) {
        if (value.trim()) query.set(key, value.trim());
      }
      if (orderId) query.set('orderId', orderId);
      query.set('page', String(page));
      query.set('pageSize', String(pageSize));
      return apiGet<AdminMessagePage>(`/api/admin/messages?${query}`, { signal });
    },
    // The old page stays on screen while the next loads, so the table does not jump.
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useAdminMessage(id: string) {
  return useQuery({
    queryKey: messageKeys.one(id),
    queryFn: ({ signal }) =>
      apiGet<AdminMessageDetail>(`/api/admin/messages/${encodeURIComponent(id)}`, { signal }),
    enabled: id !== '',
    staleTime: 0,
  });
}

/** POST /api/admin/messages/{id}/resend: the new copy; 400 on `recipient`, 409 when refused. */
export function resendMessage(id: string, recipient: string): Promise<AdminMessage> {
  const corrected = recipient.trim();
  return apiPost<AdminMessage>(
    `/api/admin/messages/${encodeURIComponent(id)}/resend`,
    corrected ? { recipient: corrected } : {},
  );
}
