import type { StashdbSceneResult, StashdbSceneSearchResponse } from '@fovea/contract';
import type { RecordedRequest } from '../../test-utils';

/** One StashDB search result as the server answers it (PascalCase keys). */
export function stashResult(id: string, overrides: Partial<StashdbSceneResult> = {}): StashdbSceneResult {
  return {
    Url: `https://stashdb.org/scenes/${id}`,
    ImageUrl: `https://cdn.stashdb.org/images/${id}.jpg`,
    Performers: [
      { Name: 'Alice Example', Url: 'https://stashdb.org/performers/p-1' },
      { Name: 'Bea Sample', Url: 'https://stashdb.org/performers/p-2' },
    ],
    Title: `Stash scene ${id}`,
    Studio: 'Studio VR',
    Duration: '00:30:30',
    Description: 'A sunny day by the lake, from StashDB.',
    Weight: 100,
    Date: '2024-05-06',
    Id: id,
    ...overrides,
  };
}

export const searchAnswer = (
  results: StashdbSceneResult[] | null,
  status = '',
): StashdbSceneSearchResponse => ({ Status: status, Results: results });

export const SEARCH_PATH = '/api/extref/stashdb/search/42';

/** The `q` of every StashDB search the page sent for scene 42, in order. */
export const searchedTexts = (requests: RecordedRequest[]): (string | null)[] =>
  requests
    .filter((r) => r.method === 'GET' && r.url.split('?')[0] === SEARCH_PATH)
    .map((r) => new URL(r.url, 'http://localhost').searchParams.get('q'));

/** The StashDB ids of the results shown, top to bottom. */
export const shownIds = (root: ParentNode = document): (string | null)[] =>
  [...root.querySelectorAll('[data-testid="stashdb-result"]')].map((node) =>
    node.getAttribute('data-stash-id'),
  );
