import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { authKeys } from '../../api/query-keys';
import { onUnauthorized } from '../../api/unauthorized';
import { RealtimeProvider, useSocketState } from '../../app/realtime';
import type { RealtimeStore } from '../../app/realtime';
import type { WampFactory } from '../../app/realtime/realtime-client';
import { useAuthAccess } from './auth-access';

/** At most one status check per this many milliseconds when the websocket drops. */
export const SOCKET_LOSS_CHECK_MS = 15_000;

/**
 * A dropped websocket while a login is set may be a lost session (the server refuses the upgrade without one):
 * asks for the status again, at most every SOCKET_LOSS_CHECK_MS.
 */
function SocketLossCheck() {
  const queryClient = useQueryClient();
  const socket = useSocketState();
  const lastCheck = useRef(0);
  useEffect(() => {
    if (socket !== 'disconnected') return;
    const now = Date.now();
    if (now - lastCheck.current < SOCKET_LOSS_CHECK_MS) return;
    lastCheck.current = now;
    void queryClient.invalidateQueries({ queryKey: authKeys.status });
  }, [socket, queryClient]);
  return null;
}

interface AuthSessionProviderProps {
  children: ReactNode;
  store?: RealtimeStore;
  /** false keeps the websocket closed (tests); otherwise the WAMP client factory. */
  connect?: false | WampFactory;
}

/**
 * Follows the login status: asks again after any 401, forgets the library's cached data when the session ends,
 * and opens the websocket only while the app may be used (no reconnect attempts without a session).
 */
export function AuthSessionProvider({ children, store, connect }: AuthSessionProviderProps) {
  const queryClient = useQueryClient();
  const { access, status } = useAuthAccess();
  const hadAccess = useRef(false);

  useEffect(
    () =>
      onUnauthorized(
        () => void queryClient.invalidateQueries({ queryKey: authKeys.status }, { cancelRefetch: false }),
      ),
    [queryClient],
  );

  useEffect(() => {
    if (access === 'open') hadAccess.current = true;
    if (access === 'login' && hadAccess.current) {
      hadAccess.current = false;
      // The pages are gone by now (the gate shows the login page): nothing refetches what is removed.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authKeys.all[0] });
    }
  }, [access, queryClient]);

  return (
    <RealtimeProvider store={store} connect={access === 'open' ? connect : false}>
      {access === 'open' && status?.loginRequired === true && <SocketLossCheck />}
      {children}
    </RealtimeProvider>
  );
}
