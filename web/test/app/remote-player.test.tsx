import type { RemoteState } from '@fovea/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_REMOTE_SCENES,
  REMOTE_HISTORY_MAX,
  remoteScenesReducer,
} from '../../src/app/layout/remote-player';
import { baseScene } from '../fixtures/contract-fixtures';
import { mockApi, renderApp } from '../test-utils';

const remoteState = (payload: RemoteState) => ({ topic: 'remote.state', payload }) as const;

const connected = (sceneId: number, extra: Partial<RemoteState> = {}): RemoteState => ({
  connected: true,
  deovrHost: '192.168.1.77',
  isPlaying: true,
  currentPosition: 3725.4,
  sessionStart: '2026-11-22T07:00:00Z',
  sessionEnd: '2026-11-22T07:10:00Z',
  currentFileID: sceneId * 10,
  currentSceneID: sceneId,
  ...extra,
});

describe('remote scenes', () => {
  it('puts the previous scene on top of the history, once, and keeps at most the maximum', () => {
    let state = remoteScenesReducer(EMPTY_REMOTE_SCENES, baseScene({ id: 1 }));
    expect(state).toEqual({ current: baseScene({ id: 1 }), history: [] });
    state = remoteScenesReducer(state, baseScene({ id: 2 }));
    state = remoteScenesReducer(state, baseScene({ id: 1 }));
    expect(state.current?.id).toBe(1);
    expect(state.history.map((scene) => scene.id)).toEqual([2]);
    state = remoteScenesReducer(state, baseScene({ id: 1, title: 'Renamed' }));
    expect(state.current?.title).toBe('Renamed');
    expect(state.history.map((scene) => scene.id)).toEqual([2]);
    for (let id = 10; id < 10 + REMOTE_HISTORY_MAX + 5; id += 1) {
      state = remoteScenesReducer(state, baseScene({ id }));
    }
    expect(state.history).toHaveLength(REMOTE_HISTORY_MAX);
    expect(state.history[0]?.id).toBe(10 + REMOTE_HISTORY_MAX + 3);
  });
});

describe('remote player badge', () => {
  it('shows while DeoVR is connected, fetches each new scene and keeps the previous ones', async () => {
    const requests = mockApi({
      'GET /api/scene/5': { body: baseScene({ id: 5, title: 'First scene' }) },
      'GET /api/scene/6': { body: baseScene({ id: 6, title: 'Second scene' }) },
    });
    const { store } = renderApp({ route: '/files' });
    const user = userEvent.setup();
    expect(await screen.findByTestId('ws-status')).toBeInTheDocument();

    act(() => store.receive(remoteState({ connected: false })));
    expect(screen.queryByTestId('remote-badge')).not.toBeInTheDocument();

    act(() => store.receive(remoteState(connected(5))));
    const badge = await screen.findByTestId('remote-badge');
    expect(badge).toHaveTextContent('DeoVR remote');
    await waitFor(() => expect(requests.some((r) => r.url === '/api/scene/5')).toBe(true));
    await user.click(badge);
    const popover = await screen.findByTestId('remote-popover');
    expect(await within(popover).findByTestId('remote-current-scene')).toHaveTextContent('First scene');
    expect(within(popover).getByTestId('remote-play-state')).toHaveTextContent('Playing');
    expect(within(popover).getByTestId('remote-position')).toHaveTextContent('01:02:05');
    expect(within(popover).getByTestId('remote-host')).toHaveTextContent('DeoVR host: 192.168.1.77');
    expect(within(popover).queryByTestId('remote-history-scene')).not.toBeInTheDocument();

    // The same scene again (a position update) is not fetched again.
    act(() => store.receive(remoteState(connected(5, { isPlaying: false, currentPosition: 10 }))));
    expect(within(popover).getByTestId('remote-play-state')).toHaveTextContent('Paused');
    expect(requests.filter((r) => r.url === '/api/scene/5')).toHaveLength(1);

    act(() => store.receive(remoteState(connected(6))));
    await waitFor(() =>
      expect(within(popover).getByTestId('remote-current-scene')).toHaveTextContent('Second scene'),
    );
    expect(within(popover).getByTestId('remote-history-scene')).toHaveTextContent('First scene');

    // A click opens the scene's details on the scenes route.
    await user.click(within(popover).getByTestId('remote-history-scene'));
    const details = await screen.findByTestId('scene-details', {}, { timeout: 10_000 });
    expect(within(details).getAllByText('First scene').length).toBeGreaterThan(0);

    act(() => store.receive(remoteState({ connected: false })));
    expect(screen.queryByTestId('remote-badge')).not.toBeInTheDocument();
  }, 30_000);
});
