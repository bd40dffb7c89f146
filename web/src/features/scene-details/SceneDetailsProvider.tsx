import { Suspense, lazy, useMemo, useReducer } from 'react';
import type { ReactNode } from 'react';
import { CLOSED_DETAILS, detailsReducer } from './details-state';
import { SceneDetailsContext, SceneDetailsStoreContext } from './scene-details-context';
import type { SceneDetailsApi, SceneDetailsStore } from './scene-details-context';

const SceneDetailsOverlay = lazy(() => import('./SceneDetailsOverlay'));
const SceneEditDialog = lazy(() => import('../scene-edit/SceneEditDialog'));

/**
 * The scene details overlay of the whole app: which scene is shown, the list it was opened from (previous /
 * next), the alternate-source views opened over it, and the scene edit dialog. The overlay and the edit dialog
 * load on first use.
 */
export function SceneDetailsProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(detailsReducer, CLOSED_DETAILS);
  const api = useMemo<SceneDetailsApi>(
    () => ({
      open: (sceneId, options) =>
        dispatch({ type: 'open', sceneId, siblings: options?.siblings, edit: options?.edit }),
      openEdit: (sceneId) => dispatch({ type: 'openEdit', sceneId }),
      close: () => dispatch({ type: 'close' }),
      currentId: state.sceneId,
    }),
    [state.sceneId],
  );
  const store = useMemo<SceneDetailsStore>(() => ({ state, dispatch }), [state]);

  return (
    <SceneDetailsContext.Provider value={api}>
      <SceneDetailsStoreContext.Provider value={store}>{children}</SceneDetailsStoreContext.Provider>
      {state.sceneId !== null && (
        <Suspense fallback={null}>
          <SceneDetailsOverlay state={state} dispatch={dispatch} />
        </Suspense>
      )}
      {state.editId !== null && (
        <Suspense fallback={null}>
          <SceneEditDialog sceneId={state.editId} onClose={() => dispatch({ type: 'closeEdit' })} />
        </Suspense>
      )}
    </SceneDetailsContext.Provider>
  );
}
