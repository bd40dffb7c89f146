import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';

/*
 * Tag groups and aka groups from the scene filter sidebar, on the seeded library (seed-library.ts: every scene
 * has one or two of the seeded tags and one or two seeded performers). This spec makes one tag group and one
 * aka group and deletes them again (afterAll deletes whatever is left of them). The download state is "Any", so
 * the counts do not depend on whether scene statuses were refreshed; the expected counts come from the server's
 * own list of the plain entries ("either tag", "either actor").
 */

const shots = new URL('../artifacts/', import.meta.url).pathname;
const GROUP = 'E2E Tag Group';
const RENAMED = 'E2E Tag Group Renamed';
const TAGS = ['pov', 'dance'] as const;
const THIRD_TAG = 'yoga';
const ACTORS = ['Aria Vale', 'Bea Lumen'] as const;
const THIRD_ACTOR = 'Cora Quill';

/** The scenes route with a filter state (base64 JSON in q, as the page writes it). */
const listUrl = (state: object) =>
  `/ui/#/?q=${encodeURIComponent(Buffer.from(JSON.stringify(state)).toString('base64'))}`;

/** How many scenes (any download state, not hidden) the server lists for these entries. */
async function sceneCount(request: APIRequestContext, filters: { cast?: string[]; tags?: string[] }) {
  const answer = await request.post('/api/scene/list', {
    data: {
      dlState: 'any',
      isAvailable: null,
      isAccessible: null,
      isHidden: false,
      offset: 0,
      limit: 1,
      ...filters,
    },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as { results: number }).results;
}

const countText = (n: number) => (n === 1 ? '1 scene' : `${n} scenes`);
const count = (page: Page) => page.getByTestId('scene-results-count');
const chips = (page: Page, field: string) => page.getByTestId(`filter-chip-${field}`);
const chip = (page: Page, field: string, name: string) => chips(page, field).filter({ hasText: name });

async function pick(page: Page, field: string, name: string) {
  const input = page.getByTestId(`filter-picker-${field}`);
  await input.fill(name.slice(0, 4));
  await page.getByRole('option', { name, exact: true }).click();
  await expect(chip(page, field, name)).toHaveAttribute('data-mode', 'include');
}

/** The filter state in the address bar. */
async function shownState(page: Page): Promise<{ cast?: string[]; tags?: string[] }> {
  const hash = new URL(page.url()).hash;
  const q = new URLSearchParams(hash.slice(hash.indexOf('?') + 1)).get('q') ?? '';
  return JSON.parse(Buffer.from(q, 'base64').toString('utf8')) as { cast?: string[]; tags?: string[] };
}

async function expectField(page: Page, field: 'cast' | 'tags', entries: readonly string[]) {
  await expect.poll(async () => (await shownState(page))[field] ?? []).toEqual(entries);
  await expect(chips(page, field)).toHaveCount(entries.length);
}

/** Types a name into the group name prompt and saves it. */
async function saveName(page: Page, name: string) {
  const dialog = page.getByTestId('group-name-dialog');
  await expect(dialog.getByTestId('group-name-save')).toBeDisabled();
  await dialog.getByTestId('group-name-input').fill(name);
  await dialog.getByTestId('group-name-save').click();
  await expect(dialog).toBeHidden();
}

async function deleteLeftovers(request: APIRequestContext) {
  const groups = (await (await request.get('/api/tag_group/list')).json()) as { id: number; name: string }[];
  for (const group of groups.filter((item) => item.name.startsWith(GROUP))) {
    await request.post('/api/tag_group/delete', { data: { tag_group_id: group.id } });
  }
  const akas = (await (await request.get('/api/aka/list')).json()) as { id: number; name: string }[];
  for (const aka of akas.filter((item) => ACTORS.some((actor) => item.name.includes(actor)))) {
    await request.post('/api/aka/delete', { data: { aka_id: aka.id } });
  }
}

test.describe.serial('group buttons of the scene filters', () => {
  // Several filter round trips per test on two shared cores: more margin than the default 30 s.
  test.describe.configure({ timeout: 90_000 });

  test.afterAll(async ({ request }) => {
    await deleteLeftovers(request);
  });

  test('a tag group: new, add, remove, list, rename, delete', async ({ page, request }) => {
    const entry = `tag group:${GROUP}`;
    const either = await sceneCount(request, { tags: [...TAGS] });
    const withThird = await sceneCount(request, { tags: [...TAGS, THIRD_TAG] });
    expect(either).toBeGreaterThan(await sceneCount(request, { tags: [TAGS[0]] }));
    expect(withThird).toBeGreaterThan(either);

    await page.goto(listUrl({ dlState: 'any' }));
    await expect(count(page)).toHaveText(/^\d+ scenes$/);
    await expect(page.getByTestId('tag-group-create')).toBeDisabled();
    for (const tag of TAGS) await pick(page, 'tags', tag);
    await expect(count(page)).toHaveText(countText(either));
    await page.getByTestId('tag-group-create').click();
    await expect(page.getByTestId('group-name-dialog')).toBeVisible();
    await page.screenshot({ path: `${shots}groups-name-prompt.png` });
    await saveName(page, GROUP);
    await expectField(page, 'tags', [entry]);
    await expect(count(page)).toHaveText(countText(either));
    await page.getByTestId('scene-filters').screenshot({ path: `${shots}groups-tag-group.png` });

    await pick(page, 'tags', THIRD_TAG);
    await page.getByTestId('tag-group-add').click();
    await expectField(page, 'tags', [entry]);
    await expect(count(page)).toHaveText(countText(withThird));

    await pick(page, 'tags', THIRD_TAG);
    await page.getByTestId('tag-group-remove').click();
    await expectField(page, 'tags', [entry]);
    await expect(count(page)).toHaveText(countText(either));

    await page.getByTestId('tag-group-list').click();
    await expect
      .poll(async () => [...((await shownState(page)).tags ?? [])].sort())
      .toEqual([...TAGS].sort());
    await expect(count(page)).toHaveText(countText(either));

    await page.goto(listUrl({ dlState: 'any', tags: [entry] }));
    await page.getByTestId('tag-group-rename').click();
    await expect(page.getByTestId('group-name-input')).toHaveValue(GROUP);
    await page.getByTestId('group-name-input').fill('');
    await saveName(page, RENAMED);
    await expectField(page, 'tags', [`tag group:${RENAMED}`]);
    await expect(count(page)).toHaveText(countText(either));

    await page.getByTestId('tag-group-delete').click();
    const confirm = page.getByTestId('confirm-dialog');
    await expect(confirm).toContainText(RENAMED);
    await page.screenshot({ path: `${shots}groups-delete-confirm.png` });
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expectField(page, 'tags', []);
    const left = (await (await request.get('/api/tag_group/list')).json()) as { name: string }[];
    expect(left.filter((group) => group.name.startsWith(GROUP))).toEqual([]);
    await page.getByTestId('filter-picker-tags').fill('tag group');
    await expect(page.getByRole('option', { name: `tag group:${RENAMED}` })).toHaveCount(0);
  });

  test('an aka group on the cast filter: new, add, remove, delete', async ({ page, request }) => {
    const either = await sceneCount(request, { cast: [...ACTORS] });
    const withThird = await sceneCount(request, { cast: [...ACTORS, THIRD_ACTOR] });
    expect(either).toBeGreaterThan(await sceneCount(request, { cast: [ACTORS[0]] }));
    expect(withThird).toBeGreaterThan(either);

    await page.goto(listUrl({ dlState: 'any' }));
    await expect(count(page)).toHaveText(/^\d+ scenes$/);
    for (const actor of ACTORS) await pick(page, 'cast', actor);
    await expect(count(page)).toHaveText(countText(either));
    await page.getByTestId('aka-create').click();
    await expect.poll(async () => (await shownState(page)).cast?.[0] ?? '').toMatch(/^aka:/);
    const group = (await shownState(page)).cast?.[0] ?? '';
    for (const actor of ACTORS) expect(group).toContain(actor);
    await expectField(page, 'cast', [group]);
    await expect(count(page)).toHaveText(countText(either));
    await page.getByTestId('scene-filters').screenshot({ path: `${shots}groups-aka-group.png` });

    await pick(page, 'cast', THIRD_ACTOR);
    await page.getByTestId('aka-add').click();
    await expect.poll(async () => (await shownState(page)).cast?.[0] ?? '').toContain(THIRD_ACTOR);
    const bigger = (await shownState(page)).cast?.[0] ?? '';
    await expectField(page, 'cast', [bigger]);
    await expect(count(page)).toHaveText(countText(withThird));

    await pick(page, 'cast', THIRD_ACTOR);
    await page.getByTestId('aka-remove').click();
    await expectField(page, 'cast', [group]);
    await expect(count(page)).toHaveText(countText(either));

    await page.getByTestId('aka-delete').click();
    const confirm = page.getByTestId('confirm-dialog');
    await expect(confirm).toContainText(group);
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expectField(page, 'cast', []);
    const left = (await (await request.get('/api/aka/list')).json()) as { name: string }[];
    expect(left.filter((aka) => ACTORS.some((actor) => aka.name.includes(actor)))).toEqual([]);
  });
});
