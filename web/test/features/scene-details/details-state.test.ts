import type { AlternateSourceItem } from '@fovea/contract';
import { describe, expect, it } from 'vitest';
import {
  CLOSED_DETAILS,
  detailsReducer,
  shownAlternate,
  siblingId,
} from '../../../src/features/scene-details/details-state';
import type {
  AlternateSourceView,
  DetailsAction,
  DetailsState,
} from '../../../src/features/scene-details/details-state';

const source: AlternateSourceItem = {
  url: 'https://alt.example/1',
  site_icon: '',
  external_source: 'alternate scene altsite',
  external_id: 'alt-1',
  external_data: '{}',
};
const view = (parentId: number): AlternateSourceView => ({
  source,
  data: { master_site_id: 'studio', MatchAchieved: 1, query: 'q', scene: { title: 'Alt', cast: null } },
  parentId,
});

const run = (...actions: DetailsAction[]): DetailsState => actions.reduce(detailsReducer, CLOSED_DETAILS);

describe('scene details state', () => {
  it('opens a scene with its siblings and closes', () => {
    const open = run({ type: 'open', sceneId: 5, siblings: [4, 5, 6] });
    expect(open).toEqual({ ...CLOSED_DETAILS, sceneId: 5, siblings: [4, 5, 6], openCount: 1 });
    expect(detailsReducer(open, { type: 'close' })).toEqual({ ...CLOSED_DETAILS, openCount: 1 });
    // A close for a navigation elsewhere says so, for the address; the next open forgets it.
    const navigated = detailsReducer(open, { type: 'close', navigation: true });
    expect(navigated).toEqual({ ...CLOSED_DETAILS, openCount: 1, closedByNavigation: true });
    expect(detailsReducer(navigated, { type: 'open', sceneId: 6 })).toMatchObject({
      openCount: 2,
      closedByNavigation: false,
    });
  });

  it('steps through the siblings without wrapping at either end', () => {
    const first = run({ type: 'open', sceneId: 4, siblings: [4, 5, 6] });
    expect(siblingId(first, -1)).toBeNull();
    expect(siblingId(first, 1)).toBe(5);
    expect(detailsReducer(first, { type: 'step', delta: -1 })).toBe(first);
    const last = run(
      { type: 'open', sceneId: 4, siblings: [4, 5, 6] },
      { type: 'step', delta: 1 },
      { type: 'step', delta: 1 },
    );
    expect(last.sceneId).toBe(6);
    expect(siblingId(last, 1)).toBeNull();
    expect(detailsReducer(last, { type: 'step', delta: 1 }).sceneId).toBe(6);
    expect(detailsReducer(last, { type: 'step', delta: -1 }).sceneId).toBe(5);
  });

  it('has no previous/next without siblings, or when the scene is not among them', () => {
    const alone = run({ type: 'open', sceneId: 9 });
    expect(siblingId(alone, 1)).toBeNull();
    expect(siblingId(alone, -1)).toBeNull();
    const stranger = run({ type: 'open', sceneId: 9, siblings: [1, 2] });
    expect(siblingId(stranger, 1)).toBeNull();
    expect(detailsReducer(stranger, { type: 'step', delta: 1 })).toBe(stranger);
  });

  it('opening another scene replaces the siblings and drops alternate views', () => {
    const state = run(
      { type: 'open', sceneId: 5, siblings: [4, 5, 6] },
      { type: 'showAlternate', view: view(5) },
      { type: 'open', sceneId: 8 },
    );
    expect(state).toEqual({ ...CLOSED_DETAILS, sceneId: 8, openCount: 2 });
  });

  it('going back from an alternate-source view shows the scene again; from the scene it closes', () => {
    const alt = run(
      { type: 'open', sceneId: 5, siblings: [4, 5, 6] },
      { type: 'showAlternate', view: view(5) },
    );
    expect(shownAlternate(alt)?.parentId).toBe(5);
    expect(siblingId(alt, 1)).toBeNull();
    const back = detailsReducer(alt, { type: 'back' });
    expect(back).toEqual({ ...CLOSED_DETAILS, sceneId: 5, siblings: [4, 5, 6], openCount: 1 });
    expect(shownAlternate(back)).toBeNull();
    expect(siblingId(back, 1)).toBe(6);
    expect(detailsReducer(back, { type: 'back' })).toEqual({ ...CLOSED_DETAILS, openCount: 1 });
  });

  it('keeps a stack of alternate views', () => {
    const second = { ...view(5), source: { ...source, external_id: 'alt-2' } };
    const state = run(
      { type: 'open', sceneId: 5 },
      { type: 'showAlternate', view: view(5) },
      { type: 'showAlternate', view: second },
    );
    expect(shownAlternate(state)?.source.external_id).toBe('alt-2');
    expect(shownAlternate(detailsReducer(state, { type: 'back' }))?.source.external_id).toBe('alt-1');
  });

  it('an alternate view needs an open scene', () => {
    expect(detailsReducer(CLOSED_DETAILS, { type: 'showAlternate', view: view(1) })).toBe(CLOSED_DETAILS);
  });

  it('opens the edit dialog with the details, over them, or alone, and closes it on its own', () => {
    expect(run({ type: 'open', sceneId: 3, edit: true }).editId).toBe(3);
    const over = run({ type: 'open', sceneId: 3 }, { type: 'openEdit', sceneId: 3 });
    expect(over).toMatchObject({ sceneId: 3, editId: 3 });
    expect(detailsReducer(over, { type: 'closeEdit' })).toMatchObject({ sceneId: 3, editId: null });
    const alone = run({ type: 'openEdit', sceneId: 7 });
    expect(alone).toMatchObject({ sceneId: null, editId: 7 });
    // Closing the details (back) leaves an open edit dialog alone; close() closes everything.
    expect(detailsReducer(over, { type: 'back' })).toMatchObject({ sceneId: null, editId: 3 });
    expect(detailsReducer(over, { type: 'close' })).toEqual({ ...CLOSED_DETAILS, openCount: 1 });
  });
});
