import type { JobProgress } from '@fovea/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CancelJobButton } from '../../src/components/CancelJobButton';
import { mockApi, renderApp, renderWithProviders } from '../test-utils';

const running = (overrides: Partial<JobProgress> = {}): JobProgress => ({
  jobId: 7,
  name: 'rescan',
  task: 'rescan',
  status: 'running',
  current: 5,
  total: 50,
  progress: 10,
  message: 'Scanning /videos',
  ...overrides,
});

const jobAnswer = (status: string) => ({
  id: 7,
  name: 'rescan',
  status,
  current: 5,
  total: 50,
  message: 'Rescan cancelled',
  error: null,
  attempts: 1,
  created_at: '2026-01-01T00:00:00.000Z',
  started_at: '2026-01-01T00:00:01.000Z',
  finished_at: '2026-01-01T00:00:02.000Z',
});

describe('cancelling a job from the navbar status line', { timeout: 20_000 }, () => {
  it('shows a labelled × only while a rescan runs, cancels it, and the line clears on the cancelled event', async () => {
    const requests = mockApi({ 'POST /api/task/cancel/7': { body: jobAnswer('cancelled') } });
    const { store } = renderApp({ route: '/actors' });
    const line = await screen.findByTestId('status-line-rescan', {}, { timeout: 10_000 });
    expect(within(line).queryByRole('button')).not.toBeInTheDocument();

    act(() => store.receive({ topic: 'job.progress', payload: running() }));
    const cancel = within(line).getByRole('button', { name: 'Cancel the rescan' });
    // The Data line has no running job, so no ×.
    expect(within(screen.getByTestId('status-line-scrape')).queryByRole('button')).not.toBeInTheDocument();

    await userEvent.setup({ delay: null }).click(cancel);
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'POST' && r.url === '/api/task/cancel/7')).toBeDefined(),
    );

    act(() =>
      store.receive({
        topic: 'job.progress',
        payload: running({ status: 'cancelled', message: 'Rescan cancelled' }),
      }),
    );
    expect(screen.getByTestId('status-text-rescan')).toHaveTextContent(/^Rescan cancelled$/);
    expect(within(line).queryByRole('button')).not.toBeInTheDocument();
  });

  it('names the job it cancels and says so when the server refuses', async () => {
    mockApi({
      'POST /api/task/cancel/9': () => ({ status: 500, body: { error: 'Internal', message: 'boom' } }),
    });
    const { store } = renderWithProviders(<CancelJobButton task="previews" variant="button" />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    act(() =>
      store.receive({
        topic: 'job.progress',
        payload: running({ jobId: 9, name: 'preview-generate', task: 'previews' }),
      }),
    );
    const button = screen.getByRole('button', { name: 'Cancel the preview generation' });
    expect(button).toHaveTextContent('Cancel');
    await userEvent.setup({ delay: null }).click(button);
    expect(await screen.findByText('Could not cancel the preview generation: boom')).toBeInTheDocument();
  });
});
