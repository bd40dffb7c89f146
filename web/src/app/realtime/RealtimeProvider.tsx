import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { actorKeys, libraryKeys, optionsKeys, sceneKeys } from '../../api/query-keys';
import { connectRealtime } from './realtime-client';
import type { WampFactory } from './realtime-client';
import { RealtimeContext } from './realtime-context';
import { createRealtimeStore } from './realtime-store';
import type { RealtimeStore } from './realtime-store';

const SCRAPE_REFRESH_MS = 5000;

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

  useEffect(() => {
    // While a scrape runs, the scene lists are reloaded at most every 5 s, so new scenes appear live.
    let lastSceneRefresh = 0;
    const refreshScenes = (force: boolean) => {
      const now = Date.now();
      if (!force && now - lastSceneRefresh < SCRAPE_REFRESH_MS) return;
      lastSceneRefresh = now;
      void queryClient.invalidateQueries({ queryKey: sceneKeys.lists });
      void queryClient.invalidateQueries({ queryKey: sceneKeys.filters });
    };
    return store.onEvent((event) => {
      if (event.topic === 'state.change.optionsStorage') {
        void queryClient.invalidateQueries({ queryKey: optionsKeys.storage });
        void queryClient.invalidateQueries({ queryKey: libraryKeys.summary });
      }
      // A finished job (its lock released) may have added, matched or removed scenes and files.
      if (event.topic === 'lock.change' && !event.payload.locked) {
        void queryClient.invalidateQueries({ queryKey: libraryKeys.summary });
        if (event.payload.name === 'scrape') {
          refreshScenes(true);
          void queryClient.invalidateQueries({ queryKey: actorKeys.lists });
        }
      }
      if (event.topic === 'job.progress' && event.payload.task === 'scrape') refreshScenes(false);
      if (event.topic === 'service.log' && event.payload.data.task === 'scraperProgress') {
        if (event.payload.data.completed === true) refreshScenes(true);
      }
    });
  }, [store, queryClient]);

  useEffect(() => {
    if (connect === false) return undefined;
    const connection = connectRealtime(store, connect);
    return () => connection.close();
  }, [store, connect]);

  return <RealtimeContext.Provider value={store}>{children}</RealtimeContext.Provider>;
}
