import { createContext, useContext } from 'react';
import type { Dispatch } from 'react';
import type { DetailsAction, DetailsState } from './details-state';

export interface OpenSceneOptions {
  /**
   * The numeric ids of the list the scene was opened from, in order, for the previous/next arrows and the O/P
   * keys; absent = no previous/next.
   */
  siblings?: readonly number[];
  /** Open straight into the scene edit dialog. */
  edit?: boolean;
}

export interface SceneDetailsApi {
  /** Shows the scene details overlay for a scene (numeric id). */
  open(sceneId: number, options?: OpenSceneOptions): void;
  /** Opens the scene edit dialog for a scene (numeric id), over whatever is shown. */
  openEdit(sceneId: number): void;
  close(): void;
  /** The numeric id of the scene shown, or null. */
  currentId: number | null;
}

export const SceneDetailsContext = createContext<SceneDetailsApi | null>(null);

/** The scene details overlay of the app (SceneDetailsProvider in AppProviders). */
export function useSceneDetails(): SceneDetailsApi {
  const api = useContext(SceneDetailsContext);
  if (api === null) throw new Error('useSceneDetails needs the SceneDetailsProvider');
  return api;
}

/** The provider's state itself, for the app's address (DetailsUrlSync), which follows and sets it. */
export interface SceneDetailsStore {
  state: DetailsState;
  dispatch: Dispatch<DetailsAction>;
}

export const SceneDetailsStoreContext = createContext<SceneDetailsStore | null>(null);
