import { DEFAULT_OPTIONS } from '@fovea/contract';
import type { OptionsStateResponse, PreviewSettingsBody } from '@fovea/contract';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { optionsKeys } from '../../../src/api/query-keys';
import OptionsPage from '../../../src/features/options/OptionsPage';
import { snapPreviewValue } from '../../../src/features/options/sections/preview-values';
import { mockApi, optionsState, renderWithProviders } from '../../test-utils';

const previewReady = (previewFn: string) =>
  ({ topic: 'options.previews.previewReady', payload: { previewFn } }) as const;

function setup() {
  const requests = mockApi({
    'GET /api/options/state': { body: optionsState() },
    'PUT /api/options/previews': ({ body }) => ({
      body: { ...(body as PreviewSettingsBody), enabled: false },
    }),
    'POST /api/options/previews/test': { body: {} },
    'GET /api/task/preview/generate': { body: {} },
  });
  const rendered = renderWithProviders(<OptionsPage />, { route: '/options?section=previews' });
  return { requests, ...rendered, user: userEvent.setup() };
}

const sliderOf = (label: string) => {
  const slider = screen
    .getAllByRole('slider')
    .find((element) => element.closest('[aria-labelledby]')?.getAttribute('aria-labelledby') === label);
  if (!slider) throw new Error(`no slider ${label}`);
  return slider;
};

describe('preview settings', () => {
  it('snap onto the spec ranges and steps', () => {
    expect(snapPreviewValue('snippetLength', 0.6000000001)).toBe(0.6);
    expect(snapPreviewValue('snippetLength', 9)).toBe(5);
    expect(snapPreviewValue('startTime', 12)).toBe(10);
    expect(snapPreviewValue('resolution', 311)).toBe(320);
    expect(snapPreviewValue('snippetAmount', 1)).toBe(2);
  });
});

describe('Previews section', () => {
  it('shows the defaults, moves the sliders by their steps and saves the settings', async () => {
    const { requests, user, queryClient } = setup();
    expect(await screen.findByTestId('preview-startTime-value')).toHaveTextContent('5 s');
    expect(screen.getByTestId('preview-snippetLength-value')).toHaveTextContent('0.2 s');
    expect(screen.getByTestId('preview-snippetAmount-value')).toHaveTextContent('2');
    expect(screen.getByTestId('preview-resolution-value')).toHaveTextContent('300 px');

    const start = sliderOf('preview-startTime-label');
    expect(start).toHaveAttribute('aria-valuemin', '5');
    expect(start).toHaveAttribute('aria-valuemax', '60');
    start.focus();
    await user.keyboard('{ArrowRight}');
    const length = sliderOf('preview-snippetLength-label');
    expect(length).toHaveAttribute('aria-valuemax', '5');
    length.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    const resolution = sliderOf('preview-resolution-label');
    resolution.focus();
    await user.keyboard('{End}');
    const amount = sliderOf('preview-snippetAmount-label');
    amount.focus();
    await user.keyboard('{End}');
    await user.click(screen.getByRole('switch', { name: 'Extra snippet from the end' }));
    expect(screen.getByTestId('preview-snippetLength-value')).toHaveTextContent('0.6 s');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(1));
    const put = requests.find((r) => r.method === 'PUT');
    expect(put?.url).toBe('/api/options/previews');
    expect(put?.body).toEqual({
      startTime: 10,
      snippetLength: 0.6,
      snippetAmount: 40,
      resolution: 800,
      extraSnippet: true,
    });
    await waitFor(() =>
      expect(
        queryClient.getQueryData<OptionsStateResponse>(optionsKeys.state)?.config.library.preview.resolution,
      ).toBe(800),
    );
  }, 20_000);

  it('starts preview generation, disabled while the previews lock is held', async () => {
    const { requests, user, store } = setup();
    const generate = await screen.findByTestId('previews-generate');
    await user.click(generate);
    await waitFor(() =>
      expect(requests.some((r) => r.method === 'GET' && r.url === '/api/task/preview/generate')).toBe(true),
    );
    expect(await screen.findByText('Preview generation started')).toBeInTheDocument();
    act(() => store.receive({ topic: 'lock.change', payload: { name: 'previews', locked: true } }));
    expect(screen.getByTestId('previews-generate')).toBeDisabled();
    expect(screen.getByTestId('previews-generate')).toHaveTextContent('Generating previews…');
  });

  it('tests the settings on screen: spinner until previewReady, then the clip plays', async () => {
    const { requests, user, store } = setup();
    const amount = await screen.findByTestId('preview-snippetAmount-value');
    sliderOf('preview-snippetAmount-label').focus();
    await user.keyboard('{ArrowRight}');
    expect(amount).toHaveTextContent('3');
    // An event before any test is ignored.
    act(() => store.receive(previewReady('test-early')));
    expect(screen.queryByTestId('preview-test-video')).not.toBeInTheDocument();

    await user.click(screen.getByTestId('preview-test-button'));
    await waitFor(() => expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1));
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      ...DEFAULT_OPTIONS.library.preview,
      enabled: undefined,
      snippetAmount: 3,
    });
    expect(screen.getByTestId('preview-test-spinner')).toBeInTheDocument();

    act(() => store.receive(previewReady('testabc123')));
    const video = await screen.findByTestId('preview-test-video');
    expect(video).toHaveAttribute('src', '/api/dms/preview/testabc123');
    expect(screen.queryByTestId('preview-test-spinner')).not.toBeInTheDocument();

    // A second test hides the old clip until the new one is ready.
    await user.click(screen.getByTestId('preview-test-button'));
    expect(screen.queryByTestId('preview-test-video')).not.toBeInTheDocument();
    expect(screen.getByTestId('preview-test-spinner')).toBeInTheDocument();
    act(() => store.receive(previewReady('testdef456')));
    expect(await screen.findByTestId('preview-test-video')).toHaveAttribute(
      'src',
      '/api/dms/preview/testdef456',
    );
  }, 20_000);

  it('stops the spinner when the server logs that the test preview failed', async () => {
    const { user, store } = setup();
    await user.click(await screen.findByTestId('preview-test-button'));
    expect(screen.getByTestId('preview-test-spinner')).toBeInTheDocument();
    const log = (task: string, level: 'info' | 'error', message: string) =>
      ({ topic: 'service.log', payload: { level, message, data: { task }, timestamp: 'now' } }) as const;
    // Other tasks' errors and the previews task's info lines do not end the test.
    act(() => store.receive(log('scrape', 'error', 'Scraper broke')));
    act(() => store.receive(log('previews', 'info', 'Previews done')));
    expect(screen.getByTestId('preview-test-spinner')).toBeInTheDocument();
    act(() => store.receive(log('previews', 'error', 'Test preview: no available scene has a video file')));
    expect(await screen.findByTestId('preview-test-error')).toHaveTextContent(
      'Error: Test preview: no available scene has a video file',
    );
    expect(screen.queryByTestId('preview-test-spinner')).not.toBeInTheDocument();
  });

  it('shows the server message when the test cannot start', async () => {
    mockApi({
      'GET /api/options/state': { body: optionsState() },
      'POST /api/options/previews/test': {
        status: 409,
        body: { error: 'Conflict', message: 'No available video to test with' },
      },
    });
    renderWithProviders(<OptionsPage />, { route: '/options?section=previews' });
    await userEvent.click(await screen.findByTestId('preview-test-button'));
    expect(await screen.findByTestId('preview-test-error')).toHaveTextContent(
      'Error: No available video to test with',
    );
    expect(screen.queryByTestId('preview-test-spinner')).not.toBeInTheDocument();
  });
});
