import { MAX_LIST_LIMIT, type SceneListRequest } from '@fovea/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../../src/app';
import { PlayerLibraryService } from '../../../src/players/player-library.service';
import { PlayerLibraryRepository } from '../../../src/repositories/player-library.repository';
import type { SceneListService } from '../../../src/services/scene-list.service';
import { libraryFactory } from '../../factories/library.factory';
import { captureStatements } from '../../helpers/capture-statements';
import { createTestApp } from '../../helpers/test-app';
import { ALL_SCENES, FAVOURITES, seedDeoLibrary, setDeoSections, type DeoLibrarySeed } from './deovr-fixture';

let app: FoveaApp;
let seed: DeoLibrarySeed;
let library: PlayerLibraryService;

beforeAll(async () => {
  app = await createTestApp();
  seed = await seedDeoLibrary(app);
  library = new PlayerLibraryService(
    new PlayerLibraryRepository(app.database.db),
    app.sceneList,
    app.logger.logger,
  );
});
afterAll(() => app.close());

describe('PlayerLibraryService', () => {
  it('summarises scenes with their flags; unknown ids are absent', async () => {
    const summaries = await library.summaries([seed.one, seed.flat, seed.one, 999_999]);
    expect([...summaries.keys()].sort()).toEqual([seed.one, seed.flat].sort());
    expect(summaries.get(seed.one)).toMatchObject({
      id: seed.one,
      scene_id: seed.oneSceneId,
      title: 'Scene: One',
      site: 'SiteX',
      duration: 12,
      cover_url: 'https://cdn.example/one.jpg',
      release_date: '2024-05-01',
      star_rating: 4.5,
      favourite: true,
      watchlist: true,
      is_available: true,
      is_scripted: true,
      has_preview: true,
    });
    expect(summaries.get(seed.flat)).toMatchObject({ favourite: false, has_preview: false });
    expect(summaries.get(seed.one)).not.toHaveProperty('cast');
    expect((await library.summaries([])).size).toBe(0);
  });

  it('answers actor and tag names by scene', async () => {
    const names = await library.names([seed.one, seed.flat]);
    expect(names.get(seed.one)).toEqual({ cast: ['Jane Doe'], tags: ['pov'] });
    expect(names.get(seed.flat)).toEqual({ cast: [], tags: [] });
    expect((await library.names([])).size).toBe(0);
  });

  it('lists unmatched video files on available volumes only', async () => {
    const files = await library.unmatchedVideoFiles();
    expect(files.map((file) => file.filename)).toEqual(['loose.mp4']);
    expect(files[0]).toMatchObject({ id: seed.unmatched, scene_id: 0, projection: '360_tb' });
    expect((await library.videoFile(seed.videoOne))?.scene_id).toBe(seed.one);
    expect(await library.videoFile(seed.hspOne)).toBeUndefined();
  });

  it('lists trailer-list scenes without files, newest first, except those tagged download', async () => {
    const f = libraryFactory(app.database.db);
    const older = await f.scene({
      trailerlist: 1,
      trailer_source: 'https://t/1',
      release_date: '2020-01-01',
    });
    const newer = await f.scene({
      trailerlist: 1,
      trailer_source: 'https://t/2',
      release_date: '2022-01-01',
    });
    const tagged = await f.scene({ trailerlist: 1, trailer_source: 'https://t/3' });
    await f.tagScene(tagged, 'download');
    await f.scene({ trailerlist: 1, trailer_source: '' });
    await f.scene({ trailerlist: 0, trailer_source: 'https://t/4' });
    expect(await library.trailerSceneIds()).toEqual([newer, older]);
  });

  it('reads sections in a number of statements that does not grow with the scenes', async () => {
    await setDeoSections(app, [
      { name: 'All', ordering: 1, params: ALL_SCENES },
      { name: 'Favs', ordering: 2, params: FAVOURITES },
    ]);
    const read = async () => {
      const sections = await library.sections();
      await library.summaries(sections.flatMap((section) => section.sceneIds));
      return sections;
    };
    let before: { name: string; sceneIds: number[] }[] = [];
    const few = await captureStatements(app, async () => {
      before = await read();
    });
    expect(before.map((section) => [section.name, section.sceneIds.length])).toEqual([
      ['All', 2],
      ['Favs', 1],
    ]);
    const f = libraryFactory(app.database.db);
    const volume = await f.volume();
    const ids: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      const id = await f.scene({ favourite: 1, release_date: '2025-01-01' });
      await f.file({ volume_id: volume, scene_id: id });
      const actor = await f.actor(`Actor ${i}`);
      await f.cast(id, actor);
      ids.push(id);
    }
    await app.sceneStatus.refreshScenes(ids);
    let after: { name: string; sceneIds: number[] }[] = [];
    const many = await captureStatements(app, async () => {
      after = await read();
    });
    expect(after.map((section) => section.sceneIds.length)).toEqual([32, 31]);
    expect(few.length).toBeGreaterThan(3);
    expect(many.length).toBeLessThanOrEqual(few.length + 2);
    expect(many.length).toBeLessThan(20);
  });

  it('pages through searches larger than one list page', async () => {
    const total = MAX_LIST_LIMIT * 2 + 5;
    const calls: { offset: number; limit: number }[] = [];
    const fake = {
      query: async (request: SceneListRequest) => {
        calls.push({ offset: request.offset, limit: request.limit });
        expect(request).toMatchObject({ dlState: 'available', isAvailable: true, isAccessible: true });
        const end = Math.min(total, request.offset + request.limit);
        const ids = Array.from(
          { length: Math.max(0, end - request.offset) },
          (_, i) => request.offset + i + 1,
        );
        return { ids, results: total, counts: {} };
      },
    } as unknown as SceneListService;
    const paged = new PlayerLibraryService(
      new PlayerLibraryRepository(app.database.db),
      fake,
      app.logger.logger,
    );
    await setDeoSections(app, [{ name: 'Big', ordering: 1, params: JSON.stringify({ dlState: 'missing' }) }]);
    const [big] = await paged.sections();
    expect(big?.sceneIds).toHaveLength(total);
    expect(big?.sceneIds.at(-1)).toBe(total);
    expect(calls).toEqual([
      { offset: 0, limit: MAX_LIST_LIMIT },
      { offset: MAX_LIST_LIMIT, limit: MAX_LIST_LIMIT + 5 },
    ]);
  });

  it('lists every scene of a real search larger than one list page, in its order', async () => {
    const db = app.database.db;
    const volume = await libraryFactory(db).volume();
    const extra = MAX_LIST_LIMIT + 150;
    await sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${extra})
      INSERT INTO scenes (scene_id, title, release_date) SELECT 'bulk-' || i, 'Bulk ' || i,
        date('2010-01-01', '+' || i || ' days') FROM n`.execute(db);
    await sql`INSERT INTO files (volume_id, path, filename, type, scene_id)
      SELECT ${volume}, '/bulk', scene_id || '.mp4', 'video', id FROM scenes WHERE scene_id LIKE 'bulk-%'`.execute(
      db,
    );
    await app.sceneStatus.refreshAll();
    const expected = (
      await db
        .selectFrom('scenes')
        .select('id')
        .where('is_available', '=', 1)
        .where('is_accessible', '=', 1)
        .where('is_hidden', '=', 0)
        .orderBy('release_date', 'desc')
        .orderBy('id', 'desc')
        .execute()
    ).map((row) => row.id);
    expect(expected.length).toBeGreaterThan(MAX_LIST_LIMIT + 150);
    await setDeoSections(app, [{ name: 'All', ordering: 1, params: ALL_SCENES }]);
    const [all] = await library.sections();
    expect(all?.sceneIds).toHaveLength(expected.length);
    expect(new Set(all?.sceneIds).size).toBe(expected.length);
    expect(all?.sceneIds.slice(0, 5)).toEqual(expected.slice(0, 5));
  });
});
