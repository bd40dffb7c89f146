import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearEarlyResponses } from '../../src/api/early-responses';
import { scenePageBody } from '../../src/api/scene-page-body';
import { parseSceneFilterQuery, sceneListRequest } from '../../src/features/scenes/scene-filter-model';
import { authStatus, mockApi, optionsState } from '../test-utils';

const INDEX_HTML = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../../index.html'), 'utf8');

/** Runs the page's inline script (web/index.html) as the browser does before the app's JavaScript. */
function runInlineScript(): void {
  const match = /<script>([\s\S]*?)<\/script>/.exec(INDEX_HTML);
  if (!match?.[1]) throw new Error('index.html has no inline script');
  new Function(match[1])();
}

/** Every fetch with its exact body text, as sent. */
function sentBodies(): { url: string; body: unknown }[] {
  const fetchMock = vi.mocked(fetch);
  return fetchMock.mock.calls.map(([input, init]) => ({ url: String(input), body: init?.body }));
}

afterEach(() => {
  clearEarlyResponses();
  window.foveaEarlyRequests = undefined;
  window.location.hash = '';
  vi.resetModules();
});

describe("the page's inline first calls", () => {
  it('ask for the status, then the options and the default first page, exactly as the app will ask', async () => {
    const requests = mockApi({
      'GET /api/auth/status': { body: authStatus() },
      'GET /api/options/state': { body: optionsState() },
      'POST /api/scene/list': { body: { scenes: [], results: 0 } },
    });
    window.location.hash = '';
    runInlineScript();
    await vi.waitFor(() => expect(requests).toHaveLength(3));
    const expected = scenePageBody(sceneListRequest(parseSceneFilterQuery(null)), 0);
    expect(sentBodies()).toEqual([
      { url: '/api/auth/status', body: undefined },
      { url: '/api/options/state', body: undefined },
      { url: '/api/scene/list', body: JSON.stringify(expected) },
    ]);
    // The app takes them over and asks nothing twice, neither early nor when it renders.
    await import('../../src/app/start-early-requests');
    const client = await import('../../src/api/client');
    expect((await client.apiCall('authStatus')).loginRequired).toBe(false);
    expect((await client.apiCall('optionsState')).config.web).toBeDefined();
    expect((await client.apiCall('sceneList', { body: expected })).results).toBe(0);
    expect(requests).toHaveLength(3);
  });

  it('drop the early options and list when a login is set and this browser has no session', async () => {
    let optionsAsked = 0;
    const requests = mockApi({
      'GET /api/auth/status': { body: authStatus({ loginRequired: true }) },
      // Refused before the login, answered after it.
      'GET /api/options/state': () =>
        ++optionsAsked === 1
          ? { status: 401, body: { error: 'Unauthorized', message: 'Log in' } }
          : { body: optionsState() },
      'POST /api/scene/list': { status: 401, body: { error: 'Unauthorized', message: 'Log in' } },
    });
    runInlineScript();
    await import('../../src/app/start-early-requests');
    const client = await import('../../src/api/client');
    expect((await client.apiCall('authStatus')).loggedIn).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 20));
    // After the login the app's own call asks the server again: the early refusal is not taken.
    expect((await client.apiCall('optionsState')).config.web).toBeDefined();
    expect(requests.map((request) => request.url)).toEqual([
      '/api/auth/status',
      '/api/options/state',
      '/api/scene/list',
      '/api/options/state',
    ]);
  });

  it('leave any other address to the app', async () => {
    const requests = mockApi({
      'GET /api/auth/status': { body: authStatus() },
      'GET /api/options/state': { body: optionsState() },
      'POST /api/scene/list': { body: { scenes: [], results: 0 } },
    });
    const q = btoa(JSON.stringify({ sort: 'title_asc' }));
    window.location.hash = `#/?q=${encodeURIComponent(q)}`;
    runInlineScript();
    expect(requests.map((request) => request.url)).toEqual(['/api/auth/status']);
    await import('../../src/app/start-early-requests');
    await vi.waitFor(() => expect(requests).toHaveLength(3));
    const expected = scenePageBody(sceneListRequest(parseSceneFilterQuery(q)), 0);
    expect(requests.map((request) => request.body ?? request.url)).toEqual([
      '/api/auth/status',
      '/api/options/state',
      expected,
    ]);
  });
});
