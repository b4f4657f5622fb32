import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { StatsOverview } from '@soko/contract';
import { apiGet } from '../../../lib/api-client';

/** Every shop's figures (the admin), or one shop's (its owner, or an admin). */
export type StatsScope = { shopId: string | null };

export const statsKeys = {
  overview: ({ shopId }: StatsScope, days: number) => ['stats', shopId ?? 'all', days] as const,
};

/** GET /api/stats/overview or GET /api/property/shop/:shopId/stats, for the last `days` days. */
export function getStats(
  { shopId }: StatsScope,
  days: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<StatsOverview> {
  const path = shopId
    ? `/api/property/shop/${encodeURIComponent(shopId)}/stats`
    : '/api/stats/overview';
  return apiGet<StatsOverview>(`${path}?days=${days}`, { signal });
}

export function getStatsQueryOptions(scope: StatsScope, days: number) {
  return queryOptions({
    queryKey: statsKeys.overview(scope, days),
    queryFn: ({ signal }) => getStats(scope, days, { signal }),
    // Orders arrive all day: a minute old is fresh enough for a dashboard.
    staleTime: 60_000,
  });
}

export function useStats(scope: StatsScope, days: number) {
  // The previous period's figures stay on screen while another period loads.
  return useQuery({ ...getStatsQueryOptions(scope, days), placeholderData: keepPreviousData });
}
