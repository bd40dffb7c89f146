import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../../src/app';
import { libraryFactory } from '../../factories/library.factory';
import { captureStatements } from '../../helpers/capture-statements';
import { createTestApp } from '../../helpers/test-app';

/*
 * The scan answer is kept while nothing it shows has changed (the `players` data version of migration 0008
 * and the scenes listed): every kind of change an entry shows must make the next scan read the scenes again.
 */
interface ScanEntry {
  link: string;
  title: string;
  duration: number;
  rating: number;
  isFavorite: boolean;
  tags: { name: string }[];
}

let app: FoveaApp;
let sceneId: number;
let actorId: number;
let fileId: number;

async function scan(): Promise<{ text: string; entry: ScanEntry | undefined; count: number }> {
  const response = await app.http.inject({ method: 'POST', url: '/heresphere/scan', payload: {} });
  expect(response.statusCode).toBe(200);
  const body = response.json<{ scanData: ScanEntry[] }>();
  const entry = body.scanData.find((item) => item.link.endsWith(`/heresphere/${sceneId}`));
  return { text: response.body, entry, count: body.scanData.length };
}

const tagNames = (entry: ScanEntry | undefined) => entry?.tags.map((tag) => tag.name) ?? [];
const readsScenes = (sql: string) => sql.includes('scene_tags') && sql.includes('json_group_array');

beforeAll(async () => {
  app = await createTestApp();
  const f = libraryFactory(app.database.db);
  const volume = await f.volume();
  sceneId = await f.scene({ title: 'Harbour Lights', site: 'Example VR', is_available: 1, is_accessible: 1 });
  await f.scene({ title: 'Second', is_available: 1, is_accessible: 1 });
  fileId = await f.file({ volume_id: volume, scene_id: sceneId, filename: 'harbour.mp4', duration: 100 });
  actorId = await f.actor('Nina Vale');
  await f.cast(sceneId, actorId);
  await f.tagScene(sceneId, 'outdoor');
});

afterAll(async () => {
  await app.close();
});

describe('HereSphere scan: the kept answer', () => {
  it('is sent again without reading the scenes while nothing changed', async () => {
    const first = await scan();
    expect(first.entry?.title).toBe('Harbour Lights');
    const statements = await captureStatements(app, async () => {
      expect((await scan()).text).toBe(first.text);
    });
    expect(statements.some((statement) => readsScenes(statement.sql))).toBe(false);
    // The first scan did read them (the check above can fail).
    const fresh = await captureStatements(app, async () => {
      await app.database.db.updateTable('scenes').set({ star_rating: 2 }).where('id', '=', sceneId).execute();
      await scan();
    });
    expect(fresh.some((statement) => readsScenes(statement.sql))).toBe(true);
  });

  it.each([
    ['a title', `UPDATE scenes SET title = 'Harbour Nights' WHERE id = $scene`, (e: ScanEntry) => e.title],
    ['a rating', `UPDATE scenes SET star_rating = 4.5 WHERE id = $scene`, (e: ScanEntry) => e.rating],
    [
      'the favourite flag',
      `UPDATE scenes SET favourite = 1 WHERE id = $scene`,
      (e: ScanEntry) => e.isFavorite,
    ],
    [
      'an actor name',
      `UPDATE actors SET name = 'Nina Vane' WHERE id = $actor`,
      (e: ScanEntry) => tagNames(e),
    ],
    ['a tag name', `UPDATE tags SET name = 'beach' WHERE name = 'outdoor'`, (e: ScanEntry) => tagNames(e)],
    ['a video duration', `UPDATE files SET duration = 250 WHERE id = $file`, (e: ScanEntry) => e.duration],
    ['the cast', `DELETE FROM scene_cast WHERE scene_id = $scene`, (e: ScanEntry) => tagNames(e)],
  ])('is read again after %s changes', async (_what, statement, shown) => {
    const before = await scan();
    const sql = statement
      .replace('$scene', String(sceneId))
      .replace('$actor', String(actorId))
      .replace('$file', String(fileId));
    app.database.sqlite.prepare(sql).run();
    const after = await scan();
    expect(after.entry).toBeDefined();
    expect(shown(after.entry as ScanEntry)).not.toEqual(shown(before.entry as ScanEntry));
  });

  it('is read again when a tag is added through the API, and when the scenes listed change', async () => {
    const before = await scan();
    await libraryFactory(app.database.db).tagScene(sceneId, 'sunset');
    expect(tagNames((await scan()).entry)).toContain('Category:sunset');
    await libraryFactory(app.database.db).scene({ title: 'Third', is_available: 1, is_accessible: 1 });
    expect((await scan()).count).toBe(before.count + 1);
  });

  it('is kept per origin: links follow the Host a player used', async () => {
    const other = await app.http.inject({
      method: 'POST',
      url: '/heresphere/scan',
      payload: {},
      headers: { host: '192.168.1.23:9999' },
    });
    const links = other.json<{ scanData: ScanEntry[] }>().scanData.map((entry) => entry.link);
    expect(links.every((link) => link.startsWith('http://192.168.1.23:9999/heresphere/'))).toBe(true);
  });
});
