import type { AuthStatusResponse } from '@fovea/contract';
import { ApiRequestError } from '../../api/client';
import { useAuthStatus } from '../../api/queries/auth';

/**
 * What the app may do now: `checking` until the status is known; `open` when no login is set or this browser
 * has a session (also when the status cannot be read for another reason: the calls then show their own errors);
 * `login` when a login is set and there is no session; `refused` when the server refuses this address.
 */
export type AuthAccess = 'checking' | 'open' | 'login' | 'refused';

export interface AuthAccessState {
  access: AuthAccess;
  status: AuthStatusResponse | undefined;
  /** The server's reason when `refused`. */
  refusal: string | null;
}

export function accessOf(status: AuthStatusResponse | undefined, error: Error | null): AuthAccessState {
  if (status) {
    return { access: !status.loginRequired || status.loggedIn ? 'open' : 'login', status, refusal: null };
  }
  if (error instanceof ApiRequestError && error.status === 403) {
    return { access: 'refused', status, refusal: error.message };
  }
  return { access: error ? 'open' : 'checking', status, refusal: null };
}

export function useAuthAccess(): AuthAccessState {
  const { data, error } = useAuthStatus();
  return accessOf(data, error);
}
