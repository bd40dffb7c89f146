import type { Scene, SceneSearchResponse, SearchFieldsResponse, SearchStateResponse } from '@fovea/contract';
import { expect } from 'vitest';
import type { FoveaApp } from '../../src/app';

/** Calls of the search routes for tests, asserting a 200 answer. */
export function searchClient(app: FoveaApp) {
  async function get<T>(url: string): Promise<T> {
    const response = await app.http.inject({ method: 'GET', url });
    expect(response.statusCode, response.body).toBe(200);
    return (response.body === '' ? null : response.json()) as T;
  }
  return {
    search: (q: string) => get<SceneSearchResponse>(`/api/scene/search?q=${encodeURIComponent(q)}`),
    /** The scene ids a search answers, in order. */
    async ids(q: string): Promise<number[]> {
      const body = await get<SceneSearchResponse>(`/api/scene/search?q=${encodeURIComponent(q)}`);
      expect(body.results).toBe(body.scenes?.length ?? 0);
      return (body.scenes ?? []).map((scene: Scene) => scene.id);
    },
    fields: (id: number | string) => get<SearchFieldsResponse>(`/api/scene/searchfields?q=${id}`),
    state: () => get<SearchStateResponse>('/api/options/state/search'),
    reindex: () => get<null>('/api/task/index'),
  };
}
