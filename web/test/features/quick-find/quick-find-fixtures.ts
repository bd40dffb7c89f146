import type { Scene, SceneSearchResponse } from '@fovea/contract';
import { vi } from 'vitest';
import { baseScene } from '../../fixtures/contract-fixtures';

/** A search result scene with the keys Quick find reads. */
export function searchScene(overrides: Partial<Scene> = {}): Scene {
  return baseScene({
    id: 1,
    scene_id: 'studio-1',
    title: 'A scene',
    site: 'Studio',
    _score: 1,
    ...overrides,
  });
}

export const searchAnswer = (scenes: Scene[]): SceneSearchResponse => ({
  results: scenes.length,
  scenes: scenes.length === 0 ? null : scenes,
});

export interface SearchCall {
  q: string;
  signal: AbortSignal | null;
}

/**
 * Replaces fetch for GET /api/scene/search: `answer(q)` gives the scenes, or null to leave the request hanging
 * until it is aborted. Returns the calls made.
 */
export function stubSearch(answer: (q: string) => Scene[] | null): SearchCall[] {
  const calls: SearchCall[] = [];
  const fetchStub = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname !== '/api/scene/search') {
      return new Response(JSON.stringify({ error: 'Not Found', message: 'no mock' }), { status: 404 });
    }
    const q = url.searchParams.get('q') ?? '';
    const signal = init?.signal ?? null;
    calls.push({ q, signal });
    const scenes = answer(q);
    if (scenes === null) {
      return new Promise<Response>((_resolve, reject) => {
        signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
      });
    }
    return new Response(JSON.stringify(searchAnswer(scenes)), { status: 200 });
  };
  vi.stubGlobal('fetch', fetchStub);
  return calls;
}
