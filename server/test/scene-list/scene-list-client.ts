import { SceneFiltersResponse, SceneListResponse, type SceneListRequestInput } from '@fovea/contract';
import { expect } from 'vitest';
import type { FoveaApp } from '../../src/app';

/** POST /api/scene/list; expects 200 and an answer that matches the contract. */
export async function listScenes(
  app: FoveaApp,
  body: SceneListRequestInput = {},
): Promise<SceneListResponse> {
  const response = await app.http.inject({ method: 'POST', url: '/api/scene/list', payload: body });
  expect(response.statusCode, response.body).toBe(200);
  return SceneListResponse.parse(response.json());
}

/** The ids of one page, in order. Without a dlState the request covers every scene that is not hidden. */
export async function listIds(app: FoveaApp, body: SceneListRequestInput = {}): Promise<number[]> {
  const answer = await listScenes(app, { limit: 1000, ...body });
  return answer.scenes.map((scene) => scene.id);
}

/** The five counts of an answer. */
export const countsOf = (answer: SceneListResponse) => ({
  any: answer.count_any,
  available: answer.count_available,
  downloaded: answer.count_downloaded,
  not_downloaded: answer.count_not_downloaded,
  hidden: answer.count_hidden,
});

/** GET /api/scene/filters with an optional query string; expects 200. */
export async function getFilters(app: FoveaApp, query = ''): Promise<SceneFiltersResponse> {
  const response = await app.http.inject({ method: 'GET', url: `/api/scene/filters${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return SceneFiltersResponse.parse(response.json());
}

/** Scene ids by a readable name, so expectations and failures read as names. */
export class NamedScenes {
  private readonly ids = new Map<string, number>();
  private readonly names = new Map<number, string>();

  add(name: string, id: number): number {
    this.ids.set(name, id);
    this.names.set(id, name);
    return id;
  }

  id(name: string): number {
    const id = this.ids.get(name);
    if (id === undefined) throw new Error(`no scene named ${name}`);
    return id;
  }

  /** The names of `ids` in the same order (an id not named here shows as #id). */
  nameList(ids: readonly number[]): string[] {
    return ids.map((id) => this.names.get(id) ?? `#${id}`);
  }

  /** The names of `ids`, sorted: compare with a sorted list of expected names. */
  nameSet(ids: readonly number[]): string[] {
    return this.nameList(ids).sort();
  }

  all(): string[] {
    return [...this.ids.keys()];
  }
}

/** A sorted copy, for comparing sets of names. */
export const sorted = (values: readonly string[]): string[] => [...values].sort();
