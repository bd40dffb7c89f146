import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { libraryKeys, optionsKeys } from '../../api/query-keys';
import { connectRealtime } from './realtime-client';
import type { WampFactory } from './realtime-client';
import { RealtimeContext } from './realtime-context';
import { createRealtimeStore } from './realtime-store';
import type { RealtimeStore } from './realtime-store';

interface RealtimeProviderProps {
  children: ReactNode;
  /** A store to use instead of a new one (tests). */
  store?: RealtimeStore;
  /** false: do not open the websocket (tests); otherwise the factory of the WAMP client. */
  connect?: false | WampFactory;
}

/** Holds the live state pushed over /ws/ and keeps the websocket open while mounted. */
export function RealtimeProvider({ children, store: givenStore, connect }: RealtimeProviderProps) {
  const [ownStore] = useState(() => givenStore ?? createRealtimeStore());
  const store = givenStore ?? ownStore;
  const queryClient = useQueryClient();

  useEffect(
    () =>
      store.onEvent((event) => {
        if (event.topic === 'state.change.optionsStorage') {
          void queryClient.invalidateQueries({ queryKey: optionsKeys.storage });
          void queryClient.invalidateQueries({ queryKey: libraryKeys.summary });
        }
        // A finished job (its lock released) may have added, matched or removed scenes and files.
        if (event.topic === 'lock.change' && !event.payload.locked) {
          void queryClient.invalidateQueries({ queryKey: libraryKeys.summary });
        }
      }),
    [store, queryClient],
  );

  useEffect(() => {
    if (connect === false) return undefined;
    const connection = connectRealtime(store, connect);
    return () => connection.close();
  }, [store, connect]);

  return <RealtimeContext.Provider value={store}>{children}</RealtimeContext.Provider>;
}
