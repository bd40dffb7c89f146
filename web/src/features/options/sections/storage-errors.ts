import type { TFunction } from 'i18next';
import { ApiRequestError } from '../../../api/client';

/** The text to show for a failed storage call: the server's message, or "unreachable" for no answer. */
export function storageErrorMessage(error: Error, t: TFunction): string {
  if (error instanceof ApiRequestError && error.status === 0) return t('errors.network');
  return error.message;
}
