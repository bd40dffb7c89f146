import { createContext, useContext } from 'react';
import type { Dispatch } from 'react';
import type { ActorDetailsAction, ActorDetailsState } from './actor-details-state';

export interface OpenActorOptions {
  /**
   * The numeric ids of the list the actor was opened from, in order, for the previous/next arrows and the O/P
   * keys; absent = no previous/next.
   */
  siblings?: readonly number[];
}

export interface ActorDetailsApi {
  /** Shows the actor details overlay for an actor (numeric id), on top of whatever is shown. */
  open(actorId: number, options?: OpenActorOptions): void;
  close(): void;
  /** The numeric id of the actor shown (it changes with O/P), or null when the overlay is closed. */
  currentId: number | null;
}

export const ActorDetailsContext = createContext<ActorDetailsApi | null>(null);

/** The actor details overlay of the app (ActorDetailsProvider in AppProviders). */
export function useActorDetails(): ActorDetailsApi {
  const api = useContext(ActorDetailsContext);
  if (api === null) throw new Error('useActorDetails needs the ActorDetailsProvider');
  return api;
}

/** The overlay's own view of the provider state (for ActorDetailsHost). */
export interface ActorDetailsStore {
  state: ActorDetailsState;
  dispatch: Dispatch<ActorDetailsAction>;
}

export const ActorDetailsStoreContext = createContext<ActorDetailsStore | null>(null);
