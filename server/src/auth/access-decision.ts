import { isMediaPath } from './media-token';
import { isPrivateAddress } from './private-address';

/** What the gate knows of a request when it decides. */
export interface RequestFacts {
  method: string;
  /** The path without its query. */
  path: string;
  /** The connection's address. */
  address: string | undefined;
  /** A valid session cookie or API key came with it (only looked at while a login is set). */
  authenticated: boolean;
  /** A valid media token for this path came with it. */
  mediaToken: boolean;
}

export interface AccessSettings {
  /** A username and password are set (in Options → Security or by the environment). */
  loginSet: boolean;
}

export type AccessDecision = { allow: true } | { allow: false; status: 401 | 403; message: string };

export const PUBLIC_ADDRESS_MESSAGE =
  'Fovea refuses requests from outside your network until a login is set. Open Fovea from your own network ' +
  'and set a username and password in Options → Security, or start it with FOVEA_USERNAME and FOVEA_PASSWORD.';

export const LOGIN_NEEDED_MESSAGE =
  'Log in to Fovea first (open Fovea in a browser and log in, or send an API key in the X-Api-Key header).';

const isRead = (method: string) => method === 'GET' || method === 'HEAD';
const under = (path: string, root: string) => path === root || path.startsWith(`${root}/`);

/**
 * Routes open without the login: the status and login calls, the web app's page and assets (it must load to
 * show its login page), and the headset players, which keep their own login (interfaces.deovr).
 */
function isOpenRoute(method: string, path: string): boolean {
  if (path === '/api/auth/status') return isRead(method);
  if (path === '/api/auth/login') return method === 'POST';
  if (under(path, '/deovr') || under(path, '/heresphere')) return true;
  return isRead(method) && (path === '/' || under(path, '/ui'));
}

/**
 * Whether a request may reach its route. Without a login, only the owner's own network is served (Stash's rule);
 * with one, every route needs a session or an API key, except the open routes and media paths opened by a
 * player's media token.
 */
export function accessDecision(facts: RequestFacts, settings: AccessSettings): AccessDecision {
  if (!settings.loginSet) {
    return isPrivateAddress(facts.address)
      ? { allow: true }
      : { allow: false, status: 403, message: PUBLIC_ADDRESS_MESSAGE };
  }
  if (facts.authenticated || isOpenRoute(facts.method, facts.path)) return { allow: true };
  if (facts.mediaToken && isRead(facts.method) && isMediaPath(facts.path)) return { allow: true };
  return { allow: false, status: 401, message: LOGIN_NEEDED_MESSAGE };
}
