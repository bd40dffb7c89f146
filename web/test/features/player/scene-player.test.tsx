import { DEFAULT_OPTIONS } from '@fovea/contract';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlayerHandle } from '../../../src/features/player/player-handle';
import ScenePlayer from '../../../src/features/player/ScenePlayer';
import { skipMemory } from '../../../src/features/player/skip-memory';
import { sortedVideoFiles } from '../../../src/features/player/video-files';
import { createVrView } from '../../../src/features/player/vr-view';
import { mockApi, optionsState, renderWithProviders } from '../../test-utils';
import { fileRow, sceneResult } from '../files/file-fixtures';
import { stubVideo } from './player-fixtures';
import { fakeVrView } from './vr-view-mock';

vi.mock('../../../src/features/player/vr-view', () => ({ createVrView: vi.fn() }));

const files = [
  fileRow({ id: 1, filename: 'b-small.mp4', size: 100, video_height: 1080, projection: 'flat' }),
  fileRow({ id: 2, filename: 'a-big.mp4', size: 900, video_height: 2160, projection: '180_sbs' }),
  fileRow({ id: 3, filename: 'c.funscript', size: 5000, type: 'script' }),
  fileRow({ id: 4, filename: 'c-mid.mp4', size: 500, video_height: 2880, projection: 'mkx220' }),
];

const withSort = (videoSortSeq: string) =>
  optionsState({
    interfaces: {
      ...DEFAULT_OPTIONS.interfaces,
      players: { ...DEFAULT_OPTIONS.interfaces.players, video_sort_seq: videoSortSeq },
    },
  });

/** The options, and the watch reports the player sends once it plays. */
const routes = (state: ReturnType<typeof optionsState>) => ({
  'GET /api/options/state': { body: state },
  'POST /api/scene/1/watch': { body: { active: true, history_id: 1, played: 0 } },
});

beforeEach(() => {
  skipMemory.reset();
  vi.mocked(createVrView).mockImplementation(() => fakeVrView());
});

const video = () => screen.getByTestId('player-video') as HTMLVideoElement;

describe('video file order', () => {
  it('follows the players sort option, largest first when it is empty; videos only', () => {
    const scene = { file: files };
    expect(sortedVideoFiles(scene, 'filename').map((f) => f.id)).toEqual([2, 1, 4]);
    expect(sortedVideoFiles(scene, 'resolution desc').map((f) => f.id)).toEqual([4, 2, 1]);
    expect(sortedVideoFiles(scene, 'duration, size').map((f) => f.id)).toEqual([1, 4, 2]);
    expect(sortedVideoFiles(scene, '').map((f) => f.id)).toEqual([2, 4, 1]);
    expect(sortedVideoFiles(scene, 'nonsense').map((f) => f.id)).toEqual([2, 4, 1]);
  });
});

describe('scene player', { timeout: 20_000 }, () => {
  it('plays the first video file by the sort option, untracked (dnt), with the cover as poster, and switches files', async () => {
    mockApi(routes(withSort('resolution desc')));
    const scene = sceneResult({ file: files, cover_url: 'https://cdn.example.com/cover a.jpg' });
    renderWithProviders(<ScenePlayer scene={scene} />);
    await waitFor(() => expect(video().getAttribute('src')).toBe('/api/dms/file/4?dnt=true'));
    const player = screen.getByTestId('scene-player');
    expect(player).toHaveAttribute('data-projection', 'mkx220');
    expect(player).toHaveAttribute('data-mode', 'vr');
    expect(screen.getByTestId('player-poster')).toHaveAttribute(
      'src',
      '/img//https://cdn.example.com/cover%20a.jpg',
    );
    expect(vi.mocked(createVrView).mock.lastCall?.[1]).toEqual({ kind: 'fisheye', fov: 220, stereo: 'sbs' });

    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('combobox', { name: 'Video file' }));
    await user.click(await screen.findByRole('option', { name: 'b-small.mp4 (1080p, 100 B)' }));
    await waitFor(() => expect(video().getAttribute('src')).toBe('/api/dms/file/1?dnt=true'));
    expect(screen.getByTestId('scene-player')).toHaveAttribute('data-mode', 'flat');
    expect(video()).toHaveAttribute('poster', '/img//https://cdn.example.com/cover%20a.jpg');
  });

  it('has no file choice for a single video and says so when there is none', async () => {
    mockApi(routes(withSort('')));
    const single = renderWithProviders(<ScenePlayer scene={sceneResult({ file: files.slice(0, 1) })} />);
    await screen.findByTestId('player-video');
    expect(screen.queryByRole('combobox', { name: 'Video file' })).toBeNull();
    // No cover: the poster is a frame of the video (sceneCoverSrc).
    expect(video()).toHaveAttribute('poster', '/api/dms/frame/1');
    single.unmount();
    renderWithProviders(<ScenePlayer scene={sceneResult({ file: [files[2] ?? fileRow()] })} />);
    expect(await screen.findByText('This scene has no video file')).toBeVisible();
  });

  it('answers the handle: current time, clamped seeks, pause/play and skips by the remembered interval', async () => {
    mockApi(routes(withSort('')));
    const ref = createRef<PlayerHandle>();
    renderWithProviders(<ScenePlayer scene={sceneResult({ file: files.slice(0, 1) })} ref={ref} />);
    await screen.findByTestId('player-video');
    let log: string[] = [];
    act(() => {
      log = stubVideo(video(), { currentTime: 50, duration: 400, paused: false });
    });
    const handle = ref.current;
    if (!handle) throw new Error('no handle');
    expect(handle.getCurrentTime()).toBe(50);
    act(() => handle.seekTo(-3));
    expect(handle.getCurrentTime()).toBe(0);
    act(() => handle.seekTo(9999));
    expect(handle.getCurrentTime()).toBe(400);
    act(() => handle.pause());
    expect(video().paused).toBe(true);
    act(() => handle.play());
    expect(video().paused).toBe(false);

    act(() => handle.seekTo(100));
    log.length = 0;
    act(() => handle.skip(1));
    expect(log).toEqual(['pause', 'seek 105', 'play']);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Skip back 1 minute' }));
    expect(handle.getCurrentTime()).toBe(45);
    act(() => handle.skip(1));
    expect(handle.getCurrentTime()).toBe(105);
    act(() => handle.skip(-1));
    act(() => handle.skip(-1));
    expect(handle.getCurrentTime()).toBe(0);

    // Left/Right belong to the details overlay (it calls skip); the player leaves them alone.
    await user.keyboard('{ArrowRight}');
    expect(handle.getCurrentTime()).toBe(0);
    // Space and Up/Down are the player's.
    await user.keyboard(' ');
    expect(video().paused).toBe(true);
    await user.keyboard('{ArrowDown}');
    expect(video().volume).toBe(0.9);
  });

  it('leaves every key alone when keys are disabled', async () => {
    mockApi(routes(withSort('')));
    renderWithProviders(<ScenePlayer scene={sceneResult({ file: files.slice(0, 1) })} keysEnabled={false} />);
    await screen.findByTestId('player-video');
    act(() => {
      stubVideo(video(), { currentTime: 10, paused: true, volume: 0.5 });
    });
    await userEvent.setup({ delay: null }).keyboard(' {ArrowUp}');
    expect(video().paused).toBe(true);
    expect(video().volume).toBe(0.5);
  });
});
