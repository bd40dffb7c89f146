import { createApp } from '../../server/src/app';
import {
  BulkInsertRepository,
  type BulkWriter,
  type CatalogueRow,
  type CatalogueTable,
} from '../../server/src/repositories/bulk-insert.repository';
import { CatalogueCountsRepository } from '../../server/src/repositories/catalogue-counts.repository';
import { benchConfig } from './bench-config';
import { makeSites, makeTags, siteRows, tagGroupRows } from './library/catalogue';
import { VOLUMES, makeCuepoints, makeFiles, makeHistory, pickOwnedScenes } from './library/media';
import { akaRows, makeActors } from './library/people';
import { Prng, ZipfSampler } from './library/prng';
import { benchPlaylist, makeReferences } from './library/references';
import { makeSceneBlock, makeSceneFacts } from './library/scenes';

export interface LibrarySize {
  scenes: number;
  files: number;
  /** Defaults scale with the scenes: 10k actors, 3k tags, 120 sites, 60k cuepoints and 30k history rows at 100k. */
  actors?: number;
  tags?: number;
  sites?: number;
  cuepoints?: number;
  histories?: number;
  seed?: number;
}

export interface SeedReport {
  rows: Record<string, number>;
  /** Milliseconds per step. */
  timings: {
    generateAndInsert: number;
    statusRefresh: number;
    counts: number;
    analyze: number;
    total: number;
  };
  statusRefresh: { checked: number; changed: number };
}

const SCENE_BLOCK = 5000;

/**
 * Seeds a deterministic synthetic library into the data folder through the repositories (the app's own
 * migrations, then batch inserts), then runs the scene status refresh, the tag and actor counts and ANALYZE,
 * as the app does after a restore. `log` receives progress lines.
 */
export async function seedSyntheticLibrary(
  dataDir: string,
  size: LibrarySize,
  log: (line: string) => void = () => undefined,
): Promise<SeedReport> {
  const started = performance.now();
  const scenes = Math.max(1, Math.floor(size.scenes));
  const dims = {
    files: Math.max(0, Math.floor(size.files)),
    actors: size.actors ?? Math.max(50, Math.round(scenes / 10)),
    tags: size.tags ?? Math.max(100, Math.round(scenes * 0.03)),
    sites: size.sites ?? Math.max(10, Math.min(120, Math.round(scenes / 100))),
    cuepoints: size.cuepoints ?? Math.round(scenes * 0.6),
    histories: size.histories ?? Math.round(scenes * 0.3),
  };
  const prng = new Prng(size.seed ?? 20260101);
  const app = await createApp(benchConfig(dataDir));
  const rows: Record<string, number> = {};
  try {
    const db = app.database.db;
    const bulk = new BulkInsertRepository(db);
    const write = async <T extends CatalogueTable>(
      writer: BulkWriter,
      table: T,
      values: readonly CatalogueRow<T>[],
    ) => {
      const t0 = performance.now();
      rows[table] = (rows[table] ?? 0) + (await writer.insert(table, values));
      if (process.env.BENCH_TRACE) log(`${table} ${values.length} ${(performance.now() - t0).toFixed(0)} ms`);
    };

    const sites = makeSites(prng, dims.sites);
    const { rows: siteTable, alternates } = siteRows(prng, sites);
    const tags = makeTags(prng, dims.tags);
    const actors = makeActors(prng, dims.actors, Math.max(1, Math.round(dims.actors / 500)));
    // Built-in scraper sites are already in the table (the app filled it from the definitions); the synthetic
    // sites with the same ids (VRBangers, VRHush, ...) take their place, as a library scraped from them would.
    await db
      .deleteFrom('sites')
      .where(
        'id',
        'in',
        siteTable.map((row) => row.id),
      )
      .execute();
    await bulk.transaction(async (writer) => {
      await write(writer, 'volumes', VOLUMES);
      await write(writer, 'sites', siteTable);
      await write(writer, 'tags', tags.rows);
      await write(writer, 'actors', actors.rows);
      const groups = tagGroupRows(tags.groups);
      await write(writer, 'tag_groups', groups.groups);
      await write(writer, 'tag_group_tags', groups.members);
      const akas = akaRows(actors.akas);
      await write(writer, 'akas', akas.akas);
      await write(writer, 'actor_akas', akas.members);
    });
    log(`catalogue: ${sites.length} sites, ${tags.rows.length} tags, ${actors.rows.length} actors`);

    const facts = makeSceneFacts(prng, scenes, sites);
    const owned = pickOwnedScenes(prng, scenes, dims.files);
    const history = makeHistory(prng, facts, owned, dims.histories);
    const links = {
      tagSampler: new ZipfSampler(tags.byRank.length, 20, 1.8, prng),
      tagByRank: tags.byRank,
      actorSampler: new ZipfSampler(actors.byRank.length, 50, 1.2, prng),
      actorByRank: actors.byRank,
    };
    const files = makeFiles(prng, facts, owned, dims.files);
    const filesOf = (from: number, to: number) =>
      files.filter((file) => file.scene_id != null && file.scene_id > from && file.scene_id <= to);
    for (let from = 0; from < facts.length; from += SCENE_BLOCK) {
      const to = Math.min(from + SCENE_BLOCK, facts.length);
      const block = makeSceneBlock(prng, facts.slice(from, to), links, history);
      await bulk.transaction(async (writer) => {
        // Cast and files first, so the triggers build each scene's search document once, on its insert.
        await writer.deferForeignKeys();
        await write(writer, 'scene_cast', block.cast);
        await write(writer, 'files', filesOf(from, to));
        await write(writer, 'scenes', block.scenes);
        await write(writer, 'scene_tags', block.tags);
      });
      log(`scenes: ${to} / ${facts.length}`);
    }

    const cuepoints = makeCuepoints(prng, facts, owned, dims.cuepoints);
    const references = makeReferences(prng, facts, alternates);
    await bulk.transaction(async (writer) => {
      await write(
        writer,
        'files',
        files.filter((file) => file.scene_id == null),
      );
      await write(writer, 'scene_cuepoints', cuepoints);
      await write(writer, 'histories', history.rows);
      await write(writer, 'external_references', references.references);
      await write(writer, 'external_reference_links', references.links);
      await write(writer, 'playlists', [benchPlaylist(combinedSearch(tags.rows, sites))]);
    });
    const generateAndInsert = performance.now() - started;
    log(`files, cuepoints, history and references written (${generateAndInsert.toFixed(0)} ms in all)`);

    const refreshStarted = performance.now();
    const statusRefresh = await app.sceneStatus.refreshAll();
    const statusRefreshMs = performance.now() - refreshStarted;
    log(`scene status refresh: ${statusRefresh.changed} scenes updated in ${statusRefreshMs.toFixed(0)} ms`);

    const countsStarted = performance.now();
    const counts = new CatalogueCountsRepository(db);
    await counts.refreshTagCounts('all');
    await counts.refreshActorCounts('all');
    const countsMs = performance.now() - countsStarted;

    const analyzeStarted = performance.now();
    await bulk.analyze();
    const analyzeMs = performance.now() - analyzeStarted;
    return {
      rows,
      statusRefresh,
      timings: {
        generateAndInsert,
        statusRefresh: statusRefreshMs,
        counts: countsMs,
        analyze: analyzeMs,
        total: performance.now() - started,
      },
    };
  } finally {
    await app.close();
  }
}

/** The filter of the seeded saved search: popular tags with a must-have and an exclusion, a cast, a site. */
function combinedSearch(tags: { name: string }[], sites: { name: string }[]): object {
  const name = (list: { name: string }[], index: number) =>
    list[Math.min(index, list.length - 1)]?.name ?? '';
  return {
    dlState: 'any',
    cardSize: '1',
    lists: [],
    isAvailable: null,
    isAccessible: null,
    isHidden: false,
    isWatched: null,
    releaseMonth: '',
    cast: [],
    sites: [`!${name(sites, 0)}`],
    tags: [name(tags, 1), name(tags, 2), `&${name(tags, 0)}`, `!${name(tags, 5)}`],
    cuepoint: [],
    attributes: ['Has Rating', '!Is Scripted'],
    volume: 0,
    sort: 'rating_desc',
  };
}
