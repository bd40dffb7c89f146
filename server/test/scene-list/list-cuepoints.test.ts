import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { libraryFactory } from '../factories/library.factory';
import { removeTempDir } from '../helpers/temp-dir';
import { createTestApp } from '../helpers/test-app';
import { countsOf, listIds, listScenes, NamedScenes } from './scene-list-client';

/*
 * The cuepoint filter: a value matches cuepoint names as a substring, `*` is a wildcard, a "quoted" value must
 * match the whole name; `&` entries must each match, `!` entries exclude; `*` alone means "has a cuepoint".
 * LIKE's own wildcards (% and _) and the escape character in a value are plain characters.
 */

let app: FoveaApp;
const scenes = new NamedScenes();

beforeAll(async () => {
  app = await createTestApp();
  const make = libraryFactory(app.database.db);
  const scene = async (name: string, cuepoints: { name: string; track?: number }[], hidden = 0) => {
    const id = scenes.add(name, await make.scene({ title: name, is_hidden: hidden }));
    let time = 10;
    for (const cuepoint of cuepoints) {
      await make.cuepoint(id, cuepoint.track ?? null, {
        name: cuepoint.name,
        time_start: time,
        ...(cuepoint.track === undefined ? {} : { time_end: time + 5 }),
      });
      time += 10;
    }
    return id;
  };
  await scene('c1', [{ name: 'standing-blowjob' }, { name: 'sitting-cowgirl' }]);
  await scene('c2', [{ name: 'standing' }]);
  await scene('c3', [{ name: 'kneeling-handjob', track: 1 }]);
  await scene('c4', [{ name: '100% done' }, { name: 'a_b' }]);
  await scene('c5', []);
  await scene('c6', [{ name: '1000 done' }, { name: 'axb' }, { name: 'back\\slash' }]);
  await scene('c7', [{ name: 'Standing-Doggy' }]);
  await scene('hidden', [{ name: 'standing' }], 1);
  await app.sceneStatus.refreshScenes(scenes.all().map((name) => scenes.id(name)));
});

afterAll(async () => {
  await app.close();
  removeTempDir(app.config.dataDir);
  removeTempDir(app.config.webDir);
});

const WITH_CUEPOINTS = ['c1', 'c2', 'c3', 'c4', 'c6', 'c7'];

describe('cuepoint values', () => {
  it.each([
    // Plain: a substring of a name, any letter case (as SQL LIKE).
    [['standing'], ['c1', 'c2', 'c7']],
    [['blowjob'], ['c1']],
    [['done'], ['c4', 'c6']],
    [['nothing-like-it'], []],
    // * is a wildcard.
    [['stand*job'], ['c1']],
    [['n*g'], ['c1', 'c2', 'c3', 'c7']],
    // "quoted": the whole name.
    [['"standing"'], ['c2']],
    [['"stand"'], []],
    [['"stand*"'], ['c1', 'c2', 'c7']],
    // any letter case, in quoted values too (they read a range of the case-free name index)
    [['"STANDING"'], ['c2']],
    [['"Stand*-doggy"'], ['c7']],
    [['"back\\slash"'], ['c6']],
    [['"*-handjob"'], ['c3']],
    // Plain values are any-of.
    [
      ['cowgirl', 'handjob'],
      ['c1', 'c3'],
    ],
    [
      ['"standing"', 'axb'],
      ['c2', 'c6'],
    ],
    // & values must each match (on any of the scene's cuepoints).
    [['&standing', '&cowgirl'], ['c1']],
    [['&standing', '&handjob'], []],
    [
      ['cowgirl', 'doggy', '&standing'],
      ['c1', 'c7'],
    ],
    // ! values exclude.
    [['!standing'], ['c3', 'c4', 'c5', 'c6']],
    [
      ['!standing', '!done'],
      ['c3', 'c5'],
    ],
    [
      ['&standing', '!cowgirl'],
      ['c2', 'c7'],
    ],
    // * alone: has (or, with !, has no) cuepoints.
    [['*'], WITH_CUEPOINTS],
    [['&*'], WITH_CUEPOINTS],
    [['!*'], ['c5']],
    [
      ['&*', '!standing'],
      ['c3', 'c4', 'c6'],
    ],
    [['handjob', '*'], WITH_CUEPOINTS],
  ])('%j selects %j', async (cuepoint, expected) => {
    expect(scenes.nameSet(await listIds(app, { cuepoint }))).toEqual(expected);
  });
});

describe('LIKE special characters in a value', () => {
  it('treats % literally: "100%" does not match "1000 done"', async () => {
    expect(scenes.nameSet(await listIds(app, { cuepoint: ['100%'] }))).toEqual(['c4']);
    expect(scenes.nameSet(await listIds(app, { cuepoint: ['"100% done"'] }))).toEqual(['c4']);
    expect(scenes.nameSet(await listIds(app, { cuepoint: ['"100%"'] }))).toEqual([]);
    expect(scenes.nameSet(await listIds(app, { cuepoint: ['!100%'] }))).toEqual([
      'c1',
      'c2',
      'c3',
      'c5',
      'c6',
      'c7',
    ]);
  });

  it('treats _ literally: "a_b" does not match "axb"', async () => {
    expect(scenes.nameSet(await listIds(app, { cuepoint: ['a_b'] }))).toEqual(['c4']);
    expect(scenes.nameSet(await listIds(app, { cuepoint: ['"a_b"'] }))).toEqual(['c4']);
    expect(scenes.nameSet(await listIds(app, { cuepoint: ['"a_b"', '"axb"'] }))).toEqual(['c4', 'c6']);
    expect(scenes.nameSet(await listIds(app, { cuepoint: ['&a_b'] }))).toEqual(['c4']);
  });

  it('treats a backslash literally', async () => {
    expect(scenes.nameSet(await listIds(app, { cuepoint: ['k\\s'] }))).toEqual(['c6']);
    expect(scenes.nameSet(await listIds(app, { cuepoint: ['"back\\slash"'] }))).toEqual(['c6']);
    expect(await listIds(app, { cuepoint: ['k\\'] })).toEqual([scenes.id('c6')]);
    expect(await listIds(app, { cuepoint: ['\\%'] })).toEqual([]);
  });
});

describe('counts', () => {
  it('count the scenes the cuepoint filter selects, hidden ones apart', async () => {
    const answer = await listScenes(app, { cuepoint: ['standing'] });
    expect(countsOf(answer)).toEqual({ any: 3, available: 0, downloaded: 0, not_downloaded: 3, hidden: 1 });
    const none = await listScenes(app, { cuepoint: ['!*'] });
    expect(countsOf(none)).toEqual({ any: 1, available: 0, downloaded: 0, not_downloaded: 1, hidden: 0 });
  });
});
