import { describe, expect, it } from 'vitest';
import { ApiRequestError, apiCall, buildPath, buildQuery } from '../../src/api/client';
import { mockApi, versionCheck } from '../test-utils';

describe('api client', () => {
  it('calls the route of the table and returns its JSON', async () => {
    const requests = mockApi({
      'GET /api/options/version-check': { body: versionCheck({ current_version: '2' }) },
    });
    const answer = await apiCall('versionCheck');
    expect(answer.current_version).toBe('2');
    expect(requests).toEqual([{ method: 'GET', url: '/api/options/version-check', body: undefined }]);
  });

  it('sends JSON bodies', async () => {
    const requests = mockApi({
      'PUT /api/options/interface/web': ({ body }) => ({ body }),
    });
    const saved = await apiCall('saveWebOptions', { body: { sceneEdit: true } });
    expect(saved).toEqual({ sceneEdit: true });
    expect(requests[0]).toMatchObject({ method: 'PUT', body: { sceneEdit: true } });
  });

  it('answers null for an empty body', async () => {
    mockApi({ 'GET /api/task/scene-refresh': {} });
    expect(await apiCall('sceneRefresh')).toBeNull();
  });

  it('throws ApiRequestError with the server error for a non-2xx answer', async () => {
    mockApi({
      'PUT /api/options/interface/advanced': {
        status: 400,
        body: {
          error: 'Bad Request',
          message: 'body/stashApiKey must be a string',
          issues: [{ path: ['stashApiKey'], message: 'Expected string' }],
        },
      },
    });
    const error = await apiCall('saveAdvancedOptions', { body: { showHSPApiLink: true } }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({
      status: 400,
      error: 'Bad Request',
      message: 'body/stashApiKey must be a string',
      issues: [{ path: ['stashApiKey'], message: 'Expected string' }],
    });
  });

  it('fills path parameters and query strings', () => {
    expect(buildPath('/api/scene/{id}/cuepoint/{cuepointId}', { id: 4, cuepointId: 'a b' })).toBe(
      '/api/scene/4/cuepoint/a%20b',
    );
    expect(() => buildPath('/api/scene/{id}', {})).toThrow('id');
    expect(buildQuery({ q: 'jane doe', site: undefined, ids: [1, 2] })).toBe('?q=jane+doe&ids=1&ids=2');
    expect(buildQuery(undefined)).toBe('');
  });
});
