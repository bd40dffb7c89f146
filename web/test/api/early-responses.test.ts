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
import { authStatus, mockApi, optionsState } from '../test-utils';

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

  it('ask for the login status, then the options and the first page of the address filters on the scenes route', async () => {
    const requests = mockApi({
      'GET /api/auth/status': { body: authStatus() },
      'GET /api/options/state': { body: optionsState() },
      'POST /api/scene/list': { body: { scenes: [], results: 0 } },
    });
    const state = { tags: ['pov'], sort: 'title_asc' };
    const q = btoa(JSON.stringify(state));
    window.location.hash = `#/?q=${encodeURIComponent(q)}`;
    await import('../../src/app/start-early-requests');
    const expected = scenePageBody(sceneListRequest(parseSceneFilterQuery(q)), 0);
    await vi.waitFor(() => expect(requests).toHaveLength(3));
    expect(requests).toEqual([
      { method: 'GET', url: '/api/auth/status', body: undefined },
      { method: 'GET', url: '/api/options/state', body: undefined },
      { method: 'POST', url: '/api/scene/list', body: expected },
    ]);
    // The app's own calls take them (the client as freshly loaded as the module that started them).
    const client = await import('../../src/api/client');
    expect((await client.apiCall('authStatus')).loginRequired).toBe(false);
    await client.apiCall('sceneList', { body: expected });
    expect(requests).toHaveLength(3);
  });

  it('send nothing but the status when a login is set and this browser has no session', async () => {
    const requests = mockApi({
      'GET /api/auth/status': { body: authStatus({ loginRequired: true }) },
      'GET /api/options/state': { status: 401, body: { error: 'Unauthorized', message: 'Log in' } },
    });
    window.location.hash = '#/';
    await import('../../src/app/start-early-requests');
    const client = await import('../../src/api/client');
    expect((await client.apiCall('authStatus')).loggedIn).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(requests.map((request) => request.url)).toEqual(['/api/auth/status']);
  });

  it('send a held call when the app takes it before the status says no', async () => {
    let answer: (response: boolean) => void = () => undefined;
    const after = new Promise<boolean>((resolve) => {
      answer = resolve;
    });
    const requests = mockApi({ 'GET /api/options/state': { body: optionsState() } });
    startEarlyRequest('GET', '/api/options/state', undefined, after);
    expect(requests).toHaveLength(0);
    const taken = takeEarlyResponse('GET', '/api/options/state', undefined);
    answer(false);
    expect((await taken)?.ok).toBe(true);
    expect(requests).toHaveLength(1);
  });

  it('drop a held call nobody took when the status says no', async () => {
    const requests = mockApi({ 'GET /api/options/state': { body: optionsState() } });
    startEarlyRequest('GET', '/api/options/state', undefined, Promise.resolve(false));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(requests).toHaveLength(0);
    expect(takeEarlyResponse('GET', '/api/options/state', undefined)).toBeUndefined();
  });

  it('ask only for the status on another route', async () => {
    const requests = mockApi({ 'GET /api/auth/status': { body: authStatus() } });
    window.location.hash = '#/files';
    await import('../../src/app/start-early-requests');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(requests.map((request) => request.url)).toEqual(['/api/auth/status']);
  });
});
