import type { Location } from 'react-router';

/** The route of the login page; the gate sends the place the user was going as `state.from`. */
export const LOGIN_PATH = '/login';

export interface LoginLocationState {
  from: string;
}

/** Where to go after logging in: where the user was sent from, or the scenes list. */
export function returnPath(state: unknown): string {
  if (typeof state === 'object' && state !== null && 'from' in state) {
    const { from } = state as { from: unknown };
    if (typeof from === 'string' && from.startsWith('/') && !from.startsWith(LOGIN_PATH)) return from;
  }
  return '/';
}

export function loginState(location: Location): LoginLocationState {
  return { from: `${location.pathname}${location.search}` };
}
