/*
 * A 401 from any call means the session is gone (expired, logged out elsewhere, or the password changed): the
 * auth provider listens here and sends the app to the login page. Module-level because apiCall is too.
 */

type Listener = () => void;

const listeners = new Set<Listener>();

/** Calls `listener` on every 401 answer of a route that needs a session; returns the unsubscribe function. */
export function onUnauthorized(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function notifyUnauthorized(): void {
  for (const listener of [...listeners]) listener();
}
