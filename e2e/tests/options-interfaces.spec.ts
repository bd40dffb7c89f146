import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { PREVIEW_SCENE } from '../support/preview-source';

const shots = new URL('../artifacts/', import.meta.url).pathname;

interface InterfacesConfig {
  config: {
    interfaces: {
      dlna: { enabled: boolean; serviceName: string; serviceImage: string; allowedIp: string[] };
      deovr: Record<string, unknown> & { password: string; username: string; auth_enabled: boolean };
      heresphere: Record<string, boolean>;
      players: Record<string, string>;
    };
    library: { preview: Record<string, unknown> };
    funscripts: { scrapeFunscripts: boolean };
  };
  currentState: { dlna: { images: string[] } };
}

async function optionsState(request: APIRequestContext): Promise<InterfacesConfig> {
  return (await (await request.get('/api/options/state')).json()) as InterfacesConfig;
}

async function openSection(page: Page, section: string) {
  await page.goto(`/ui/#/options?section=${section}`);
  const frame = page.getByTestId(`options-section-${section}`);
  await expect(frame.getByRole('button', { name: 'Save' })).toBeVisible();
  return frame;
}

test.describe.serial('Options → Players, DLNA, Previews, Funscripts', () => {
  let original: InterfacesConfig['config'] | null = null;

  test.beforeAll(async ({ request }) => {
    original = (await optionsState(request)).config;
  });

  test.afterAll(async ({ request }) => {
    // Leave the options as they were for the other specs.
    if (original === null) return;
    const { deovr, heresphere, players, dlna } = original.interfaces;
    await request.put('/api/options/interface/deovr', { data: { ...deovr, ...heresphere, ...players } });
    await request.put('/api/options/interface/dlna', {
      data: {
        enabled: dlna.enabled,
        name: dlna.serviceName,
        image: dlna.serviceImage,
        allowedIp: dlna.allowedIp,
      },
    });
    const { enabled: _enabled, ...preview } = original.library.preview;
    await request.put('/api/options/previews', { data: preview });
    await request.put('/api/options/funscripts', { data: original.funscripts });
  });

  test('Players: sort sequences, DeoVR login and HereSphere permissions survive a reload', async ({
    page,
    request,
  }) => {
    const section = await openSection(page, 'players');
    const video = section.getByTestId('sort-sequence-video');
    await video.getByRole('button', { name: 'Add sort key' }).click();
    await video.getByTestId('sort-step-video-1').getByText('Descending').click();
    await video.getByRole('button', { name: 'Move Added up' }).click();
    await expect(video.getByTestId('codec-ranking-note')).toBeVisible();
    await page.screenshot({ path: `${shots}options-players-shared.png`, fullPage: true });

    await section.getByRole('tab', { name: 'DeoVR' }).click();
    const auth = section.getByTestId('players-deovr-auth');
    await expect(auth.getByLabel('Username')).toBeDisabled();
    await auth.getByRole('switch', { name: 'Require a login' }).click({ force: true });
    await auth.getByLabel('Username').fill('headset');
    await expect(auth.getByText('Enter a password, or turn the login off')).toBeVisible();
    await auth.getByLabel('Password', { exact: true }).fill('e2e-secret');
    await expect(section.getByTestId('deovr-url-0')).toHaveText(/^http:\/\/.+\/deovr$/);
    await page.screenshot({ path: `${shots}options-players-deovr.png`, fullPage: true });

    await section.getByRole('tab', { name: 'Heresphere' }).click();
    await section.getByRole('switch', { name: 'Allow rating updates' }).click({ force: true });
    await section.getByRole('switch', { name: 'Allow file deletion' }).click({ force: true });
    await expect(section.getByTestId('heresphere-delete-warning')).toBeVisible();
    await page.screenshot({ path: `${shots}options-players-heresphere.png`, fullPage: true });
    await section.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Settings saved')).toBeVisible();

    const saved = (await optionsState(request)).config.interfaces;
    expect(saved.players.video_sort_seq).toBe('created_time desc,filename');
    expect(saved.deovr.username).toBe('headset');
    // The answers say "set", never the password or its hash.
    expect(saved.deovr.password).toBe('set');
    expect(saved.heresphere.allow_rating_updates).toBe(true);
    expect(saved.heresphere.allow_file_deletes).toBe(true);

    await page.reload();
    const again = page.getByTestId('options-section-players');
    await expect(again.getByTestId('sort-step-video-0')).toContainText('Descending');
    await expect(again.getByRole('combobox', { name: 'Video files: sort key 1' })).toHaveValue('Added');
    await again.getByRole('tab', { name: 'DeoVR' }).click();
    await expect(again.getByLabel('Username')).toHaveValue('headset');
    // The stored password is never put in the field; saving something else keeps it.
    await expect(again.getByLabel('Password', { exact: true })).toHaveValue('');
    await expect(again.getByTestId('players-deovr-password-status')).toHaveText('Set');
    await again.getByRole('switch', { name: 'Show script heatmaps on thumbnails' }).click({ force: true });
    await again.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(async () => (await optionsState(request)).config.interfaces.deovr.render_heatmaps)
      .toBe(!original?.interfaces.deovr.render_heatmaps);
    expect((await optionsState(request)).config.interfaces.deovr.password).toBe('set');
    // The stored password still logs a headset in after the second save.
    const login = await request.post('/deovr', { form: { login: 'headset', password: 'e2e-secret' } });
    expect(((await login.json()) as { authorized: string }).authorized).toBe('1');
    await again.getByRole('tab', { name: 'Heresphere' }).click();
    await expect(again.getByRole('switch', { name: 'Allow rating updates' })).toBeChecked();
  });

  test('DLNA: name, icon and allowed addresses without duplicates survive a reload', async ({
    page,
    request,
  }) => {
    const section = await openSection(page, 'dlna');
    const images = (await optionsState(request)).currentState.dlna.images;
    expect(images.length).toBeGreaterThan(1);
    const icon = images.find((name) => name !== original?.interfaces.dlna.serviceImage) ?? images[0];
    await section.getByLabel('Service name').fill('Fovea e2e');
    await section.getByRole('button', { name: `Icon ${icon}` }).click();
    // The icon pictures are served by the DLNA icon route.
    const picture = section.getByRole('button', { name: `Icon ${icon}` }).locator('img');
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
      .toBeGreaterThan(0);

    const allowed = section.getByTestId('dlna-allowed-ips');
    const entry = allowed.getByRole('textbox', { name: 'Address to allow' });
    await entry.fill('10.20.30.40');
    await entry.press('Enter');
    await entry.fill('10.20.30.40');
    await entry.press('Enter');
    await expect(allowed.getByText('This address is already in the list')).toBeVisible();
    await expect(allowed.getByTestId('dlna-allowed-ip')).toHaveCount(
      (original?.interfaces.dlna.allowedIp.length ?? 0) + 1,
    );
    await page.screenshot({ path: `${shots}options-dlna.png`, fullPage: true });
    await section.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Settings saved')).toBeVisible();

    await page.reload();
    const again = page.getByTestId('options-section-dlna');
    await expect(again.getByLabel('Service name')).toHaveValue('Fovea e2e');
    await expect(again.getByRole('button', { name: `Icon ${icon}` })).toHaveAttribute('aria-pressed', 'true');
    await expect(again.getByTestId('dlna-allowed-ip').filter({ hasText: '10.20.30.40' })).toHaveCount(1);
    const saved = (await optionsState(request)).config.interfaces.dlna;
    expect(saved.serviceName).toBe('Fovea e2e');
    expect(saved.serviceImage).toBe(icon);
    expect(saved.allowedIp).toContain('10.20.30.40');
  });

  test('Previews: settings survive a reload; a test preview shows a spinner, then plays', async ({
    page,
    request,
  }) => {
    // The test preview is a real ffmpeg render on a busy machine.
    test.setTimeout(120_000);
    // A test preview is made from an available scene's video: the seeded scenes become available once the
    // scene-status refresh has run (another spec may have run it already).
    const sceneAvailable = async () =>
      ((await (await request.get(`/api/scene/${PREVIEW_SCENE.sceneId}`)).json()) as { is_available: boolean })
        .is_available;
    if (!(await sceneAvailable())) {
      expect((await request.get('/api/task/scene-refresh')).ok()).toBe(true);
      await expect.poll(sceneAvailable, { timeout: 60_000 }).toBe(true);
    }
    const section = await openSection(page, 'previews');
    const slider = (name: string) =>
      section.locator(`[aria-labelledby="preview-${name}-label"]`).getByRole('slider');
    await slider('startTime').focus();
    await page.keyboard.press('ArrowRight');
    await slider('snippetLength').focus();
    await page.keyboard.press('ArrowRight');
    await expect(section.getByTestId('preview-startTime-value')).toHaveText('10 s');
    await expect(section.getByTestId('preview-snippetLength-value')).toHaveText('0.4 s');
    await section.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Settings saved')).toBeVisible();
    await expect.poll(async () => (await optionsState(request)).config.library.preview.startTime).toBe(10);

    await page.reload();
    const again = page.getByTestId('options-section-previews');
    await expect(again.getByTestId('preview-startTime-value')).toHaveText('10 s');
    await expect(again.getByTestId('preview-snippetLength-value')).toHaveText('0.4 s');
    await expect(page.getByTestId('ws-status')).toHaveAttribute('data-state', 'connected');

    await again.getByTestId('preview-test-button').click();
    await expect(again.getByTestId('preview-test-spinner')).toBeVisible();
    await page.screenshot({ path: `${shots}options-previews-testing.png`, fullPage: true });
    const video = again.getByTestId('preview-test-video');
    await expect(video).toBeVisible({ timeout: 60_000 });
    await expect(video).toHaveAttribute('src', /^\/api\/dms\/preview\/test[0-9a-f]{40}$/);
    await expect
      .poll(() =>
        video.evaluate((element: HTMLVideoElement) => element.readyState >= 2 && element.videoWidth),
      )
      .toBeGreaterThan(0);
    await expect(again.getByTestId('preview-test-spinner')).toBeHidden();
    await page.screenshot({ path: `${shots}options-previews.png`, fullPage: true });
  });

  test('Funscripts: counts, download links and the scrape switch', async ({ page, request }) => {
    const section = page.getByTestId('options-section-funscripts');
    await page.goto('/ui/#/options?section=funscripts');
    const counts = (await (await request.get('/api/options/funscripts/count')).json()) as {
      total: number;
      updated: number;
    };
    await expect(section.getByTestId('funscripts-total')).toHaveText(counts.total.toLocaleString('en-GB'));
    await expect(section.getByTestId('funscripts-updated')).toHaveText(
      counts.updated.toLocaleString('en-GB'),
    );
    await expect(section.getByRole('link', { name: 'Export all' })).toHaveAttribute(
      'href',
      '/api/task/funscript/export-all',
    );
    await expect(section.getByRole('link', { name: 'Export new' })).toHaveAttribute(
      'href',
      '/api/task/funscript/export-new',
    );
    const scrape = section.getByRole('switch', { name: 'Scrape funscripts' });
    const before = await scrape.isChecked();
    await scrape.click({ force: true });
    await expect(page.getByText('Settings saved')).toBeVisible();
    await page.screenshot({ path: `${shots}options-funscripts.png`, fullPage: true });
    await page.reload();
    await expect(section.getByRole('switch', { name: 'Scrape funscripts' })).toBeChecked({
      checked: !before,
    });
    expect((await optionsState(request)).config.funscripts.scrapeFunscripts).toBe(!before);
  });
});
