import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

const shots = new URL('../artifacts/', import.meta.url).pathname;
const api = (path: string) => `${process.env.FOVEA_E2E_URL?.replace(/\/$/, '') ?? ''}${path}`;

/** A seeded actor without scenes or profile (SEED_EXTRA_ACTORS), so no other spec depends on its fields. */
const ACTOR = 'Opal Reed';

interface ActorFacts {
  id: number;
  height: number;
  weight: number;
  nationality: string;
  cup_size: string;
  band_size: number;
  waist_size: number;
  hip_size: number;
  start_year: number;
  aliases: string;
  urls: string;
  /** The URLs of its external references, to put back. */
  profiles: string[];
}

async function findActor(request: APIRequestContext): Promise<ActorFacts> {
  const response = await request.post(api('/api/actor/list'), {
    data: { cast: [ACTOR], with_scenes: false, limit: 5 },
  });
  const body = (await response.json()) as { actors: (ActorFacts & { name: string })[] };
  const actor = body.actors.find((item) => item.name === ACTOR);
  if (actor === undefined) throw new Error(`${ACTOR} is not seeded`);
  return { ...actor, profiles: await profileUrls(request, actor.id) };
}

async function profileUrls(request: APIRequestContext, id: number): Promise<string[]> {
  const response = await request.get(api(`/api/actor/extrefs/${id}`));
  const links = (await response.json()) as { external_reference: { external_url: string } }[];
  return links.map((link) => link.external_reference.external_url);
}

async function setImperial(request: APIRequestContext, on: boolean) {
  await request.put(api('/api/options/interface/advanced'), { data: { useImperialEntry: on } });
}

/** Opens the actor's details from its deep link and its edit dialog with the E key. */
async function openEdit(page: Page, id: number) {
  await page.goto(`/ui/#/actors?actor_id=${id}`);
  await expect(page.getByRole('dialog').filter({ hasText: ACTOR }).first()).toBeVisible();
  await page.keyboard.press('e');
  const dialog = page.getByTestId('actor-edit-dialog');
  await expect(dialog.getByTestId('actor-edit-information')).toBeVisible();
  return dialog;
}

test.describe('actor edit', () => {
  let restore: ActorFacts | null = null;

  test.afterEach(async ({ request }) => {
    // Leave the shared seeded library and the options as they were for the other specs.
    await setImperial(request, false);
    if (restore === null) return;
    await request.post(api(`/api/actor/edit/${restore.id}`), {
      data: {
        height: restore.height,
        weight: restore.weight,
        nationality: restore.nationality,
        measurements: '',
        start_year: restore.start_year,
        aliases: restore.aliases,
        urls: restore.urls,
      },
    });
    await request.post(api(`/api/actor/edit_extrefs/${restore.id}`), { data: restore.profiles });
    restore = null;
  });

  test('turns imperial entry on in Advanced → Actor Settings', async ({ page }) => {
    await page.goto('/ui/#/options?section=advanced');
    await page.getByRole('tab', { name: 'Actor Settings' }).click();
    const imperial = page.getByRole('switch', { name: 'Use imperial units when editing actors' });
    await expect(imperial).not.toBeChecked();
    await imperial.click({ force: true });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Settings saved')).toBeVisible();
    await page.screenshot({ path: `${shots}actor-settings.png` });
    const state = await (await page.request.get(api('/api/options/state'))).json();
    expect(
      (state as { config: { advanced: { useImperialEntry: boolean } } }).config.advanced.useImperialEntry,
    ).toBe(true);
  });

  test('edits an actor with imperial units, the format rules and the country list', async ({
    page,
    request,
  }) => {
    const actor = await findActor(request);
    restore = actor;
    await setImperial(request, true);
    const dialog = await openEdit(page, actor.id);
    await expect(dialog.getByRole('tab')).toHaveText([
      'Information',
      /^Aliases/,
      /^Tattoos/,
      /^Piercings/,
      /^Links/,
      /^Images/,
      /^Actor Scraper/,
    ]);

    // Imperial entry: feet 0-10, inches 0-12, pounds; each shows what it is saved as.
    await dialog.getByRole('textbox', { name: 'Height (feet)' }).fill('11');
    await expect(dialog.getByText('Feet 0 to 10')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Height (feet)' }).fill('5');
    await dialog.getByRole('textbox', { name: 'Inches', exact: true }).fill('13');
    await expect(dialog.getByText('Inches 0 to 12')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Inches', exact: true }).fill('6');
    await dialog.getByRole('textbox', { name: 'Weight (lb)' }).fill('121');
    await expect(dialog.getByText('Saved as 168 cm')).toBeVisible();
    await expect(dialog.getByText('Saved as 55 kg')).toBeVisible();

    // Measurements and years follow the rules of library-spec §5.
    const measurements = dialog.getByRole('textbox', { name: 'Measurements (inches)' });
    await measurements.fill('34-24-35');
    await expect(dialog.getByText('use the format 99A-99-99')).toBeVisible();
    await measurements.fill('34B-24-35');
    await dialog.getByRole('textbox', { name: 'Active from' }).fill(String(new Date().getFullYear() + 1));
    await expect(dialog.getByText('Up to the current year')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
    await dialog.getByRole('textbox', { name: 'Active from' }).fill('2018');

    // Nationality from the country list, with flags.
    const nationality = dialog.getByTestId('actor-edit-nationality');
    await nationality.fill('Atlantis');
    await expect(page.getByText('No matching country')).toBeVisible();
    await nationality.fill('United King');
    await page.getByRole('option', { name: 'United Kingdom' }).click();
    await page.screenshot({ path: `${shots}actor-edit-information.png` });

    await dialog.getByRole('tab', { name: /^Aliases/ }).click();
    await dialog.getByRole('textbox', { name: 'Alias' }).fill('Opaline');
    await dialog.getByRole('textbox', { name: 'Alias' }).press('Enter');
    await dialog.getByRole('tab', { name: /^Links/ }).click();
    await dialog
      .getByRole('textbox', { name: 'Profile URL' })
      .fill('https://www.sexlikereal.com/pornstars/opal-reed');
    await dialog.getByRole('textbox', { name: 'Profile URL' }).press('Enter');
    await expect(dialog.getByTestId('actor-edit-profiles').getByText('slr scrape')).toBeVisible();
    await page.screenshot({ path: `${shots}actor-edit-links.png` });
    await dialog.getByRole('tab', { name: /^Actor Scraper/ }).click();
    await dialog
      .getByRole('textbox', { name: 'Profile page URL' })
      .fill('https://www.vrhush.com/models/opal-reed');
    await dialog.getByRole('textbox', { name: 'Profile page URL' }).press('Enter');
    await expect(dialog.getByText('vrhush scrape')).toBeVisible();
    await page.screenshot({ path: `${shots}actor-edit-scraper.png` });

    // s saves once the focus has left the fields.
    await dialog.getByRole('tab', { name: /^Actor Scraper/ }).focus();
    await page.keyboard.press('s');
    await expect(page.getByTestId('actor-edit-dialog')).toBeHidden();

    const saved = (await (await request.get(api(`/api/actor/${actor.id}`))).json()) as ActorFacts;
    expect(saved).toMatchObject({
      height: 168,
      weight: 55,
      nationality: 'GB',
      cup_size: 'B',
      band_size: 86,
      waist_size: 61,
      hip_size: 89,
      start_year: 2018,
      aliases: '["Opaline"]',
    });
    expect(JSON.parse(saved.urls)).toEqual([
      { url: 'https://www.vrhush.com/models/opal-reed', type: 'vrhush scrape' },
    ]);

    expect(await profileUrls(request, actor.id)).toEqual(['https://www.sexlikereal.com/pornstars/opal-reed']);

    // Opened again, the saved values read back in feet, inches and pounds.
    const again = await openEdit(page, actor.id);
    await expect(again.getByRole('textbox', { name: 'Height (feet)' })).toHaveValue('5');
    await expect(again.getByRole('textbox', { name: 'Inches', exact: true })).toHaveValue('6');
    await expect(again.getByRole('textbox', { name: 'Weight (lb)' })).toHaveValue('121');
    await expect(again.getByTestId('actor-edit-nationality')).toHaveValue('United Kingdom');
    await expect(again.getByRole('textbox', { name: 'Measurements (inches)' })).toHaveValue('34B-24-35');
  });

  test('asks before closing with unsaved changes', async ({ page, request }) => {
    const actor = await findActor(request);
    const dialog = await openEdit(page, actor.id);
    await dialog.getByRole('textbox', { name: 'Height (cm)' }).fill('171');
    await page.keyboard.press('Escape');
    const confirm = page.getByTestId('confirm-dialog');
    await expect(confirm).toContainText('You have unsaved changes. Close without saving them?');
    await page.screenshot({ path: `${shots}actor-edit-confirm.png` });
    await confirm.getByRole('button', { name: 'Close without saving' }).click();
    await expect(page.getByTestId('actor-edit-dialog')).toBeHidden();
    const unchanged = (await (await request.get(api(`/api/actor/${actor.id}`))).json()) as ActorFacts;
    expect(unchanged.height).toBe(actor.height);
  });

  test('shows the main image among the actor images', async ({ page, request }) => {
    // A seeded performer with a picture (image_url only): the Images tab shows it as the main image.
    const response = await request.post(api('/api/actor/list'), {
      data: { cast: ['Aria Vale'], with_scenes: false, limit: 5 },
    });
    const { actors } = (await response.json()) as {
      actors: { id: number; name: string; image_url: string }[];
    };
    const aria = actors.find((item) => item.name === 'Aria Vale');
    expect(aria?.image_url).not.toBe('');
    await page.goto(`/ui/#/actors?actor_id=${aria?.id ?? 0}`);
    await expect(page.getByRole('dialog').filter({ hasText: 'Aria Vale' }).first()).toBeVisible();
    await page.keyboard.press('e');
    const dialog = page.getByTestId('actor-edit-dialog');
    await dialog.getByRole('tab', { name: /^Images/ }).click();
    const images = dialog.getByTestId('actor-edit-image');
    await expect(images).toHaveCount(1);
    await expect(images.first()).toHaveAttribute('data-main', 'true');
    await expect(images.first().getByText('Main image')).toBeVisible();
    await expect(images.first().locator('img')).toHaveJSProperty('complete', true);
    await page.screenshot({ path: `${shots}actor-edit-images.png` });
    // Nothing changed: Esc closes without asking.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
});
