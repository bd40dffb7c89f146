import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import PlayerOverlay from '../../../src/features/player/PlayerOverlay';
import { skipMemory } from '../../../src/features/player/skip-memory';
import { createVrView } from '../../../src/features/player/vr-view';
import { mockApi, renderWithProviders } from '../../test-utils';
import { fileRow } from '../files/file-fixtures';
import { stubVideo } from './player-fixtures';
import { fakeVrView, mockXr } from './vr-view-mock';

vi.mock('../../../src/features/player/vr-view', () => ({ createVrView: vi.fn() }));

const createView = vi.mocked(createVrView);

beforeEach(() => {
  skipMemory.reset();
  createView.mockReset();
});

afterEach(() => {
  Reflect.deleteProperty(navigator, 'xr');
});

const video = () => screen.getByTestId('player-video') as HTMLVideoElement;

describe('player overlay (files screen)', { timeout: 20_000 }, () => {
  it('plays a flat file untracked, with seek and volume keys, skip buttons, and closes', async () => {
    mockApi({});
    const onClose = vi.fn();
    renderWithProviders(<PlayerOverlay file={fileRow({ id: 12, projection: 'flat' })} onClose={onClose} />);
    await screen.findByTestId('player-video');
    expect(video().getAttribute('src')).toBe('/api/dms/file/12?dnt=true');
    expect(video()).not.toHaveAttribute('controls');
    expect(screen.getByTestId('player-overlay')).toHaveAttribute('data-mode', 'flat');
    expect(screen.queryByTestId('player-fov')).toBeNull();
    expect(createView).not.toHaveBeenCalled();

    let log: string[] = [];
    act(() => {
      log = stubVideo(video(), { currentTime: 10, duration: 100, volume: 0.5 });
    });
    await waitFor(() => expect(screen.getByTestId('player-time')).toHaveTextContent('00:00:10 / 00:01:40'));
    const user = userEvent.setup({ delay: null });
    await user.keyboard('{ArrowRight}');
    expect(video().currentTime).toBe(15);
    await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    expect(video().currentTime).toBe(0);
    await user.keyboard('{ArrowUp}');
    expect(video().volume).toBe(0.6);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(video().volume).toBe(0.4);

    // Space plays; a skip button pauses, moves, resumes and becomes the remembered interval.
    await user.keyboard(' ');
    expect(video().paused).toBe(false);
    log.length = 0;
    await user.click(screen.getByRole('button', { name: 'Skip forward 30 seconds' }));
    expect(log).toEqual(['pause', 'seek 30', 'play']);
    expect(skipMemory.get()).toBe(30);
    expect(screen.getByTestId('player-skip-30')).toHaveAttribute('data-remembered', 'true');
    expect(screen.getByTestId('player-skip--30')).toHaveAttribute('data-remembered', 'true');
    expect(screen.getByTestId('player-skip-5')).not.toHaveAttribute('data-remembered');
    await user.click(screen.getByRole('button', { name: 'Skip back 5 minutes' }));
    expect(video().currentTime).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Skip forward 2 minutes' }));
    expect(video().currentTime).toBe(100);
    // In the files overlay Left/Right stay the 5 s seek, whatever the last skip was.
    await user.keyboard('{ArrowLeft}');
    expect(video().currentTime).toBe(95);

    await user.click(screen.getByRole('button', { name: 'Close player' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('draws VR projections with a field of view readout, zoom clamped 30–130°, and look keys', async () => {
    mockApi({});
    const view = fakeVrView();
    createView.mockReturnValue(view);
    renderWithProviders(<PlayerOverlay file={fileRow({ projection: 'mkx200' })} onClose={vi.fn()} />);
    const overlay = await screen.findByTestId('player-overlay');
    expect(overlay).toHaveAttribute('data-mode', 'vr');
    expect(overlay).toHaveAttribute('data-projection', 'mkx200');
    expect(createView.mock.calls[0]?.[1]).toEqual({ kind: 'fisheye', fov: 200, stereo: 'sbs' });
    expect(screen.getByTestId('player-fov')).toHaveTextContent('FOV 90°');

    const canvasHost = screen.getByTestId('player-vr');
    fireEvent.wheel(canvasHost, { deltaY: 200 });
    expect(screen.getByTestId('player-fov')).toHaveTextContent('FOV 100°');
    fireEvent.wheel(canvasHost, { deltaY: 5000 });
    expect(screen.getByTestId('player-fov')).toHaveTextContent('FOV 130°');
    fireEvent.wheel(canvasHost, { deltaY: -50_000 });
    expect(screen.getByTestId('player-fov')).toHaveTextContent('FOV 30°');

    const user = userEvent.setup({ delay: null });
    await user.keyboard('{Shift>}{ArrowRight}{ArrowUp}{/Shift}d');
    expect(view.turns).toEqual([
      [5, 0],
      [0, 5],
      [5, 0],
    ]);
    // Without WebXR there is no VR button.
    expect(screen.queryByRole('button', { name: 'Enter VR' })).toBeNull();
  });

  it('falls back to the plain video when WebGL is missing', async () => {
    mockApi({});
    createView.mockImplementation(() => {
      throw new Error('no WebGL');
    });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderWithProviders(<PlayerOverlay file={fileRow({ projection: '180_sbs' })} onClose={vi.fn()} />);
    await waitFor(() => expect(screen.getByTestId('player-overlay')).toHaveAttribute('data-mode', 'flat'));
    expect(video()).toBeVisible();
  });
});

describe('WebXR', { timeout: 20_000 }, () => {
  it('offers Enter VR only when the browser supports immersive VR, and hands the session to the view', async () => {
    mockApi({});
    const xr = mockXr(true);
    const view = fakeVrView();
    createView.mockReturnValue(view);
    renderWithProviders(<PlayerOverlay file={fileRow({ projection: '180_sbs' })} onClose={vi.fn()} />);
    const button = await screen.findByRole('button', { name: 'Enter VR' });
    act(() => {
      stubVideo(video(), { paused: true });
    });
    await userEvent.setup({ delay: null }).click(button);
    await waitFor(() => expect(view.enterXr).toHaveBeenCalled());
    expect(xr.requestSession).toHaveBeenCalledWith('immersive-vr');
    expect(video().paused).toBe(false);
  });

  it('hides the button when immersive VR is not supported, and for flat files', async () => {
    mockApi({});
    mockXr(false);
    createView.mockReturnValue(fakeVrView());
    const first = renderWithProviders(
      <PlayerOverlay file={fileRow({ projection: '360_tb' })} onClose={vi.fn()} />,
    );
    await screen.findByTestId('player-fov');
    await act(() => Promise.resolve());
    expect(screen.queryByRole('button', { name: 'Enter VR' })).toBeNull();
    first.unmount();

    mockXr(true);
    renderWithProviders(<PlayerOverlay file={fileRow({ projection: 'flat' })} onClose={vi.fn()} />);
    await screen.findByTestId('player-video');
    await act(() => Promise.resolve());
    expect(screen.queryByRole('button', { name: 'Enter VR' })).toBeNull();
  });
});
