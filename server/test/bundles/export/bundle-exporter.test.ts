import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  BUNDLE_INCLUDE_KEYS,
  BundleBackupQuery,
  BundleSections,
  ZERO_TIME,
  type BundleIncludeKey,
} from '@fovea/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BundleExporter, type ExportHooks } from '../../../src/bundles/export/bundle-exporter.service';
import { openDatabase, type OpenedDatabase } from '../../../src/db/database';
import { migrateToLatest } from '../../../src/db/migrator';
import { makeTempDir, removeTempDir } from '../../helpers/temp-dir';
import { seedExportLibrary, type ExportLibrary } from './export-library';

type Json = Record<string, unknown>;

let dir: string;
let opened: OpenedDatabase;
let library: ExportLibrary;
let exportCount = 0;
const playlistCalls: number[] = [];
const OPTIONS_JSON = '{"interfaces":{"deovr":{"password":"$2a$10$hash"}}}';
const NOW = new Date('2025-06-07T08:09:10.123Z');

beforeAll(async () => {
  dir = makeTempDir('fovea-export-');
  opened = openDatabase(join(dir, 'fovea.db'));
  await migrateToLatest({ opened, backupDir: join(dir, 'backups') });
  library = await seedExportLibrary(opened.db);
});

afterAll(async () => {
  await opened.close();
  removeTempDir(dir);
});

const exporter = (pageSize?: number) =>
  new BundleExporter({
    ...(pageSize === undefined ? {} : { pageSize }),
    databaseFile: opened.file,
    playlistScenes: (id) => {
      playlistCalls.push(id);
      return Promise.resolve([library.sceneB, library.sceneA, library.sceneA]);
    },
    optionsJson: () => OPTIONS_JSON,
    clock: () => NOW,
  });

const options = (overrides: Partial<BundleBackupQuery> = {}): BundleBackupQuery => ({
  ...BundleBackupQuery.parse({}),
  ...overrides,
});

const quietHooks = (overrides: Partial<ExportHooks> = {}): ExportHooks => ({
  signal: new AbortController().signal,
  onTotal: () => undefined,
  onProgress: () => undefined,
  ...overrides,
});

async function exportBundle(
  overrides: Partial<BundleBackupQuery> = {},
  hooks = quietHooks(),
  pageSize?: number,
) {
  exportCount += 1;
  const target = join(dir, 'download', `bundle-${exportCount}.json`);
  const result = await exporter(pageSize).export(options(overrides), target, hooks);
  const text = readFileSync(target, 'utf8');
  return { target, result, text, bundle: JSON.parse(text) as Bundle };
}

const sceneIds = (records: Json[]) => records.map((record) => record.scene_id);
const byScene = (records: Json[], sceneId: string) => records.find((record) => record.scene_id === sceneId);

const ARRAY_KEYS = [
  'volumes',
  'playlists',
  'sites',
  'scenes',
  'sceneFileLinks',
  'sceneCuepoints',
  'sceneHistory',
  'actions',
  'akas',
  'tagGroups',
  'externalReferences',
  'manualSceneMatches',
  'actors',
  'actionActors',
  'config',
  'unmatchedFiles',
] as const;
type ArrayKey = (typeof ARRAY_KEYS)[number];
type Bundle = { timestamp: string; bundleVersion: string } & Record<ArrayKey, Json[]>;
const XBVR_KEY_ORDER = ['timestamp', 'bundleVersion', ...ARRAY_KEYS];

describe('BundleExporter: a whole-library backup', () => {
  let bundle: Bundle;
  let text: string;
  let result: Awaited<ReturnType<typeof exportBundle>>['result'];
  let target: string;
  const progress: number[] = [];
  let total = 0;

  beforeAll(async () => {
    ({ bundle, text, result, target } = await exportBundle(
      { inclConfig: true },
      quietHooks({ onTotal: (n) => (total = n), onProgress: (done) => progress.push(done) }),
    ));
  });

  it('writes the reference top-level keys in its order, its version and the time', () => {
    expect(Object.keys(bundle)).toEqual(XBVR_KEY_ORDER);
    expect(bundle.timestamp).toBe('2025-06-07T08:09:10.123Z');
    expect(bundle.bundleVersion).toBe('2.1');
    expect(bundle.manualSceneMatches).toEqual([]);
  });

  it('writes every record so that the contract schema reads it back unchanged in meaning', () => {
    for (const [section, schema] of Object.entries(BundleSections)) {
      for (const record of bundle[section as ArrayKey] ?? [])
        expect(() => schema.parse(record), section).not.toThrow();
    }
  });

  it('writes scenes with Go-style values, real tags only and full cast objects without aka actors', () => {
    const scene = byScene(bundle.scenes, 'sitea-1');
    expect(scene).toMatchObject({
      title: 'First "quoted" scene',
      synopsis: 'Line one\nline two, ünïcode ✓',
      scraper_id: 'sitea',
      release_date: '2024-02-03T00:00:00Z',
      release_date_text: '2024-02-03',
      star_rating: 4.5,
      favourite: true,
      watchlist: false,
      is_watched: true,
      IsSubscribed: true,
      passthrough: '{"hasAlpha":true}',
      images: '[{"url":"https://img/1.jpg","type":"cover"}]',
      last_opened: ZERO_TIME,
      script_published: ZERO_TIME,
      created_at: '2024-01-05T06:07:08.000Z',
      tags: [{ name: 'blowjob' }, { name: 'pov' }],
    });
    const cast = scene?.cast as Json[];
    expect(cast.map((actor) => actor.name)).toEqual(['Alice']);
    expect(cast[0]).toMatchObject({
      birth_date: '1990-01-02T00:00:00Z',
      height: 170,
      image_arr: '["https://img/a.jpg"]',
    });
    expect(byScene(bundle.scenes, 'ghost-1')).toMatchObject({
      release_date: ZERO_TIME,
      release_date_text: '',
    });
    expect(sceneIds(bundle.scenes)).toEqual(['sitea-1', 'siteb-1', 'mine-1', 'ghost-1']);
    for (const record of bundle.scenes) {
      expect(record).not.toHaveProperty('files');
      expect(record).not.toHaveProperty('id');
    }
  });

  it('writes the per-scene sections only for scenes that have such rows', () => {
    expect(sceneIds(bundle.sceneFileLinks)).toEqual(['sitea-1', 'siteb-1']);
    const files = byScene(bundle.sceneFileLinks, 'sitea-1')?.files as Json[];
    expect(files.map((file) => file.filename)).toEqual(['a.mp4', 'a.funscript']);
    expect(files[0]).toMatchObject({
      path: '/videos/a',
      type: 'video',
      video_avg_frame_rate: '30000/1001',
      stereo_mode: 'sbs',
      has_alpha: false,
      updated_time: ZERO_TIME,
    });
    expect(sceneIds(bundle.sceneCuepoints)).toEqual(['sitea-1', 'mine-1']);
    expect(byScene(bundle.sceneCuepoints, 'sitea-1')?.cuepoints).toEqual([
      { time_start: 1, time_end: 9, track: 1, name: 'Alice', rating: 2 },
      { time_start: 5, time_end: null, track: null, name: 'standing', rating: 0 },
    ]);
    expect(sceneIds(bundle.sceneHistory)).toEqual(['sitea-1', 'ghost-1']);
    expect(byScene(bundle.sceneHistory, 'sitea-1')?.history).toEqual([
      expect.objectContaining({ time_start: '2024-05-01T10:00:00.000Z', time_end: ZERO_TIME, duration: 120 }),
    ]);
  });

  it('writes the scene edit journal by scene_id, with the edits of scenes deleted since', () => {
    expect(sceneIds(bundle.actions)).toEqual(['gone-1', 'sitea-1', 'siteb-1']);
    expect(byScene(bundle.actions, 'sitea-1')?.actions).toEqual([
      expect.objectContaining({ action_type: 'edit', changed_column: 'title', new_value: 'Mine now' }),
      expect.objectContaining({ action_type: 'edit', changed_column: 'tags', new_value: '+pov' }),
    ]);
  });

  it('writes actors without aka pseudo-actors, the actor journal by name, akas and tag groups', () => {
    expect(bundle.actors.map((actor) => actor.name)).toEqual(['Alice', 'Ally']);
    expect(bundle.actionActors.map((entry) => entry.actor_name)).toEqual(['Alice', 'Zed']);
    expect(bundle.actionActors[0]?.action_actors).toEqual([
      {
        created_at: '2024-03-01T00:00:00.000Z',
        action_type: 'edit',
        source: 'edit_actor',
        changed_column: 'height',
        new_value: '170',
      },
      expect.objectContaining({ action_type: 'setimage', changed_column: 'image_url' }),
    ]);
    expect(bundle.akas).toEqual([
      {
        name: 'Alice,Ally',
        aka_actor: expect.objectContaining({ name: 'aka:Alice,Ally' }),
        actors: [
          expect.objectContaining({ name: 'Alice', height: 170 }),
          expect.objectContaining({ name: 'Ally' }),
        ],
      },
    ]);
    expect(bundle.tagGroups).toEqual([
      { name: 'Oral', tag_group_tag: { name: 'tag group:Oral' }, tags: [{ name: 'blowjob' }] },
    ]);
  });

  it('writes volumes, saved searches and sites by name (with their ids), and the put.io token with the settings', () => {
    expect(bundle.volumes).toEqual([
      {
        Type: 'putio',
        Path: 'Put.io (owner)',
        Metadata: library.token,
        LastScan: ZERO_TIME,
        IsEnabled: true,
        IsAvailable: false,
      },
      expect.objectContaining({ Type: 'local', Path: '/videos' }),
    ]);
    expect(bundle.playlists.map((playlist) => playlist.name)).toContain('Default');
    expect(bundle.sites).toContainEqual({
      name: 'Site A',
      id: 'sitea',
      is_enabled: true,
      subscribed: true,
      limit_scraping: false,
      master_site_id: '',
      matching_params: '{"x":1}',
      scrape_stash: false,
    });
  });

  it('writes all external references with their links', () => {
    expect(bundle.externalReferences.map((ref) => ref.external_id)).toEqual([
      'alt-manual',
      'alt-deleted',
      'uuid-1',
    ]);
    const stash = bundle.externalReferences[2];
    expect(stash).toMatchObject({
      external_source: 'stashdb scene',
      external_date: ZERO_TIME,
      udf_bool1: false,
    });
    expect(stash?.xbvr_links).toEqual([
      {
        internal_table: 'scenes',
        internal_db_id: library.sceneA,
        internal_name_id: 'sitea-1',
        external_source: 'stashdb scene',
        external_id: 'uuid-1',
        match_type: 10,
        udf_datetime1: ZERO_TIME,
      },
    ]);
    expect((bundle.externalReferences[0]?.xbvr_links as Json[]).map((link) => link.match_type)).toEqual([
      99999, 10000,
    ]);
  });

  it('writes the settings as the options JSON, the cuepoint vocabulary and collector configs by domain key only', () => {
    expect(bundle.config.map((row) => row.key)).toEqual(['config', 'example-scraper', 'cuepoints']);
    expect(bundle.config[0]?.value).toBe(OPTIONS_JSON);
    expect(bundle.config[1]?.value).toBe('{"headers":[]}');
    expect(bundle.config[2]?.value).toContain('positions');
  });

  it('writes files no scene claims in Fovea’s own section', () => {
    expect(bundle.unmatchedFiles).toEqual([
      expect.objectContaining({ path: '12345', filename: 'loose.mp4', created_time: ZERO_TIME }),
    ]);
  });

  it('counts what it wrote per section, reports progress, and leaves only the finished file', () => {
    expect(result.tally.get('scenes')).toMatchObject({ read: 4, added: 4 });
    expect(result.tally.get('actions')).toMatchObject({ read: 3, added: 3 });
    expect(result.tally.get('config')).toMatchObject({ read: 3, added: 3 });
    expect(result.tally.sections()).not.toHaveProperty('manualSceneMatches');
    expect(result.bytes).toBe(statSync(target).size);
    expect(result.bytes).toBe(Buffer.byteLength(text));
    expect(total).toBeGreaterThanOrEqual(progress.at(-1) ?? 0);
    expect(progress.length).toBeGreaterThan(5);
    expect(readdirSync(join(dir, 'download')).filter((name) => name.endsWith('.part'))).toEqual([]);
  });
});

/** The bundle keys each include switch governs. */
const SWITCHED: Record<BundleIncludeKey, ArrayKey[]> = {
  inclScenes: ['scenes'],
  inclHistory: ['sceneHistory'],
  inclLinks: ['sceneFileLinks', 'unmatchedFiles'],
  inclCuepoints: ['sceneCuepoints'],
  inclActions: ['actions'],
  inclPlaylists: ['playlists'],
  inclActorAkas: ['akas'],
  inclTagGroups: ['tagGroups'],
  inclVolumes: ['volumes'],
  inclExtRefs: ['externalReferences'],
  inclSites: ['sites'],
  inclActors: ['actors'],
  inclActorActions: ['actionActors'],
  inclConfig: ['config'],
};

describe('BundleExporter: options', () => {
  it.each(BUNDLE_INCLUDE_KEYS)(
    '%s off writes its sections as [] and leaves the others whole',
    async (key) => {
      const { bundle } = await exportBundle({ inclConfig: true, [key]: false });
      expect(Object.keys(bundle)).toEqual(XBVR_KEY_ORDER);
      for (const section of Object.values(SWITCHED).flat()) {
        if (SWITCHED[key].includes(section)) expect(bundle[section], section).toEqual([]);
        else expect(bundle[section]?.length, section).toBeGreaterThan(0);
      }
    },
  );

  it('leaves the put.io token out of a bundle without the settings', async () => {
    const { bundle, text } = await exportBundle();
    expect(bundle.config).toEqual([]);
    expect(bundle.volumes[0]).not.toHaveProperty('Metadata');
    expect(text).not.toContain(library.token);
  });

  it('with allSites off takes only scenes of enabled sites, in every per-scene section', async () => {
    const { bundle } = await exportBundle({ allSites: false });
    expect(sceneIds(bundle.scenes)).toEqual(['sitea-1', 'mine-1']);
    expect(sceneIds(bundle.sceneFileLinks)).toEqual(['sitea-1']);
    expect(sceneIds(bundle.sceneCuepoints)).toEqual(['sitea-1', 'mine-1']);
    expect(sceneIds(bundle.sceneHistory)).toEqual(['sitea-1']);
    expect(sceneIds(bundle.actions)).toEqual(['sitea-1']);
    expect(bundle.unmatchedFiles).toEqual([]);
    expect(bundle.sites).toHaveLength(3);
  });

  it('with onlyIncludeOfficalSites leaves out the scenes of "(Custom …)" sites', async () => {
    const { bundle } = await exportBundle({ onlyIncludeOfficalSites: true });
    expect(sceneIds(bundle.scenes)).toEqual(['sitea-1', 'siteb-1']);
    expect(sceneIds(bundle.sceneCuepoints)).toEqual(['sitea-1']);
    expect(sceneIds(bundle.actions)).toEqual(['sitea-1', 'siteb-1']);
  });

  it('with a saved search takes only its scenes and their rows', async () => {
    playlistCalls.length = 0;
    const { bundle, result } = await exportBundle({ playlistId: 7 });
    expect(playlistCalls).toEqual([7]);
    expect(sceneIds(bundle.scenes)).toEqual(['sitea-1', 'siteb-1']);
    expect(sceneIds(bundle.sceneHistory)).toEqual(['sitea-1']);
    expect(sceneIds(bundle.actions)).toEqual(['sitea-1', 'siteb-1']);
    expect(bundle.unmatchedFiles).toEqual([]);
    expect(bundle.actors.length).toBe(2);
    expect(result.tally.get('scenes').added).toBe(2);
  });

  it('combines a saved search with the site scope', async () => {
    const { bundle } = await exportBundle({ playlistId: 7, allSites: false });
    expect(sceneIds(bundle.scenes)).toEqual(['sitea-1']);
  });

  it.each([
    ['', ['alt-manual', 'alt-deleted', 'uuid-1'], [2, 1, 1]],
    ['all', ['alt-manual', 'alt-deleted', 'uuid-1'], [2, 1, 1]],
    ['manual_matched', ['alt-manual'], [1]],
    ['deleted_match', ['alt-deleted'], [1]],
  ] as const)(
    'extRefSubset "%s" takes %j with only the links of the subset',
    async (subset, ids, linkCounts) => {
      const { bundle } = await exportBundle({ extRefSubset: subset });
      expect(bundle.externalReferences.map((ref) => ref.external_id)).toEqual(ids);
      expect(bundle.externalReferences.map((ref) => (ref.xbvr_links as Json[]).length)).toEqual(linkCounts);
      if (subset === 'manual_matched') {
        expect(bundle.externalReferences[0]?.xbvr_links).toEqual([
          expect.objectContaining({ match_type: 99999 }),
        ]);
      }
      if (subset === 'deleted_match') {
        expect(bundle.externalReferences[0]?.xbvr_links).toEqual([
          expect.objectContaining({ match_type: -1, internal_name_id: 'deleted' }),
        ]);
      }
    },
  );
});

describe('BundleExporter: pages', () => {
  it.each([
    ['the whole library', { inclConfig: true }],
    ['a site scope', { allSites: false }],
    ['a saved search', { playlistId: 3 }],
    ['a link subset', { extRefSubset: 'manual_matched' }],
  ] as const)(
    'writes the same bundle for %s in pages of one row as in one page',
    async (_name, overrides) => {
      const whole = await exportBundle(overrides);
      const paged = await exportBundle(overrides, quietHooks(), 1);
      expect(paged.bundle).toEqual(whole.bundle);
      expect(paged.result.tally.sections()).toEqual(whole.result.tally.sections());
    },
  );
});

describe('BundleExporter: failures and concurrent writes', () => {
  it('stopped midway, removes its part file and leaves an earlier backup untouched', async () => {
    const target = join(dir, 'download', 'stopped.json');
    writeFileSync(target, 'the earlier backup');
    const controller = new AbortController();
    const hooks = quietHooks({
      signal: controller.signal,
      onProgress: (_done, message) => {
        if (message.startsWith('Writing scenes')) controller.abort(new Error('stopped by the owner'));
      },
    });
    await expect(exporter().export(options(), target, hooks)).rejects.toThrow('stopped by the owner');
    expect(readFileSync(target, 'utf8')).toBe('the earlier backup');
    expect(existsSync(`${target}.part`)).toBe(false);
  });

  it('already stopped, writes nothing', async () => {
    const target = join(dir, 'download', 'never.json');
    const controller = new AbortController();
    controller.abort(new Error('stopped'));
    await expect(
      exporter().export(options(), target, quietHooks({ signal: controller.signal })),
    ).rejects.toThrow('stopped');
    expect(existsSync(target)).toBe(false);
    expect(existsSync(`${target}.part`)).toBe(false);
  });

  it('fails cleanly when the database file is not there', async () => {
    const target = join(dir, 'download', 'no-db.json');
    const broken = new BundleExporter({
      databaseFile: join(dir, 'missing.db'),
      playlistScenes: () => Promise.resolve([]),
      optionsJson: () => '{}',
    });
    await expect(broken.export(options(), target, quietHooks())).rejects.toThrow();
    expect(existsSync(`${target}.part`)).toBe(false);
  });

  it('reads one snapshot: a scene written (with its file) while it runs appears in no section', async () => {
    let written = false;
    const write = () => {
      opened.sqlite.transaction(() => {
        const scene = opened.sqlite
          .prepare("INSERT INTO scenes (scene_id, title, scraper_id) VALUES ('late-1', 'Late', 'sitea')")
          .run();
        opened.sqlite
          .prepare(
            "INSERT INTO files (volume_id, path, filename, type, scene_id) SELECT id, '/videos/l', 'late.mp4', 'video', ? FROM volumes WHERE path = '/videos'",
          )
          .run(scene.lastInsertRowid);
        opened.sqlite.prepare("UPDATE scenes SET title = 'Renamed' WHERE scene_id = 'sitea-1'").run();
      })();
      written = true;
    };
    const hooks = quietHooks({
      onProgress: (_done, message) => {
        if (!written && message.startsWith('Writing scenes')) write();
      },
    });
    try {
      const { bundle } = await exportBundle({}, hooks);
      expect(written).toBe(true);
      expect(sceneIds(bundle.scenes)).not.toContain('late-1');
      expect(sceneIds(bundle.sceneFileLinks)).not.toContain('late-1');
      expect(byScene(bundle.scenes, 'sitea-1')?.title).toBe('First "quoted" scene');
      const after = await exportBundle();
      expect(sceneIds(after.bundle.scenes)).toContain('late-1');
      expect(sceneIds(after.bundle.sceneFileLinks)).toContain('late-1');
    } finally {
      opened.sqlite.prepare("DELETE FROM files WHERE filename = 'late.mp4'").run();
      opened.sqlite.prepare("DELETE FROM scenes WHERE scene_id = 'late-1'").run();
      opened.sqlite
        .prepare(`UPDATE scenes SET title = 'First "quoted" scene' WHERE scene_id = 'sitea-1'`)
        .run();
    }
  });
});
