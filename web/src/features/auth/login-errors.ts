import type { TFunction } from 'i18next';
import { ApiRequestError } from '../../api/client';

/** The text shown for a failed login: wrong credentials, too many attempts (with the wait), or the server's. */
export function loginErrorText(t: TFunction, error: Error): string {
  if (!(error instanceof ApiRequestError)) return error.message;
  if (error.status === 0) return t('errors.network');
  if (error.status === 401) return t('auth.login.wrongCredentials');
  if (error.status === 429) {
    if (error.retryAfterSeconds === null) return error.message;
    const minutes = Math.max(1, Math.ceil(error.retryAfterSeconds / 60));
    return t('auth.login.tooManyAttempts', { count: minutes });
  }
  return error.message;
}
