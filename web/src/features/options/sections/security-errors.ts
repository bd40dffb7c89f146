import type { TFunction } from 'i18next';
import { ApiRequestError } from '../../../api/client';

/** The text for a failed credentials change: a wrong current password, the network, or the server's message. */
export function credentialsErrorText(t: TFunction, error: Error): string {
  if (error instanceof ApiRequestError && error.status === 401) {
    return t('options.security.wrongCurrentPassword');
  }
  if (error instanceof ApiRequestError && error.status === 0) return t('errors.network');
  return error.message;
}

/** A new password's problem, or null: at least `min` characters, and the same twice. */
export function newPasswordError(
  t: TFunction,
  password: string,
  repeat: string,
  min: number,
): { password: string | null; repeat: string | null } {
  return {
    password:
      password !== '' && password.length < min ? t('options.security.passwordTooShort', { min }) : null,
    repeat: repeat !== '' && repeat !== password ? t('options.security.passwordsDiffer') : null,
  };
}
