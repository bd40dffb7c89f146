import { createContext, useContext } from 'react';
import type { RealtimeStore } from './realtime-store';

export const RealtimeContext = createContext<RealtimeStore | null>(null);

export function useRealtimeStore(): RealtimeStore {
  const store = useContext(RealtimeContext);
  if (!store) throw new Error('useRealtimeStore must be used inside <RealtimeProvider>');
  return store;
}
