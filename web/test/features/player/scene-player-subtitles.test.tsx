import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import ScenePlayer from '../../../src/features/player/ScenePlayer';
import { subtitleTracks } from '../../../src/features/player/subtitle-tracks';
import { createVrView } from '../../../src/features/player/vr-view';
import { mockApi, optionsState, renderWithProviders } from '../../test-utils';
import { fileRow, sceneResult } from '../files/file-fixtures';
import { stubVideo } from './player-fixtures';
import { fakeVrView } from './vr-view-mock';

vi.mock('../../../src/features/player/vr-view', () => ({ createVrView: vi.fn() }));

beforeEach(() => {
  vi.mocked(createVrView).mockImplementation(() => fakeVrView());
});

const flat = fileRow({ id: 1, filename: 'clip.mp4', projection: 'flat', duration: 60 });
const vr = fileRow({ id: 2, filename: 'clip-vr.mp4', projection: '180_sbs', duration: 60 });
const srt = (id: number, filename: string) => fileRow({ id, filename, type: 'subtitles' });

const video = () => screen.getByTestId('player-video') as HTMLVideoElement;
const trackElements = () => Array.from(video().querySelectorAll('track'));

interface FakeTrack extends EventTarget {
  mode: TextTrackMode;
  activeCues: { text: string }[];
}

/** jsdom has no TextTrack: gives each <track> one the player can switch and the test can fire cues on. */
function stubTracks(): FakeTrack[] {
  return trackElements().map((element) => {
    const track = Object.assign(new EventTarget(), { mode: 'disabled' as TextTrackMode, activeCues: [] });
    Object.defineProperty(element, 'track', { configurable: true, value: track });
    return track;
  });
}

function renderPlayer(files = [flat, srt(10, 'clip.en.srt')], sceneId = 7) {
  const requests = mockApi({
    'GET /api/options/state': { body: optionsState() },
    [`POST /api/scene/${sceneId}/watch`]: { body: { active: true, history_id: 1, played: 0 } },
    [`GET /api/scene/${sceneId}`]: { body: sceneResult({ id: sceneId, file: files }) },
  });
  const view = renderWithProviders(<ScenePlayer scene={sceneResult({ id: sceneId, file: files })} />);
  return { requests, view };
}

describe('subtitle tracks', () => {
  it('are the scene subtitle files the browser can show, labelled by language, apart when alike', () => {
    const tracks = subtitleTracks(
      {
        file: [
          flat,
          srt(13, 'clip.sub'),
          srt(12, 'clip.German.srt'),
          srt(11, 'clip.en.srt'),
          srt(14, 'clip.eng.ass'),
          srt(15, 'clip.forced.srt'),
        ],
      },
      'en-GB',
    );
    expect(tracks).toEqual([
      { fileId: 11, src: '/api/dms/subtitles/11', label: 'English (clip.en.srt)', srclang: 'en' },
      { fileId: 14, src: '/api/dms/subtitles/14', label: 'English (clip.eng.ass)', srclang: 'en' },
      { fileId: 15, src: '/api/dms/subtitles/15', label: 'clip.forced', srclang: '' },
      { fileId: 12, src: '/api/dms/subtitles/12', label: 'German', srclang: 'de' },
    ]);
  });
});

describe('scene player subtitles', { timeout: 20_000 }, () => {
  it('has no CC button for a scene without subtitle files', async () => {
    renderPlayer([flat]);
    await screen.findByTestId('player-video');
    expect(trackElements()).toHaveLength(0);
    expect(screen.queryByTestId('player-captions')).toBeNull();
  });

  it('adds each subtitle file as a track and turns it on and off with the CC button (flat: shown natively)', async () => {
    renderPlayer();
    await screen.findByTestId('player-video');
    expect(
      trackElements().map((track) => [track.kind, track.label, track.srclang, track.getAttribute('src')]),
    ).toEqual([['subtitles', 'English', 'en', '/api/dms/subtitles/10']]);
    const [track] = stubTracks();
    const user = userEvent.setup({ delay: null });
    const on = screen.getByRole('button', { name: 'Show subtitles' });
    expect(on).toHaveAttribute('aria-pressed', 'false');
    await user.click(on);
    expect(track?.mode).toBe('showing');
    const off = screen.getByRole('button', { name: 'Hide subtitles' });
    expect(off).toHaveAttribute('aria-pressed', 'true');
    await user.click(off);
    expect(track?.mode).toBe('disabled');
    expect(screen.queryByTestId('player-subtitle-cue')).toBeNull();
  });

  it('draws the active cue over the VR canvas, the track hidden', async () => {
    renderPlayer([vr, srt(10, 'clip.en.srt')]);
    await waitFor(() => expect(screen.getByTestId('scene-player')).toHaveAttribute('data-mode', 'vr'));
    const [track] = stubTracks();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Show subtitles' }));
    expect(track?.mode).toBe('hidden');
    expect(screen.queryByTestId('player-subtitle-cue')).toBeNull();
    act(() => {
      if (!track) return;
      track.activeCues = [{ text: '<i>Hello</i> there' }, { text: 'second line' }];
      track.dispatchEvent(new Event('cuechange'));
    });
    expect(screen.getByTestId('player-subtitle-cue')).toHaveTextContent('Hello there second line');
    act(() => {
      if (!track) return;
      track.activeCues = [];
      track.dispatchEvent(new Event('cuechange'));
    });
    expect(screen.queryByTestId('player-subtitle-cue')).toBeNull();
  });

  it('chooses between several subtitle files from a menu, one at a time', async () => {
    renderPlayer([flat, srt(10, 'clip.en.srt'), srt(11, 'clip.de.srt')]);
    await screen.findByTestId('player-video');
    const [german, english] = stubTracks(); // in file name order
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Subtitles' }));
    await user.click(await screen.findByRole('menuitem', { name: 'German' }));
    expect([english?.mode, german?.mode]).toEqual(['disabled', 'showing']);
    await user.click(screen.getByRole('button', { name: 'Subtitles' }));
    const menu = await screen.findByRole('menu');
    await user.click(within(menu).getByRole('menuitem', { name: 'Off' }));
    expect([english?.mode, german?.mode]).toEqual(['disabled', 'disabled']);
  });
});

describe('scene player watch reports', { timeout: 20_000 }, () => {
  const reports = (requests: ReturnType<typeof mockApi>) =>
    requests
      .filter((request) => request.url === '/api/scene/7/watch')
      .map((request) => request.body as Record<string, unknown>);

  it('reports play, seek (with where it was), pause and end under one session id', async () => {
    const { requests } = renderPlayer();
    await screen.findByTestId('player-video');
    const element = video();
    expect(element.getAttribute('src')).toBe('/api/dms/file/1?dnt=true');
    act(() => {
      stubVideo(element, { currentTime: 5, duration: 60 });
    });
    await act(async () => element.play());
    act(() => {
      element.currentTime = 12; // timeupdate while playing
      Object.defineProperty(element, 'seeking', { configurable: true, value: true });
      element.currentTime = 40;
      element.dispatchEvent(new Event('seeking'));
      Object.defineProperty(element, 'seeking', { configurable: true, value: false });
    });
    act(() => element.pause());
    act(() => {
      Object.defineProperty(element, 'ended', { configurable: true, value: true });
      element.currentTime = 60;
      element.dispatchEvent(new Event('ended'));
    });
    await waitFor(() => expect(reports(requests)).toHaveLength(4));
    const sent = reports(requests);
    expect(sent.map((body) => [body.event, body.position, body.from])).toEqual([
      ['play', 5, undefined],
      ['seek', 40, 12],
      ['pause', 40, undefined],
      ['end', 60, undefined],
    ]);
    const ids = new Set(sent.map((body) => body.session_id));
    expect(ids.size).toBe(1);
    expect(sent[0]).toMatchObject({
      file_id: 1,
      duration: 60,
      session_id: expect.stringMatching(/^[0-9a-f]{24}$/),
    });
  });

  it('ends the session when the player closes, and reports nothing when it never played', async () => {
    const { requests, view } = renderPlayer();
    await screen.findByTestId('player-video');
    act(() => {
      stubVideo(video(), { currentTime: 0, duration: 60 });
    });
    await act(async () => video().play());
    view.unmount();
    await waitFor(() => expect(reports(requests).map((body) => body.event)).toEqual(['play', 'end']));

    const idle = renderPlayer();
    await screen.findByTestId('player-video');
    idle.view.unmount();
    expect(reports(idle.requests)).toEqual([]);
  });
});
