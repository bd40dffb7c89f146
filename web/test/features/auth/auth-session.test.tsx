import { act, render, waitFor } from '@testing-library/react';
import type { TFunction } from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { ApiRequestError, apiCall, parseRetryAfter } from '../../../src/api/client';
import { authKeys } from '../../../src/api/query-keys';
import { onUnauthorized } from '../../../src/api/unauthorized';
import { AppProviders } from '../../../src/app/AppProviders';
import type { WampClient, WampFactory } from '../../../src/app/realtime/realtime-client';
import { loginErrorText } from '../../../src/features/auth/login-errors';
import { i18n } from '../../../src/i18n';
import { authStatus, createTestQueryClient, mockApi, renderWithProviders } from '../../test-utils';

const t = i18n.t.bind(i18n) as TFunction;

function fakeWamp() {
  const clients: { disconnect: ReturnType<typeof vi.fn> }[] = [];
  const factory: WampFactory = () => {
    const client: WampClient & { disconnect: ReturnType<typeof vi.fn> } = {
      connect: () => new Promise(() => undefined),
      disconnect: vi.fn(() => Promise.resolve()),
      subscribe: () => Promise.resolve(),
    };
    clients.push(client);
    return client;
  };
  return { factory, clients };
}

describe('the session', () => {
  it('opens the websocket only while the app may be used, and closes it at logout', async () => {
    mockApi({});
    const queryClient = createTestQueryClient(authStatus({ loginRequired: true }));
    const { factory, clients } = fakeWamp();
    render(
      <AppProviders queryClient={queryClient} realtimeConnect={factory} mantineEnv="test">
        <span />
      </AppProviders>,
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(clients).toHaveLength(0);
    act(() => {
      queryClient.setQueryData(authKeys.status, authStatus({ loginRequired: true, loggedIn: true }));
    });
    await waitFor(() => expect(clients).toHaveLength(1));
    act(() => {
      queryClient.setQueryData(authKeys.status, authStatus({ loginRequired: true }));
    });
    await waitFor(() => expect(clients[0]?.disconnect).toHaveBeenCalled());
    expect(clients).toHaveLength(1);
  });

  it('asks for the status again when the websocket drops while a login is set, at most every 15 s', async () => {
    const requests = mockApi({ 'GET /api/auth/status': { body: authStatus({ loginRequired: true }) } });
    const queryClient = createTestQueryClient(
      authStatus({ loginRequired: true, loggedIn: true, username: 'owner' }),
    );
    const { store } = renderWithProviders(<span />, { queryClient });
    const statusCalls = () => requests.filter((request) => request.url === '/api/auth/status').length;
    act(() => store.setSocketState('connected'));
    act(() => store.setSocketState('disconnected'));
    await waitFor(() => expect(statusCalls()).toBe(1));
    // The answer says the session is gone: the socket stays closed, and another drop asks nothing.
    act(() => store.setSocketState('connecting'));
    act(() => store.setSocketState('disconnected'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(statusCalls()).toBe(1);
    expect(queryClient.getQueryData(authKeys.status)).toMatchObject({ loggedIn: false });
  });

  it('reports a 401 of a call that needs a session, but not a wrong password', async () => {
    const unauthorized = { status: 401, body: { error: 'Unauthorized', message: 'No' } };
    mockApi({ 'GET /api/options/state': unauthorized, 'POST /api/auth/login': unauthorized });
    const listener = vi.fn();
    const stop = onUnauthorized(listener);
    await expect(apiCall('authLogin', { body: { username: 'a', password: 'b' } })).rejects.toThrow('No');
    expect(listener).not.toHaveBeenCalled();
    await expect(apiCall('optionsState')).rejects.toBeInstanceOf(ApiRequestError);
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
    await expect(apiCall('optionsState')).rejects.toBeInstanceOf(ApiRequestError);
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe('login error texts', () => {
  it('reads Retry-After as seconds or a date', () => {
    expect(parseRetryAfter('600')).toBe(600);
    expect(parseRetryAfter(null)).toBeNull();
    expect(parseRetryAfter('soon')).toBeNull();
    expect(parseRetryAfter(new Date(61_000).toUTCString(), 0)).toBe(61);
  });

  it('says how long to wait after too many attempts, in minutes', () => {
    const tooMany = (seconds: number | null) =>
      new ApiRequestError(429, 'Too Many Requests', 'Too many attempts', [], seconds);
    expect(loginErrorText(t, tooMany(600))).toBe('Too many attempts. Try again in 10 minutes.');
    expect(loginErrorText(t, tooMany(30))).toBe('Too many attempts. Try again in 1 minute.');
    expect(loginErrorText(t, tooMany(null))).toBe('Too many attempts');
    expect(loginErrorText(t, new ApiRequestError(401, 'Unauthorized', 'x'))).toBe(
      'Wrong username or password.',
    );
    expect(loginErrorText(t, new ApiRequestError(0, 'Network Error', 'x'))).toBe(
      'The server could not be reached.',
    );
  });
});
