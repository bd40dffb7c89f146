import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { removeTempDir } from '../helpers/temp-dir';
import { createTestApp } from '../helpers/test-app';
import { countsOf, listScenes, NamedScenes, sorted } from './scene-list-client';
import { buildSortLibrary, defaultView, SORTED_SCENES as S } from './sort-library';

/*
 * The random order of POST /api/scene/list: no repeats within or across the pages of one filter, and a new
 * order for each first page. Library: sort-library.ts.
 */

let app: FoveaApp;
let scenes = new NamedScenes();

beforeAll(async () => {
  app = await createTestApp();
  ({ scenes } = await buildSortLibrary(app));
});

afterAll(async () => {
  await app.close();
  removeTempDir(app.config.dataDir);
  removeTempDir(app.config.webDir);
});

describe('random order', () => {
  const random = (page: { offset?: number; limit?: number } = {}) =>
    listScenes(app, { ...defaultView('random'), ...page });

  it('answers every scene of the filter once on one page, and counts as usual', async () => {
    const answer = await random({ limit: 80 });
    expect(sorted(scenes.nameList(answer.scenes.map((s) => s.id)))).toEqual(S);
    expect(answer.results).toBe(6);
    expect(countsOf(answer)).toEqual({ any: 6, available: 6, downloaded: 6, not_downloaded: 0, hidden: 1 });
  });

  it('pages of one filter never repeat a scene and together cover every scene once', async () => {
    for (let run = 0; run < 20; run++) {
      const first = (await random({ offset: 0, limit: 4 })).scenes.map((s) => s.id);
      const second = (await random({ offset: 4, limit: 4 })).scenes.map((s) => s.id);
      expect(new Set(first).size).toBe(first.length);
      expect(first).toHaveLength(4);
      expect(second).toHaveLength(2);
      expect(sorted(scenes.nameList([...first, ...second]))).toEqual(S);
    }
  });

  it('covers every scene once with pages of one', async () => {
    for (let run = 0; run < 5; run++) {
      const seen: number[] = [];
      for (let offset = 0; offset < 6; offset++) {
        seen.push(...(await random({ offset, limit: 1 })).scenes.map((s) => s.id));
      }
      expect(sorted(scenes.nameList(seen))).toEqual(S);
    }
    expect((await random({ offset: 6, limit: 1 })).scenes).toEqual([]);
  });

  it('draws a new order for a new first page', async () => {
    const first = (await random({ limit: 80 })).scenes.map((s) => s.id).join();
    let differs = false;
    for (let attempt = 0; attempt < 50 && !differs; attempt++) {
      differs = (await random({ limit: 80 })).scenes.map((s) => s.id).join() !== first;
    }
    expect(differs).toBe(true);
  });

  it('keeps to the filter', async () => {
    const rated = await listScenes(app, { ...defaultView('random'), attributes: ['Has Rating'] });
    expect(sorted(scenes.nameList(rated.scenes.map((s) => s.id)))).toEqual(['s1', 's3', 's4', 's6']);
    const none = await listScenes(app, { ...defaultView('random'), tags: ['no such tag'] });
    expect(none.scenes).toEqual([]);
    expect(none.results).toBe(0);
  });
});
