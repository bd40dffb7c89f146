import type { Scene, SceneFiltersResponse, SceneListResponse } from '@fovea/contract';
import { baseScene } from '../../fixtures/contract-fixtures';

export { savedSearch } from '../../fixtures/contract-fixtures';

/** A list scene with the keys the page and the cards read. */
export function listScene(id: number, overrides: Partial<Scene> = {}): Scene {
  return baseScene({
    id,
    scene_id: `studio-${id}`,
    title: `List scene ${id}`,
    site: 'Studio',
    duration: 30,
    ...overrides,
  });
}

/** One page of the list: scenes offset+1 .. offset+count of `total`. */
export function listPage(offset: number, count: number, total: number): SceneListResponse {
  return {
    results: total,
    scenes: Array.from({ length: count }, (_, i) => listScene(offset + i + 1)),
    count_any: total + 5,
    count_available: total,
    count_downloaded: total + 1,
    count_not_downloaded: 4,
    count_hidden: 2,
  };
}

export const filterOptions = (overrides: Partial<SceneFiltersResponse> = {}): SceneFiltersResponse => ({
  cast: ['Anna Ärger', 'Jane Doe', 'Zoë'],
  tags: ['pov', 'Blonde', 'anal'],
  sites: ['Alpha VR', 'Beta VR'],
  release_month: ['2023-01', '2024-05'],
  volumes: [],
  attributes: ['Is Scripted', 'Has Preview'],
  cuepoints: ['standing-blowjob'],
  ...overrides,
});
