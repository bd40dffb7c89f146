import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../../src/app';
import { removeTempDir } from '../../helpers/temp-dir';
import { createTestApp } from '../../helpers/test-app';
import { sceneRow, scraped, writerOf } from './writer-fixture';

/*
 * Funscript-only updates (scraper-sites §1.10): a known scene whose listing entry shows scripts gets its script
 * flags and first script date, and nothing else of it changes.
 */

let app: FoveaApp;
let store: ReturnType<typeof writerOf>;
let clock = new Date('2026-01-01T10:00:00.000Z');

beforeAll(async () => {
  app = await createTestApp();
  store = writerOf(app, () => clock);
});

afterAll(async () => {
  await app.close();
  removeTempDir(app.config.dataDir);
  removeTempDir(app.config.webDir);
});

describe('script-only updates', () => {
  it('set the flags and the first script date of the scene at the URL, and nothing else', async () => {
    await store.writer.writeBatch([scraped('1'), scraped('2')]);
    const before = await sceneRow(app, 'testvr-1');
    expect(before?.script_published).toBeNull();

    clock = new Date('2026-02-01T10:00:00.000Z');
    const changed = await store.writer.updateScriptFlags([
      { sceneUrl: 'https://testvr.com/scene/1', aiScript: true, humanScript: false },
      { sceneUrl: 'https://testvr.com/scene/unknown', aiScript: true, humanScript: true },
    ]);
    expect(changed).toBe(1);
    const after = await sceneRow(app, 'testvr-1');
    expect(after).toMatchObject({
      script_published: '2026-02-01T10:00:00.000Z',
      ai_script: 1,
      human_script: 0,
      title: before?.title,
      synopsis: before?.synopsis,
      cover_url: before?.cover_url,
      filenames_arr: before?.filenames_arr,
    });
    expect((await sceneRow(app, 'testvr-2'))?.script_published).toBeNull();
  });

  it('keep the first script date and write nothing when the flags already agree', async () => {
    clock = new Date('2026-03-01T10:00:00.000Z');
    const same = await store.writer.updateScriptFlags([
      { sceneUrl: 'https://testvr.com/scene/1', aiScript: true, humanScript: false },
    ]);
    expect(same).toBe(0);
    const changed = await store.writer.updateScriptFlags([
      { sceneUrl: 'https://testvr.com/scene/1', aiScript: true, humanScript: true },
    ]);
    expect(changed).toBe(1);
    expect(await sceneRow(app, 'testvr-1')).toMatchObject({
      script_published: '2026-02-01T10:00:00.000Z',
      human_script: 1,
    });
  });
});
