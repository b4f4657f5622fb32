import { ApiError } from '../../../lib/api-client';
import type { Translate } from '../../../lib/i18n';
import { problemText } from '../../../lib/problem-text';

/** The server's own words when it sent some, else what a person can do about it. */
export function resetErrorText(caught: unknown, t: Translate): string {
  if (caught instanceof ApiError && caught.code !== 'http_error') {
    return problemText(caught.message, t);
  }
  if (caught instanceof ApiError) return t('account.serverError');
  return t('account.unreachable');
}
