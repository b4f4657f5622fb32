import { QueryCache, QueryClient } from '@tanstack/react-query';

// One client for the app. Failed reads are logged, not shown: the spec lists metadata, listing
// and profile fetch errors as "only logged"; screens that must say more read `error` themselves.
export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => {
      console.error(`Request failed (${JSON.stringify(query.queryKey)}):`, error);
    },
  }),
  defaultOptions: {
    queries: {
      // Shop data changes rarely; refetching on every tab switch costs data on phone plans.
      staleTime: 60_000,
      refetchOnWindowFocus: false,
      retry: 1,
    },
  },
});
