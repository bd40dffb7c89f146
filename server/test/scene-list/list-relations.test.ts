import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { groupsFactory } from '../factories/groups.factory';
import { libraryFactory } from '../factories/library.factory';
import { removeTempDir } from '../helpers/temp-dir';
import { createTestApp } from '../helpers/test-app';
import { countsOf, listIds, listScenes, NamedScenes } from './scene-list-client';

/*
 * The tags, cast and sites filters: plain entries are any-of, "&" entries must each match, "!" entries
 * exclude; a "tag group:x" or "aka:x" entry stands for the members of the group.
 */

let app: FoveaApp;
const scenes = new NamedScenes();
let hairGroup: string;
let emptyGroup: string;
let annBea: string;

beforeAll(async () => {
  app = await createTestApp();
  const make = libraryFactory(app.database.db);
  const groups = groupsFactory(app.database.db);
  const ann = await make.actor('Ann');
  const bea = await make.actor('Bea');
  const cat = await make.actor('Cat');
  await make.actor('Dee'); // never cast

  const scene = async (
    name: string,
    site: string,
    tags: string[],
    cast: number[],
    values: { is_hidden?: number } = {},
  ) => {
    const id = scenes.add(name, await make.scene({ title: name, site, ...values }));
    await make.tagScene(id, ...tags);
    for (const actor of cast) await make.cast(id, actor);
    return id;
  };
  await scene('s1', 'Alpha', ['blonde', 'outdoor'], [ann]);
  await scene('s2', 'Beta', ['brunette', 'outdoor'], [bea]);
  await scene('s3', 'Alpha', ['blonde', 'pov'], [ann, cat]);
  await scene('s4', 'Gamma', [], []);
  await scene('s5', '', ['brunette'], [cat]);
  await scene('hidden', 'Alpha', ['blonde'], [ann], { is_hidden: 1 });

  hairGroup = (await groups.tagGroup('hair', [await make.tag('blonde'), await make.tag('brunette')])).entry;
  emptyGroup = (await groups.tagGroup('nothing yet', [])).entry;
  annBea = (await groups.aka('Ann,Bea', [ann, bea])).entry;
  await make.tag('unused');

  await app.sceneStatus.refreshScenes(scenes.all().map((name) => scenes.id(name)));
});

afterAll(async () => {
  await app.close();
  removeTempDir(app.config.dataDir);
  removeTempDir(app.config.webDir);
});

const EVERYTHING = ['s1', 's2', 's3', 's4', 's5'];

describe('tags', () => {
  it.each([
    [['blonde'], ['s1', 's3']],
    [
      ['blonde', 'brunette'],
      ['s1', 's2', 's3', 's5'],
    ],
    [['&blonde', '&outdoor'], ['s1']],
    [['&blonde', '&brunette'], []],
    [['blonde', '&outdoor'], ['s1']],
    [
      ['outdoor', 'pov', '&blonde'],
      ['s1', 's3'],
    ],
    [['!outdoor'], ['s3', 's4', 's5']],
    [
      ['!outdoor', '!pov'],
      ['s4', 's5'],
    ],
    [['blonde', '!pov'], ['s1']],
    [['&outdoor', '!brunette'], ['s1']],
    [['unused'], []],
    [['nope'], []],
    [
      ['blonde', 'nope'],
      ['s1', 's3'],
    ],
    [['&nope'], []],
    [['!nope'], EVERYTHING],
    [[], EVERYTHING],
  ])('%j selects %j', async (tags, expected) => {
    expect(scenes.nameSet(await listIds(app, { tags }))).toEqual(expected);
  });

  it('expands a "tag group:x" entry to its member tags in every mode', async () => {
    expect(scenes.nameSet(await listIds(app, { tags: [hairGroup] }))).toEqual(['s1', 's2', 's3', 's5']);
    expect(scenes.nameSet(await listIds(app, { tags: [`&${hairGroup}`, '&outdoor'] }))).toEqual(['s1', 's2']);
    expect(scenes.nameSet(await listIds(app, { tags: [hairGroup, '&pov'] }))).toEqual(['s3']);
    expect(scenes.nameSet(await listIds(app, { tags: [`!${hairGroup}`] }))).toEqual(['s4']);
    expect(scenes.nameSet(await listIds(app, { tags: ['pov', `!${hairGroup}`] }))).toEqual([]);
  });

  it('finds nothing for a group without members', async () => {
    expect(await listIds(app, { tags: [emptyGroup] })).toEqual([]);
    expect(scenes.nameSet(await listIds(app, { tags: [`!${emptyGroup}`] }))).toEqual(EVERYTHING);
  });

  it('counts only the matching scenes, hidden ones in count_hidden', async () => {
    const answer = await listScenes(app, { tags: ['blonde'] });
    expect(countsOf(answer)).toEqual({ any: 2, available: 0, downloaded: 0, not_downloaded: 2, hidden: 1 });
    const hidden = await listScenes(app, { tags: ['blonde'], dlState: 'hidden' });
    expect(scenes.nameSet(hidden.scenes.map((s) => s.id))).toEqual(['hidden']);
  });
});

describe('cast', () => {
  it.each([
    [['Ann'], ['s1', 's3']],
    [
      ['Ann', 'Bea'],
      ['s1', 's2', 's3'],
    ],
    [['&Ann', '&Cat'], ['s3']],
    [['&Ann', '&Bea'], []],
    [['Bea', 'Cat', '&Ann'], ['s3']],
    [['!Ann'], ['s2', 's4', 's5']],
    [
      ['!Ann', '!Cat'],
      ['s2', 's4'],
    ],
    [['Cat', '!Ann'], ['s5']],
    [['Dee'], []],
    [['!Dee'], EVERYTHING],
    [['Nobody'], []],
  ])('%j selects %j', async (cast, expected) => {
    expect(scenes.nameSet(await listIds(app, { cast }))).toEqual(expected);
  });

  it('expands an "aka:x" entry to the members of the aka group in every mode', async () => {
    expect(scenes.nameSet(await listIds(app, { cast: [annBea] }))).toEqual(['s1', 's2', 's3']);
    expect(scenes.nameSet(await listIds(app, { cast: [`&${annBea}`, '&Cat'] }))).toEqual(['s3']);
    expect(scenes.nameSet(await listIds(app, { cast: ['Cat', `&${annBea}`] }))).toEqual(['s3']);
    expect(scenes.nameSet(await listIds(app, { cast: [`!${annBea}`] }))).toEqual(['s4', 's5']);
  });
});

describe('sites', () => {
  it.each([
    [['Alpha'], ['s1', 's3']],
    [
      ['Alpha', 'Beta'],
      ['s1', 's2', 's3'],
    ],
    [['!Alpha'], ['s2', 's4', 's5']],
    [
      ['!Alpha', '!Beta'],
      ['s4', 's5'],
    ],
    [['Gamma', '!Alpha'], ['s4']],
    [['Nowhere'], []],
  ])('%j selects %j', async (sites, expected) => {
    expect(scenes.nameSet(await listIds(app, { sites }))).toEqual(expected);
  });
});

describe('relations together', () => {
  it('ANDs tags, cast and sites', async () => {
    expect(scenes.nameSet(await listIds(app, { tags: ['outdoor'], cast: ['Bea'] }))).toEqual(['s2']);
    expect(scenes.nameSet(await listIds(app, { tags: ['blonde'], sites: ['!Alpha'] }))).toEqual([]);
    expect(
      scenes.nameSet(await listIds(app, { tags: [hairGroup], cast: ['!Cat'], sites: ['Alpha', 'Beta'] })),
    ).toEqual(['s1', 's2']);
  });
});
