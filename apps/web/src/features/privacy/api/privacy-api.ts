import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys, type PrivacyNotice } from '@soko/contract';
import { apiGet } from '../../../lib/api-client';

/** GET /api/privacy: the privacy notice of the shop this address serves (decision 048). */
export function privacyNoticeQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.privacy(),
    queryFn: ({ signal }) => apiGet<PrivacyNotice>('/api/privacy', { signal }),
    staleTime: 5 * 60_000,
  });
}

export const usePrivacyNotice = () => useQuery(privacyNoticeQueryOptions());
