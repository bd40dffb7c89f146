import type { AlternateSceneData, AlternateSourceItem } from '@fovea/contract';

/** An alternate-source scene shown read-only over the scene it was opened from. */
export interface AlternateSourceView {
  source: AlternateSourceItem;
  data: AlternateSceneData;
  /** The numeric id of the real scene it was opened from (shown again when the view is closed). */
  parentId: number;
}

/** What the scene details overlay shows. */
export interface DetailsState {
  /** The real scene shown (or under the alternate-source views); null: the overlay is closed. */
  sceneId: number | null;
  /** The ids of the list the scene was opened from, for previous/next; empty: no previous/next. */
  siblings: readonly number[];
  /** Alternate-source scenes opened on top of the scene, the last one shown. */
  alternates: readonly AlternateSourceView[];
  /** The scene whose edit dialog is open, or null. */
  editId: number | null;
  /** Counts the opens (not the steps): the address gets a new history entry for each. */
  openCount: number;
  /** The last close came with a navigation elsewhere (a chip): the address is that navigation's. */
  closedByNavigation: boolean;
}

export const CLOSED_DETAILS: DetailsState = {
  sceneId: null,
  siblings: [],
  alternates: [],
  editId: null,
  openCount: 0,
  closedByNavigation: false,
};

export type DetailsAction =
  | { type: 'open'; sceneId: number; siblings?: readonly number[]; edit?: boolean }
  | { type: 'openEdit'; sceneId: number }
  | { type: 'closeEdit' }
  /** Closes an alternate-source view if one is shown, else the overlay. */
  | { type: 'back' }
  /** Closes everything; `navigation`: because the app navigates elsewhere at the same time. */
  | { type: 'close'; navigation?: boolean }
  | { type: 'step'; delta: -1 | 1 }
  | { type: 'showAlternate'; view: AlternateSourceView };

/** The scene `delta` places away in the siblings, or null at either end (no wrapping) or without siblings. */
export function siblingId(state: DetailsState, delta: -1 | 1): number | null {
  if (state.sceneId === null || state.alternates.length > 0) return null;
  const index = state.siblings.indexOf(state.sceneId);
  if (index < 0) return null;
  return state.siblings[index + delta] ?? null;
}

export function detailsReducer(state: DetailsState, action: DetailsAction): DetailsState {
  switch (action.type) {
    case 'open':
      return {
        sceneId: action.sceneId,
        siblings: action.siblings ?? [],
        alternates: [],
        editId: action.edit === true ? action.sceneId : state.editId,
        openCount: state.openCount + 1,
        closedByNavigation: false,
      };
    case 'openEdit':
      return { ...state, editId: action.sceneId };
    case 'closeEdit':
      return state.editId === null ? state : { ...state, editId: null };
    case 'back':
      if (state.alternates.length > 0) return { ...state, alternates: state.alternates.slice(0, -1) };
      return { ...CLOSED_DETAILS, editId: state.editId, openCount: state.openCount };
    case 'close':
      return {
        ...CLOSED_DETAILS,
        openCount: state.openCount,
        closedByNavigation: action.navigation === true,
      };
    case 'step': {
      const next = siblingId(state, action.delta);
      return next === null ? state : { ...state, sceneId: next };
    }
    case 'showAlternate':
      return state.sceneId === null ? state : { ...state, alternates: [...state.alternates, action.view] };
  }
}

/** The alternate-source view shown, or null when the real scene is shown. */
export const shownAlternate = (state: DetailsState): AlternateSourceView | null =>
  state.alternates.at(-1) ?? null;
