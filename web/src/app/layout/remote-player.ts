import type { Scene } from '@fovea/contract';

/** How many earlier scenes of the remote player the popover keeps. */
export const REMOTE_HISTORY_MAX = 20;

/** The scene the DeoVR remote reports playing, and the ones it played before (newest first). */
export interface RemoteScenes {
  current: Scene | null;
  history: Scene[];
}

export const EMPTY_REMOTE_SCENES: RemoteScenes = { current: null, history: [] };

/**
 * A newly reported scene becomes current; the one before goes to the top of the history (once: an earlier
 * entry of it is dropped). The same scene again changes nothing.
 */
export function remoteScenesReducer(state: RemoteScenes, scene: Scene): RemoteScenes {
  const previous = state.current;
  if (previous?.id === scene.id) return { ...state, current: scene };
  if (previous === null) return { current: scene, history: state.history };
  const history = [previous, ...state.history.filter((entry) => entry.id !== previous.id)].slice(
    0,
    REMOTE_HISTORY_MAX,
  );
  return { current: scene, history: history.filter((entry) => entry.id !== scene.id) };
}
