/** What the actor details overlay shows. */
export interface ActorDetailsState {
  /** The actor shown; null: the overlay is closed. */
  actorId: number | null;
  /** The ids of the list the actor was opened from, for O/P and the arrows; empty: no previous/next. */
  siblings: readonly number[];
  /**
   * Counts the opens: every open() (not O/P) draws the overlay afresh on top of whatever is shown, e.g. when an
   * actor is opened from the cast of a scene shown over the actor details.
   */
  openCount: number;
  /** The last close came with a navigation elsewhere (a chip): the address is that navigation's. */
  closedByNavigation: boolean;
}

export const CLOSED_ACTOR_DETAILS: ActorDetailsState = {
  actorId: null,
  siblings: [],
  openCount: 0,
  closedByNavigation: false,
};

export type ActorDetailsAction =
  | { type: 'open'; actorId: number; siblings?: readonly number[] }
  /** `navigation`: because the app navigates elsewhere at the same time. */
  | { type: 'close'; navigation?: boolean }
  | { type: 'step'; delta: -1 | 1 };

/** The actor `delta` places away in the siblings, or null at either end (no wrapping) or without siblings. */
export function siblingActorId(state: ActorDetailsState, delta: -1 | 1): number | null {
  if (state.actorId === null) return null;
  const index = state.siblings.indexOf(state.actorId);
  if (index < 0) return null;
  return state.siblings[index + delta] ?? null;
}

export function actorDetailsReducer(state: ActorDetailsState, action: ActorDetailsAction): ActorDetailsState {
  switch (action.type) {
    case 'open':
      return {
        actorId: action.actorId,
        siblings: action.siblings ?? [],
        openCount: state.openCount + 1,
        closedByNavigation: false,
      };
    case 'close':
      return state.actorId === null
        ? state
        : { ...state, actorId: null, siblings: [], closedByNavigation: action.navigation === true };
    case 'step': {
      const next = siblingActorId(state, action.delta);
      return next === null ? state : { ...state, actorId: next };
    }
  }
}
