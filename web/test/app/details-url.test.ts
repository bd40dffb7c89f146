import { describe, expect, it } from 'vitest';
import {
  detailsSearch,
  onlyDetailsChanged,
  readDetailsEntries,
  readDetailsHistoryState,
} from '../../src/app/details-url/details-url';
import { ApiRequestError } from '../../src/api/client';
import { detailsStatus } from '../../src/components/details-overlay/details-status';

describe('details in the address', () => {
  it('reads the overlays named, bottom first in the order written, and ignores bad ids', () => {
    expect(readDetailsEntries('?q=abc&scene_id=9')).toEqual([{ kind: 'scene', id: 9 }]);
    expect(readDetailsEntries('?scene_id=9&q=1&actor_id=7')).toEqual([
      { kind: 'scene', id: 9 },
      { kind: 'actor', id: 7 },
    ]);
    expect(readDetailsEntries('?actor_id=7&scene_id=9')).toEqual([
      { kind: 'actor', id: 7 },
      { kind: 'scene', id: 9 },
    ]);
    expect(readDetailsEntries('?scene_id=1&scene_id=3')).toEqual([{ kind: 'scene', id: 3 }]);
    for (const bad of ['0', '-1', 'abc', '1.5', '', '9999999999999999']) {
      expect(readDetailsEntries(`?scene_id=${bad}`)).toEqual([]);
    }
  });

  it('writes them after the page query, which stays as it was', () => {
    expect(detailsSearch('?q=abc&scene_id=4', [{ kind: 'scene', id: 9 }])).toBe('?q=abc&scene_id=9');
    expect(
      detailsSearch('?scene_id=4&q=abc', [
        { kind: 'actor', id: 7 },
        { kind: 'scene', id: 9 },
      ]),
    ).toBe('?q=abc&actor_id=7&scene_id=9');
    expect(detailsSearch('?actor_id=7', [])).toBe('');
    expect(detailsSearch('?q=abc&actor_id=7', [])).toBe('?q=abc');
  });

  it('tells a change of overlays alone from a change of the page', () => {
    expect(onlyDetailsChanged('?q=a', '?q=a&actor_id=3')).toBe(true);
    expect(onlyDetailsChanged('?q=a&actor_id=3', '?q=a&actor_id=4')).toBe(true);
    expect(onlyDetailsChanged('?q=a&actor_id=3', '?q=a')).toBe(true);
    // The same address again (a link to the list shown) is a revisit, not an overlay change.
    expect(onlyDetailsChanged('?q=a', '?q=a')).toBe(false);
    expect(onlyDetailsChanged('?q=a&actor_id=3', '?q=b&actor_id=3')).toBe(false);
    expect(onlyDetailsChanged('?q=a', '?q=b&actor_id=3')).toBe(false);
  });

  it('reads only its own history state', () => {
    expect(
      readDetailsHistoryState({ detailsOpened: 'scene', siblings: { scene: [1, 2], actor: ['x'] } }),
    ).toEqual({ detailsOpened: 'scene', siblings: { scene: [1, 2] } });
    expect(readDetailsHistoryState({ detailsOpened: 'actor' })).toEqual({
      detailsOpened: 'actor',
      siblings: {},
    });
    expect(readDetailsHistoryState({ sceneId: 5, edit: true })).toBeNull();
    expect(readDetailsHistoryState(null)).toBeNull();
  });
});

describe('details overlay status', () => {
  const query = (over: Partial<Parameters<typeof detailsStatus>[0]>) =>
    detailsStatus({ data: undefined, isSuccess: false, isError: false, error: null, ...over });

  it('shows the item, the spinner, not found (zero item or 404) or a retry', () => {
    expect(query({ data: { id: 1 }, isSuccess: true })).toBe('ready');
    expect(query({})).toBe('loading');
    expect(query({ data: null, isSuccess: true })).toBe('notFound');
    expect(query({ isError: true, error: new ApiRequestError(404, 'Not Found', 'no', []) })).toBe('notFound');
    expect(query({ isError: true, error: new ApiRequestError(500, 'Server Error', 'boom', []) })).toBe(
      'failed',
    );
    // A refetch that fails keeps the item shown.
    expect(query({ data: { id: 1 }, isError: true, error: new Error('x') })).toBe('ready');
  });
});
