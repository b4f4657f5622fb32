import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { queryKeys, type BlogPost, type CreateBlogBody } from '@soko/contract';
import { ApiError, apiGet, apiGetWithHeaders, apiPost } from '../../../lib/api-client';

/** A 4xx (an unknown post) will not change on a second try; a network error might. */
function retryServerErrors(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status < 500) return false;
  return failureCount < 1;
}

export async function getBlogPage(
  page: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<{ posts: BlogPost[]; total: number }> {
  const { data, headers } = await apiGetWithHeaders<BlogPost[]>(`/api/blog/get?page=${page}`, {
    signal,
  });
  return { posts: data, total: Number(headers.get('x-total-count') ?? data.length) };
}

export function useBlogPage(page: number) {
  return useQuery({
    queryKey: queryKeys.blogPage(page),
    queryFn: ({ signal }) => getBlogPage(page, { signal }),
    // The current page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function blogPostQueryOptions(id: string) {
  return queryOptions({
    // The server seeds this key into a post page's HTML (modules/pages/pages.ts).
    queryKey: queryKeys.blogPost(id),
    queryFn: ({ signal }) => apiGet<BlogPost>(`/api/blog/${encodeURIComponent(id)}`, { signal }),
    retry: retryServerErrors,
  });
}

export function useBlogPost(id: string) {
  return useQuery(blogPostQueryOptions(id));
}

/** POST /api/blog/create (admins). */
export function useCreateBlogPost() {
  return useMutation({
    mutationKey: ['blog', 'create'],
    mutationFn: (body: CreateBlogBody) => apiPost<BlogPost>('/api/blog/create', body),
    onError: (error) => {
      // Spec section 8: blog errors are logged; the form also says what went wrong.
      console.error('Blog post failed:', error);
    },
  });
}
