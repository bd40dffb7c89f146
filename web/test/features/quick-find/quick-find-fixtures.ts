import type { Scene, SceneSearchResponse } from '@fovea/contract';
import { vi } from 'vitest';

/** A search result scene with the keys Quick find reads. */
export function searchScene(overrides: Partial<Scene> = {}): Scene {
  const scene: Partial<Scene> = {
    id: 1,
    scene_id: 'studio-1',
    title: 'A scene',
    site: 'Studio',
    cover_url: '',
    release_date: '2024-05-06T00:00:00Z',
    release_date_text: '2024-05-06',
    star_rating: 0,
    is_hidden: false,
    cast: [],
    file: [],
    tags: [],
    cuepoints: [],
    history: [],
    _score: 1,
    ...overrides,
  };
  return scene as Scene;
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
