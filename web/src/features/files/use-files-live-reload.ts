import { useQueryClient } from '@tanstack/react-query';
import { filesKeys } from '../../api/query-keys';
import { useRealtimeEvent } from '../../app/realtime';

/** Reloads the files list when the server says the storage changed (a rescan finished, a volume went). */
export function useFilesLiveReload(): void {
  const queryClient = useQueryClient();
  useRealtimeEvent('state.change.optionsStorage', () => {
    void queryClient.invalidateQueries({ queryKey: filesKeys.all });
  });
}
