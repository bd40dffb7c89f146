import { DL_STATE_FLAGS, type SceneSortKey } from '@fovea/contract';
import { sql } from 'kysely';
import type { FoveaApp } from '../../src/app';
import { extrefFactory } from '../factories/extref.factory';
import { libraryFactory } from '../factories/library.factory';
import { listIds, NamedScenes } from './scene-list-client';

/*
 * The library of the sort tests: six scenes (s1..s6) with distinct values in every sort column, all with a
 * video on a mounted volume, and one hidden scene that would come first in every order. Files and watch
 * history give the status columns (sceneStatus.refreshScenes); alternate-site links give the
 * alternate-source columns (through the triggers of migration 0003).
 */

export const SORTED_SCENES = ['s1', 's2', 's3', 's4', 's5', 's6'];

export interface SortFixture {
  release: string;
  added: string;
  title: string;
  size: number;
  rating: number;
  watch: number[];
  lastOpened: string | null;
  createdAt: string;
  updatedAt: string;
  sceneId: string;
  site: string;
  scriptPublished: string | null;
}

export const FIXTURES: Record<string, SortFixture> = {
  s1: {
    release: '2023-01-05',
    added: '2024-03-03T00:00:00.000Z',
    title: 'echo',
    size: 500,
    rating: 3.5,
    watch: [100, 20],
    lastOpened: '2024-06-01T10:00:00.000Z',
    createdAt: '2020-01-04T00:00:00.000Z',
    updatedAt: '2024-07-02T00:00:00.000Z',
    sceneId: 'sort-c',
    site: 'Alpha',
    scriptPublished: '2024-01-10T00:00:00.000Z',
  },
  s2: {
    release: '2023-06-01',
    added: '2024-01-01T00:00:00.000Z',
    title: 'Alpha',
    size: 3000,
    rating: 0,
    watch: [10],
    lastOpened: null,
    createdAt: '2020-01-02T00:00:00.000Z',
    updatedAt: '2024-07-06T00:00:00.000Z',
    sceneId: 'sort-f',
    site: 'Mu',
    scriptPublished: '2024-03-01T00:00:00.000Z',
  },
  s3: {
    release: '2022-12-31',
    added: '2024-05-05T00:00:00.000Z',
    title: 'delta',
    size: 100,
    rating: 5,
    watch: [30],
    lastOpened: '2024-06-03T00:00:00.000Z',
    createdAt: '2020-01-06T00:00:00.000Z',
    updatedAt: '2024-07-01T00:00:00.000Z',
    sceneId: 'sort-a',
    site: 'Kappa',
    scriptPublished: null,
  },
  s4: {
    release: '2024-02-29',
    added: '2023-12-12T00:00:00.000Z',
    title: 'Charlie',
    size: 2500,
    rating: 0.5,
    watch: [600],
    lastOpened: null,
    createdAt: '2020-01-01T00:00:00.000Z',
    updatedAt: '2024-07-05T00:00:00.000Z',
    sceneId: 'sort-e',
    site: 'Zeta',
    scriptPublished: '2024-02-01T00:00:00.000Z',
  },
  s5: {
    release: '2023-06-02',
    added: '2024-04-04T00:00:00.000Z',
    title: 'bravo',
    size: 50,
    rating: 0,
    watch: [45],
    lastOpened: '2024-05-30T00:00:00.000Z',
    createdAt: '2020-01-05T00:00:00.000Z',
    updatedAt: '2024-07-03T00:00:00.000Z',
    sceneId: 'sort-b',
    site: 'Eta',
    scriptPublished: null,
  },
  s6: {
    release: '2021-07-07',
    added: '2024-02-02T00:00:00.000Z',
    title: 'Foxtrot',
    size: 1000,
    rating: 2,
    watch: [],
    lastOpened: null,
    createdAt: '2020-01-03T00:00:00.000Z',
    updatedAt: '2024-07-04T00:00:00.000Z',
    sceneId: 'sort-d',
    site: 'Beta',
    scriptPublished: null,
  },
  // Hidden, and first in every order: must never show outside the hidden tab.
  hidden: {
    release: '2030-01-01',
    added: '2030-01-01T00:00:00.000Z',
    title: '0 first',
    size: 99_999,
    rating: 5,
    watch: [9999],
    lastOpened: '2030-01-01T00:00:00.000Z',
    createdAt: '2030-01-01T00:00:00.000Z',
    updatedAt: '2030-01-01T00:00:00.000Z',
    sceneId: 'sort-z',
    site: 'AAA',
    scriptPublished: '2030-01-01T00:00:00.000Z',
  },
};

export interface SortLibrary {
  scenes: NamedScenes;
  /** Link ids by name. */
  links: Map<string, number>;
  /** Alternate-scene reference ids by name. */
  references: Map<string, number>;
}

export async function buildSortLibrary(app: FoveaApp): Promise<SortLibrary> {
  const scenes = new NamedScenes();
  const links = new Map<string, number>();
  const references = new Map<string, number>();
  const db = app.database.db;
  const make = libraryFactory(db);
  const refs = extrefFactory(db);
  const volume = await make.volume();
  for (const [name, f] of Object.entries(FIXTURES)) {
    const id = scenes.add(
      name,
      await make.scene({
        title: f.title,
        release_date: f.release,
        star_rating: f.rating,
        last_opened: f.lastOpened,
        created_at: f.createdAt,
        scene_id: f.sceneId,
        site: f.site,
        script_published: f.scriptPublished,
        is_hidden: name === 'hidden' ? 1 : 0,
      }),
    );
    await make.file({ volume_id: volume, scene_id: id, size: f.size, created_time: f.added });
    for (const duration of f.watch) await make.history(id, duration);
  }
  await app.sceneStatus.refreshScenes(scenes.all().map((name) => scenes.id(name)));

  // Alternate sources: the link time (link udf_datetime1) orders alt_src_desc; the reference's
  // udf_datetime1 is the publication of the alternate scene's script.
  await refs.site('alt-site', { name: 'Alt Studio (SLR)', master_site_id: 'studio' });
  const alternate = async (
    name: string,
    scene: string,
    linkedAt: string,
    scriptAt: string | null,
    matchType = 10000,
  ) => {
    const reference = await refs.alternateScene('alt-site', name, { udf_datetime1: scriptAt });
    references.set(name, reference);
    links.set(
      name,
      await refs.link(reference, {
        internal_db_id: scenes.id(scene),
        udf_datetime1: linkedAt,
        match_type: matchType,
      }),
    );
  };
  await alternate('alt-s3', 's3', '2024-08-01T00:00:00.000Z', '2024-05-01T00:00:00.000Z');
  await alternate('alt-s4', 's4', '2024-08-03T00:00:00.000Z', '2024-04-01T00:00:00.000Z');
  await alternate('alt-s6-old', 's6', '2024-07-01T00:00:00.000Z', null);
  await alternate('alt-s6-new', 's6', '2024-08-05T00:00:00.000Z', null);
  // Deleted by the user: counts for nothing, though newer than everything.
  await alternate('alt-s1-deleted', 's1', '2024-09-01T00:00:00.000Z', '2024-12-01T00:00:00.000Z', -1);
  await alternate('alt-hidden', 'hidden', '2030-01-01T00:00:00.000Z', '2030-01-01T00:00:00.000Z');

  // Last, as the refresh above moves updated_at.
  for (const [name, f] of Object.entries(FIXTURES)) {
    await sql`UPDATE scenes SET updated_at = ${f.updatedAt} WHERE id = ${scenes.id(name)}`.execute(db);
  }
  return { scenes, links, references };
}

/** The default view (the "available" tab) in one order. */
export const defaultView = (sort: SceneSortKey) => ({
  sort,
  dlState: 'available' as const,
  ...DL_STATE_FLAGS.available,
});

/** The names of the default view in one order. */
export const orderOf = async (app: FoveaApp, scenes: NamedScenes, sort: SceneSortKey): Promise<string[]> =>
  scenes.nameList(await listIds(app, defaultView(sort)));
