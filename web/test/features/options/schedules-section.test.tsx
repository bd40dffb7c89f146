import { DEFAULT_OPTIONS, SCHEDULE_PREFIXES, cronToTaskSchedule } from '@fovea/contract';
import type { CronOptions, TaskScheduleBody, TaskScheduleRunsResponse } from '@fovea/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import OptionsPage from '../../../src/features/options/OptionsPage';
import { RUN_PASSED_GRACE_MS } from '../../../src/features/options/sections/schedule-runs';
import {
  clockHour,
  firstUpcomingRun,
  formatRunTime,
  sliderWindow,
  windowFromSlider,
} from '../../../src/features/options/sections/schedule-values';
import { mockApi, optionsState } from '../../test-utils';
import type { RecordedRequest } from '../../test-utils';
import { renderWithProviders } from '../../test-utils';

const SCHEDULE = DEFAULT_OPTIONS.cron.rescanSchedule;

function runsResponse(overrides: Partial<TaskScheduleRunsResponse> = {}): TaskScheduleRunsResponse {
  return {
    timeZone: 'America/New_York',
    tasks: SCHEDULE_PREFIXES.map((task) => ({
      task,
      enabled: false,
      nextRuns: [],
      lastRun: null,
      busy: false,
    })),
    ...overrides,
  };
}

interface SetupOptions {
  stashApiKey?: string;
  runs?: () => TaskScheduleRunsResponse;
}

function setup({ stashApiKey = '', runs = () => runsResponse() }: SetupOptions = {}) {
  let cron: CronOptions = DEFAULT_OPTIONS.cron;
  const requests = mockApi({
    'GET /api/options/state': () => ({
      body: optionsState({ cron, advanced: { ...DEFAULT_OPTIONS.advanced, stashApiKey } }),
    }),
    'GET /api/options/task-schedule/runs': () => ({ body: runs() }),
    'POST /api/options/task-schedule': ({ body }) => {
      const saved = body as TaskScheduleBody;
      cron = {
        ...cron,
        rescanSchedule: {
          enabled: saved.rescanEnabled,
          hourInterval: saved.rescanHourInterval,
          useRange: saved.rescanUseRange,
          minuteStart: saved.rescanMinuteStart,
          hourStart: saved.rescanHourStart,
          hourEnd: saved.rescanHourEnd,
          runAtStartDelay: saved.rescanStartDelay,
        },
      };
      return { body: saved };
    },
  });
  const rendered = renderWithProviders(<OptionsPage />, { route: '/options?section=schedules' });
  return { requests, ...rendered, user: userEvent.setup() };
}

const count = (requests: RecordedRequest[], method: string, url: string) =>
  requests.filter((r) => r.method === method && r.url === url).length;

const sliderIn = (testId: string) => within(screen.getByTestId(testId)).getByRole('slider');

describe('schedule values', () => {
  it('clamps a window start past 23 to 23 and keeps the window within 23 hours', () => {
    expect(windowFromSlider([30, 40])).toEqual({ hourStart: 23, hourEnd: 40 });
    // Clamping the start made it 24 hours wide: the end is pulled in.
    expect(windowFromSlider([25, 47])).toEqual({ hourStart: 23, hourEnd: 46 });
    expect(windowFromSlider([22, 26])).toEqual({ hourStart: 22, hourEnd: 26 });
    expect(windowFromSlider([5, 5])).toEqual({ hourStart: 5, hourEnd: 5 });
  });

  it('reads a stored end before the start as the next day, and labels hours past midnight', () => {
    expect(sliderWindow({ ...SCHEDULE, hourStart: 22, hourEnd: 2 })).toEqual([22, 26]);
    expect(sliderWindow({ ...SCHEDULE, hourStart: 0, hourEnd: 23 })).toEqual([0, 23]);
    expect(clockHour(26)).toEqual({ time: '02:00', days: 1 });
    expect(clockHour(9)).toEqual({ time: '09:00', days: 0 });
  });

  it('formats run times in the given time zone and finds the soonest one still ahead', () => {
    expect(formatRunTime('2026-11-29T14:05:00Z', 'Europe/Berlin', 'en-GB')).toBe('Sun 29 Nov, 15:05');
    expect(formatRunTime('2026-11-29T03:05:00Z', 'America/New_York', 'en-GB')).toBe('Sat 28 Nov, 22:05');
    const tasks = runsResponse().tasks.map((task, index) => ({
      ...task,
      nextRuns: index === 0 ? ['2026-11-29T10:00:00Z'] : index === 1 ? ['2026-11-29T09:00:00Z'] : [],
    }));
    expect(firstUpcomingRun(tasks, Date.parse('2026-11-29T08:00:00Z'))).toBe(
      Date.parse('2026-11-29T09:00:00Z'),
    );
    // A time already passed is not waited for.
    expect(firstUpcomingRun(tasks, Date.parse('2026-11-29T09:30:00Z'))).toBe(
      Date.parse('2026-11-29T10:00:00Z'),
    );
    expect(firstUpcomingRun(tasks, Date.parse('2026-11-30T00:00:00Z'))).toBeNull();
  });
});

describe('Task Schedules section', () => {
  it('shows the next three runs in the server time zone, the last run and "Running now"', async () => {
    const runs = runsResponse();
    runs.tasks[1] = {
      task: 'rescan',
      enabled: true,
      nextRuns: ['2026-11-29T19:05:00Z', '2026-11-29T21:05:00Z', '2026-11-29T23:05:00Z'],
      lastRun: '2026-11-29T17:05:00Z',
      busy: true,
    };
    const { user } = setup({ runs: () => runs });
    await waitFor(() =>
      expect(screen.getByTestId('schedules-time-zone')).toHaveTextContent(
        "All times are in the server's time zone, America/New_York. A saved schedule applies at once; no restart is needed.",
      ),
    );
    // Rescrape is off on the server.
    const rescrape = screen.getByTestId('schedule-runs-rescrape');
    expect(within(rescrape).getByTestId('schedule-not-scheduled')).toHaveTextContent('Not scheduled');
    expect(within(rescrape).queryByTestId('schedule-running')).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Rescan' }));
    const rescan = screen.getByTestId('schedule-runs-rescan');
    expect(
      within(rescan)
        .getAllByTestId('schedule-next-run')
        .map((item) => item.textContent),
    ).toEqual(['Sun 29 Nov, 14:05', 'Sun 29 Nov, 16:05', 'Sun 29 Nov, 18:05']);
    expect(within(rescan).getByTestId('schedule-last-run')).toHaveTextContent('Last run: Sun 29 Nov, 12:05');
    expect(within(rescan).getByTestId('schedule-running')).toHaveTextContent('Running now');
  });

  it(
    'clamps the window start to 23 and keeps the window at most 23 hours wide',
    { timeout: 20_000 },
    async () => {
      const { user } = setup();
      await user.click(await screen.findByRole('tab', { name: 'Rescan' }));
      const start = screen.getByRole('slider', { name: 'Window start' });
      // No window in use: the window slider has no effect and is disabled.
      expect(start).toHaveAttribute('data-disabled', 'true');
      await user.click(screen.getByRole('switch', { name: 'Only within a time window' }));
      expect(screen.getByRole('slider', { name: 'Window start' })).not.toHaveAttribute('data-disabled');
      expect(screen.getByTestId('schedule-rescan-window-value')).toHaveTextContent('00:00 to 23:00');

      const thumbs = () =>
        [
          screen.getByRole('slider', { name: 'Window start' }),
          screen.getByRole('slider', { name: 'Window end' }),
        ].map((thumb) => Number(thumb.getAttribute('aria-valuenow')));
      // Moving the end on pushes the start along (23 hours at most); the start stops at 23, so the end at 46.
      screen.getByRole('slider', { name: 'Window end' }).focus();
      await user.keyboard('{ArrowRight>30/}');
      await waitFor(() => expect(thumbs()).toEqual([23, 46]));
      expect(screen.getByTestId('schedule-rescan-window-value')).toHaveTextContent('23:00 to 22:00 (+1 day)');
      // The start cannot pass 23 either.
      screen.getByRole('slider', { name: 'Window start' }).focus();
      await user.keyboard('{ArrowRight>3/}');
      await waitFor(() => expect(thumbs()).toEqual([23, 46]));
      // Moving the start back pulls the end along: the window stays within 23 hours.
      await user.keyboard('{ArrowLeft}');
      await waitFor(() => expect(thumbs()).toEqual([22, 45]));
    },
  );

  it('saves the whole 42-key body, then reads the state and the runs again', async () => {
    const { requests, user } = setup();
    await user.click(await screen.findByRole('tab', { name: 'Rescan' }));
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    // Interval 2 → 3 hours, minute 15, start-up delay 0 → 1 minute, window 22-26 (crossing midnight).
    sliderIn('schedule-rescan-interval').focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByTestId('schedule-rescan-interval-value')).toHaveTextContent('Every 3 hours');
    sliderIn('schedule-rescan-minute').focus();
    await user.keyboard('{ArrowRight>15/}');
    expect(screen.getByTestId('schedule-rescan-minute-value')).toHaveTextContent(':15 past the hour');
    expect(screen.getByTestId('schedule-rescan-delay-value')).toHaveTextContent('None');
    sliderIn('schedule-rescan-delay').focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByTestId('schedule-rescan-delay-value')).toHaveTextContent('1 minute after start-up');
    await user.click(screen.getByRole('switch', { name: 'Only within a time window' }));
    screen.getByRole('slider', { name: 'Window start' }).focus();
    await user.keyboard('{ArrowRight>22/}');
    screen.getByRole('slider', { name: 'Window end' }).focus();
    await user.keyboard('{ArrowRight>3/}');
    await waitFor(() =>
      expect(screen.getByTestId('schedule-rescan-window-value')).toHaveTextContent('22:00 to 02:00 (+1 day)'),
    );
    expect(screen.getByTestId('schedule-unsaved')).toBeInTheDocument();

    const runsBefore = count(requests, 'GET', '/api/options/task-schedule/runs');
    const stateBefore = count(requests, 'GET', '/api/options/state');
    await user.click(save);
    await waitFor(() => expect(count(requests, 'POST', '/api/options/task-schedule')).toBe(1));
    const body = requests.find((r) => r.method === 'POST')?.body as Record<string, unknown>;
    expect(Object.keys(body)).toHaveLength(42);
    expect(body).toEqual(
      cronToTaskSchedule({
        ...DEFAULT_OPTIONS.cron,
        rescanSchedule: {
          enabled: true,
          hourInterval: 3,
          useRange: true,
          minuteStart: 15,
          hourStart: 22,
          hourEnd: 26,
          runAtStartDelay: 1,
        },
      }),
    );
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    await waitFor(() =>
      expect(count(requests, 'GET', '/api/options/task-schedule/runs')).toBe(runsBefore + 1),
    );
    expect(count(requests, 'GET', '/api/options/state')).toBeGreaterThan(stateBefore);
    // The saved values are the form's new start: same tab, nothing left to save.
    expect(screen.getByRole('tab', { name: 'Rescan' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(screen.getByTestId('schedule-rescan-window-value')).toHaveTextContent('22:00 to 02:00 (+1 day)');
    expect(screen.queryByTestId('schedule-unsaved')).not.toBeInTheDocument();
  }, 20_000);

  it('puts the saved values back on Reset', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('tab', { name: 'Rescan' }));
    sliderIn('schedule-rescan-interval').focus();
    await user.keyboard('{End}');
    expect(screen.getByTestId('schedule-rescan-interval-value')).toHaveTextContent('Every 23 hours');
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.getByTestId('schedule-rescan-interval-value')).toHaveTextContent('Every 2 hours');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('keeps the StashDB rescrape off until a StashDB key is stored', async () => {
    const { user, unmount } = setup();
    await user.click(await screen.findByRole('tab', { name: 'Stashdb Rescrape' }));
    const toggle = screen.getByRole('switch', { name: 'Enabled' });
    expect(toggle).toBeDisabled();
    expect(screen.getByText('Enter a StashApi key to enable')).toBeInTheDocument();
    unmount();

    const withKey = setup({ stashApiKey: 'set' });
    await withKey.user.click(await screen.findByRole('tab', { name: 'Stashdb Rescrape' }));
    expect(screen.getByRole('switch', { name: 'Enabled' })).toBeEnabled();
    expect(screen.queryByText('Enter a StashApi key to enable')).not.toBeInTheDocument();
  });

  it('reads the runs again when a job lock changes, and once the first shown run has passed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const soon = new Date(Date.now() + 60_000).toISOString();
    const runs = runsResponse();
    runs.tasks[0] = { task: 'rescrape', enabled: true, nextRuns: [soon], lastRun: null, busy: false };
    const { requests, store } = setup({ runs: () => runs });
    const url = '/api/options/task-schedule/runs';
    await screen.findAllByTestId('schedule-next-run');
    const first = count(requests, 'GET', url);

    act(() => store.receive({ topic: 'lock.change', payload: { name: 'scrape', locked: true } }));
    await waitFor(() => expect(count(requests, 'GET', url)).toBe(first + 1));

    // Not before the run time plus the grace.
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(count(requests, 'GET', url)).toBe(first + 1);
    await act(() => vi.advanceTimersByTimeAsync(30_000 + RUN_PASSED_GRACE_MS));
    await waitFor(() => expect(count(requests, 'GET', url)).toBe(first + 2));
  });
});
