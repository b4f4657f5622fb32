import { ApiError } from '../../../lib/api-client';

/** The server's own words when it sent some, else what a person can do about it. */
export function resetErrorText(caught: unknown): string {
  if (caught instanceof ApiError && caught.code !== 'http_error') return caught.message;
  if (caught instanceof ApiError) return 'Something went wrong on our side. Please try again.';
  return 'We could not reach the shop. Check your connection and try again.';
}
