import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiCall } from '../../src/api/client';
import {
  EARLY_RESPONSE_TTL_MS,
  clearEarlyResponses,
  startEarlyRequest,
  takeEarlyResponse,
} from '../../src/api/early-responses';
import { scenePageBody } from '../../src/api/scene-page-body';
import { parseSceneFilterQuery, sceneListRequest } from '../../src/features/scenes/scene-filter-model';
import { mockApi, optionsState } from '../test-utils';

afterEach(() => {
  clearEarlyResponses();
  window.location.hash = '';
  vi.resetModules();
});

describe('early responses', () => {
  it('hand a started call to the identical apiCall once, which then does not ask again', async () => {
    const requests = mockApi({ 'GET /api/options/state': { body: optionsState() } });
    startEarlyRequest('GET', '/api/options/state');
    expect(requests).toHaveLength(1);
    const first = await apiCall('optionsState');
    expect(first.config.web).toBeDefined();
    expect(requests).toHaveLength(1);
    // Taken once: the next call asks the server.
    await apiCall('optionsState');
    expect(requests).toHaveLength(2);
  });

  it('are only taken by the same method, URL and body, and not after their time', () => {
    mockApi({ 'POST /api/scene/list': { body: {} } });
    startEarlyRequest('POST', '/api/scene/list', '{"a":1}');
    expect(takeEarlyResponse('POST', '/api/scene/list', '{"a":2}')).toBeUndefined();
    expect(takeEarlyResponse('GET', '/api/scene/list', '{"a":1}')).toBeUndefined();
    const startedAt = Date.now();
    expect(
      takeEarlyResponse('POST', '/api/scene/list', '{"a":1}', startedAt + EARLY_RESPONSE_TTL_MS + 1),
    ).toBe(undefined);
    startEarlyRequest('POST', '/api/scene/list', '{"a":1}');
    expect(takeEarlyResponse('POST', '/api/scene/list', '{"a":1}')).toBeInstanceOf(Promise);
  });

  it('start the options and the first page of the address filters when the app opens on the scenes route', async () => {
    const requests = mockApi({
      'GET /api/options/state': { body: optionsState() },
      'POST /api/scene/list': { body: { scenes: [], results: 0 } },
    });
    const state = { tags: ['pov'], sort: 'title_asc' };
    const q = btoa(JSON.stringify(state));
    window.location.hash = `#/?q=${encodeURIComponent(q)}`;
    await import('../../src/app/start-early-requests');
    const expected = scenePageBody(sceneListRequest(parseSceneFilterQuery(q)), 0);
    expect(requests).toEqual([
      { method: 'GET', url: '/api/options/state', body: undefined },
      { method: 'POST', url: '/api/scene/list', body: expected },
    ]);
    // The list's own first call takes it (the client as freshly loaded as the module that started it).
    const client = await import('../../src/api/client');
    await client.apiCall('sceneList', { body: expected });
    expect(requests).toHaveLength(2);
  });

  it('start nothing on another route', async () => {
    const requests = mockApi({});
    window.location.hash = '#/files';
    await import('../../src/app/start-early-requests');
    expect(requests).toHaveLength(0);
  });
});
