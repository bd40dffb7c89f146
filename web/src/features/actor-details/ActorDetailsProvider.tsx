import { Suspense, lazy, useCallback, useContext, useMemo, useReducer, useState } from 'react';
import type { ReactNode } from 'react';
import { useSceneDetails } from '../scene-details/scene-details-context';
import { ActorDetailsContext, ActorDetailsStoreContext } from './actor-details-context';
import type { ActorDetailsApi, ActorDetailsStore } from './actor-details-context';
import { CLOSED_ACTOR_DETAILS, actorDetailsReducer } from './actor-details-state';

const ActorDetailsOverlay = lazy(() => import('./ActorDetailsOverlay'));

/**
 * The actor details overlay of the whole app: which actor is shown and the list it was opened from. It holds
 * the state only; the overlay itself is drawn by ActorDetailsHost, placed inside the SceneDetailsProvider so the
 * overlay can open scenes while the scene details (and their cast chips) can open actors.
 */
export function ActorDetailsProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(actorDetailsReducer, CLOSED_ACTOR_DETAILS);
  const api = useMemo<ActorDetailsApi>(
    () => ({
      open: (actorId, options) => dispatch({ type: 'open', actorId, siblings: options?.siblings }),
      close: () => dispatch({ type: 'close' }),
      currentId: state.actorId,
    }),
    [state.actorId],
  );
  const store = useMemo<ActorDetailsStore>(() => ({ state, dispatch }), [state]);
  return (
    <ActorDetailsContext.Provider value={api}>
      <ActorDetailsStoreContext.Provider value={store}>{children}</ActorDetailsStoreContext.Provider>
    </ActorDetailsContext.Provider>
  );
}

/**
 * Whether the scene details were opened (or moved to another scene) after the actor details were last opened:
 * then the scene details are on top and take the keys, until they close or an actor is opened again.
 */
function useSceneAbove(actorOpenCount: number): [boolean, () => void] {
  const sceneId = useSceneDetails().currentId;
  const [seen, setSeen] = useState({ sceneId, actorOpenCount, above: false });
  let above = seen.above;
  if (seen.sceneId !== sceneId || seen.actorOpenCount !== actorOpenCount) {
    // An actor opened is drawn on top; else a scene shown (or moved to) is.
    above = seen.actorOpenCount === actorOpenCount && sceneId !== null;
    setSeen({ sceneId, actorOpenCount, above });
  }
  // A scene opened from the overlay is on top even when the scene details already showed it.
  const raise = useCallback(() => setSeen((current) => ({ ...current, above: true })), []);
  return [above, raise];
}

/** Draws the actor details overlay (loaded on first use). Place it inside both providers. */
export function ActorDetailsHost() {
  const store = useContext(ActorDetailsStoreContext);
  if (store === null) throw new Error('ActorDetailsHost needs the ActorDetailsProvider');
  const { state, dispatch } = store;
  const [sceneAbove, raiseScene] = useSceneAbove(state.openCount);
  if (state.actorId === null) return null;
  return (
    <Suspense fallback={null}>
      <ActorDetailsOverlay
        key={state.openCount}
        state={state}
        dispatch={dispatch}
        sceneAbove={sceneAbove}
        onSceneOpened={raiseScene}
      />
    </Suspense>
  );
}
