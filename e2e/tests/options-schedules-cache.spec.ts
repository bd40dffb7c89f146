import { expect, test } from '@playwright/test';
import type { APIRequestContext, Locator, Page } from '@playwright/test';

/** Screenshots of these screens go beside the notes. */
const shots = new URL('../artifacts/', import.meta.url).pathname;

interface Schedule {
  enabled: boolean;
  hourInterval: number;
  useRange: boolean;
  minuteStart: number;
  hourStart: number;
  hourEnd: number;
  runAtStartDelay: number;
}
type Cron = Record<string, Schedule>;

interface Runs {
  timeZone: string;
  tasks: { task: string; enabled: boolean; nextRuns: string[]; lastRun: string | null; busy: boolean }[];
}

const PREFIXES = ['rescrape', 'rescan', 'preview', 'actorRescrape', 'stashdbRescrape', 'linkScenes'];

/** The flat 42-key body of POST /api/options/task-schedule for a saved cron (xbvr-wire §1.10). */
function scheduleBody(cron: Cron): Record<string, number | boolean> {
  const body: Record<string, number | boolean> = {};
  for (const prefix of PREFIXES) {
    const s = cron[`${prefix}Schedule`];
    if (!s) throw new Error(`no ${prefix}Schedule in the options`);
    Object.assign(body, {
      [`${prefix}Enabled`]: s.enabled,
      [`${prefix}HourInterval`]: s.hourInterval,
      [`${prefix}UseRange`]: s.useRange,
      [`${prefix}MinuteStart`]: s.minuteStart,
      [`${prefix}HourStart`]: s.hourStart,
      [`${prefix}HourEnd`]: s.hourEnd,
      [`${prefix}StartDelay`]: s.runAtStartDelay,
    });
  }
  return body;
}

async function savedCron(request: APIRequestContext): Promise<Cron> {
  return ((await (await request.get('/api/options/state')).json()) as { config: { cron: Cron } }).config.cron;
}

/**
 * The next three times a window of 22-26 every 2 hours runs at `minute`: 22:mm, 00:mm and 02:mm of each day,
 * in this machine's time zone, which is the e2e server's.
 */
function expectedRuns(now: Date, minute: number): Date[] {
  const times: Date[] = [];
  for (let day = -1; day <= 2; day += 1) {
    for (const hour of [0, 2, 22]) {
      const at = new Date(now.getFullYear(), now.getMonth(), now.getDate() + day, hour, minute, 0, 0);
      if (at.getTime() > now.getTime()) times.push(at);
    }
  }
  return times.sort((a, b) => a.getTime() - b.getTime()).slice(0, 3);
}

/** As the page shows a run time: "Sun 29 Nov, 14:05" in the server's time zone. */
const shown = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).format(at);

/** Moves a slider thumb by `steps` with the keyboard (negative: to the left). */
async function nudge(page: Page, thumb: Locator, steps: number) {
  await thumb.focus();
  for (let i = 0; i < Math.abs(steps); i += 1)
    await page.keyboard.press(steps > 0 ? 'ArrowRight' : 'ArrowLeft');
}

/** Sets a one-thumb slider to a value: Home, then right arrow presses. */
async function setSlider(page: Page, thumb: Locator, value: number, min: number) {
  await thumb.focus();
  await page.keyboard.press('Home');
  await nudge(page, thumb, value - min);
  await expect(thumb).toHaveAttribute('aria-valuenow', String(value));
}

test.describe.serial('Options → Task Schedules and Cache', () => {
  let originalCron: Cron | null = null;

  test.beforeAll(async ({ request }) => {
    originalCron = await savedCron(request);
  });

  test.afterAll(async ({ request }) => {
    // Put the schedules back for the other specs.
    if (originalCron === null) return;
    const answer = await request.post('/api/options/task-schedule', { data: scheduleBody(originalCron) });
    expect(answer.ok()).toBe(true);
  });

  test('a Rescan window of 22-26 every 2 hours shows its next three runs in the server time zone', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 1600, height: 1100 });
    // Half an hour away from now, so that no real rescan of the seeded library starts while the test runs.
    const minute = (new Date().getMinutes() + 30) % 60;

    await page.goto('/ui/#/options');
    await page.getByTestId('options-menu-schedules').click();
    const section = page.getByTestId('options-section-schedules');
    await section.getByRole('tab', { name: 'Rescan' }).click();
    const fields = section.getByTestId('schedule-fields-rescan');
    await expect(fields.getByRole('switch', { name: 'Enabled' })).toBeVisible();
    await fields.getByRole('switch', { name: 'Enabled' }).check();

    await setSlider(page, fields.getByTestId('schedule-rescan-interval').getByRole('slider'), 2, 1);
    await expect(fields.getByTestId('schedule-rescan-interval-value')).toHaveText('Every 2 hours');
    await setSlider(page, fields.getByTestId('schedule-rescan-minute').getByRole('slider'), minute, 0);
    const window = fields.getByRole('switch', { name: 'Only within a time window' });
    await window.check();
    await expect(window).toBeChecked();

    // From the window the task had (0-23 by default): the start to 22, then the end to 26, i.e. 02:00 next day.
    const start = fields.getByRole('slider', { name: 'Window start' });
    const end = fields.getByRole('slider', { name: 'Window end' });
    const [from, to] = [
      Number(await start.getAttribute('aria-valuenow')),
      Number(await end.getAttribute('aria-valuenow')),
    ];
    if (to < 22) await nudge(page, end, 22 - to);
    await nudge(page, start, 22 - from);
    await expect(start).toHaveAttribute('aria-valuenow', '22');
    const endNow = Number(await end.getAttribute('aria-valuenow'));
    await nudge(page, end, 26 - endNow);
    await expect(end).toHaveAttribute('aria-valuenow', '26');
    await expect(fields.getByTestId('schedule-rescan-window-value')).toHaveText('22:00 to 02:00 (+1 day)');
    await expect(section.getByTestId('schedule-unsaved')).toBeVisible();

    await section.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Settings saved')).toBeVisible();
    await expect(section.getByTestId('schedule-unsaved')).toHaveCount(0);

    expect((await savedCron(request)).rescanSchedule).toMatchObject({
      enabled: true,
      hourInterval: 2,
      useRange: true,
      minuteStart: minute,
      hourStart: 22,
      hourEnd: 26,
    });

    const runs = (await (await request.get('/api/options/task-schedule/runs')).json()) as Runs;
    const expected = expectedRuns(new Date(), minute);
    const rescan = runs.tasks.find((task) => task.task === 'rescan');
    expect(rescan?.nextRuns).toEqual(expected.map((at) => at.toISOString()));

    await expect(section.getByTestId('schedules-time-zone')).toContainText(
      `All times are in the server's time zone, ${runs.timeZone}. A saved schedule applies at once`,
    );
    await expect(section.getByTestId('schedule-runs-rescan').getByTestId('schedule-next-run')).toHaveText(
      expected.map((at) => shown(at, runs.timeZone)),
    );
    await page.screenshot({ path: `${shots}options-schedules.png`, fullPage: true });

    // Another tab: an unscheduled task says so.
    await section.getByRole('tab', { name: 'Link Scenes' }).click();
    await expect(section.getByTestId('schedule-runs-linkScenes')).toContainText('Not scheduled');
    await section.getByRole('tab', { name: 'Stashdb Rescrape' }).click();
    await page.screenshot({ path: `${shots}options-schedules-stashdb.png` });
  });

  test('Cache: resetting the images empties them; Reindex brings the index back to the library size', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 1600, height: 1100 });
    const { scenes } = (await (await request.get('/api/library/summary')).json()) as { scenes: number };

    // Covers shown in the scene list are kept in the images cache.
    await page.goto('/ui/#/');
    const cover = page.getByTestId('scene-card').first().locator('img[src*="/img/"]').first();
    await expect(cover).toBeVisible();
    await expect
      .poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 1))
      .toBe(true);

    await page.goto('/ui/#/options?section=cache');
    const section = page.getByTestId('options-section-cache');
    const state = section.getByTestId('cache-search-state');
    await expect(state.getByTestId('cache-document-count')).toBeVisible();

    // Reset the search index: it is emptied and rebuilt at once (and the sizes are measured again).
    await section.getByRole('button', { name: 'Reset Search index' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset the search index?' });
    await expect(dialog).toContainText('Quick find finds fewer scenes until the rebuild is done.');
    await dialog.getByRole('button', { name: 'Reset', exact: true }).click();
    await expect(page.getByText('Search index emptied; rebuilding it now')).toBeVisible();
    await expect(state.getByTestId('cache-document-count')).toHaveText(
      `${scenes.toLocaleString('en-GB')} scenes in the index`,
      { timeout: 30_000 },
    );
    await expect(state.getByTestId('cache-index-status')).toHaveText('Idle');

    // The covers fetched above are in the measured images figure; resetting the images cache empties it.
    const images = section.getByTestId('cache-images');
    await expect(images).not.toHaveText(/^0 B of/);
    await page.screenshot({ path: `${shots}options-cache-before.png`, fullPage: true });
    await section.getByRole('button', { name: 'Reset Images' }).click();
    const imagesDialog = page.getByRole('dialog', { name: 'Reset the images cache?' });
    await expect(imagesDialog).toContainText('Deletes the downloaded cover and actor images.');
    // Once the dialog has faded in.
    await expect.poll(() => imagesDialog.evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
    await page.screenshot({ path: `${shots}options-cache-confirm.png` });
    await imagesDialog.getByRole('button', { name: 'Reset', exact: true }).click();
    await expect(page.getByText('Images cache reset')).toBeVisible();
    await expect(images).toHaveText(/^0 B of/);

    // Reindex: the count comes back to the library size and the index is idle again.
    await state.getByTestId('cache-reindex').click();
    await expect(page.getByText('Reindex started')).toBeVisible();
    await expect(state.getByTestId('cache-index-status')).toHaveText('Idle', { timeout: 30_000 });
    await expect(state.getByTestId('cache-document-count')).toHaveText(
      `${scenes.toLocaleString('en-GB')} scenes in the index`,
    );
    await expect(state.getByTestId('cache-reindex')).toBeEnabled();
    await page.screenshot({ path: `${shots}options-cache.png`, fullPage: true });
  });
});
