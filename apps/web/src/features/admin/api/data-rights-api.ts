// The admin's data rights calls (decision 048): the privacy notice and the log of data requests.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DataRequestPage, PrivacyNotice } from '@soko/contract';
import { apiGet, apiPut } from '../../../lib/api-client';

export const dataRightsKeys = {
  notice: () => ['admin', 'privacy'] as const,
  requests: (page: number) => ['admin', 'data-requests', page] as const,
};

export const useAdminPrivacyNotice = () =>
  useQuery({
    queryKey: dataRightsKeys.notice(),
    queryFn: ({ signal }) => apiGet<PrivacyNotice>('/api/privacy', { signal }),
  });

export const savePrivacyNotice = (text: string) => apiPut<PrivacyNotice>('/api/privacy', { text });

export const useDataRequests = (page: number) =>
  useQuery({
    queryKey: dataRightsKeys.requests(page),
    queryFn: ({ signal }) =>
      apiGet<DataRequestPage>(`/api/admin/data-requests?page=${page}`, { signal }),
    placeholderData: keepPreviousData,
  });
