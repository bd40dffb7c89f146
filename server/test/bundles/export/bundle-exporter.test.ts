import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { BundleSections, ZERO_TIME } from '@fovea/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ExportHarness,
  OPTIONS_JSON,
  XBVR_KEY_ORDER,
  byScene,
  quietHooks,
  sceneIds,
  type ArrayKey,
  type Bundle,
  type ExportedBundle,
  type Json,
} from './export-harness';

const h = new ExportHarness();
beforeAll(() => h.setUp());
afterAll(() => h.tearDown());

describe('BundleExporter: a whole-library backup', () => {
  let bundle: Bundle;
  let text: string;
  let result: ExportedBundle['result'];
  let target: string;
  const progress: number[] = [];
  let total = 0;

  beforeAll(async () => {
    ({ bundle, text, result, target } = await h.exportBundle(
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
        Metadata: h.library.token,
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
        internal_db_id: h.library.sceneA,
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

  it('writes the custom sites with the sites, in Fovea’s own key, as the custom-site form takes them', () => {
    expect(bundle.foveaCustomSites).toEqual([
      {
        url: 'https://www.sexlikereal.com/studios/mine-77',
        name: 'Mine',
        company: 'Mine Media',
        avatar_url: 'https://img.example/mine.png',
        master_site_id: 'sitea',
      },
    ]);
    expect(result.tally.get('foveaCustomSites')).toMatchObject({ read: 1, added: 1 });
  });

  it('counts what it wrote per section, reports progress, and leaves only the finished file', () => {
    expect(result.tally.get('scenes')).toMatchObject({ read: 4, added: 4 });
    // Journal groups count their entries: 4 entries of 3 scenes.
    expect(result.tally.get('actions')).toMatchObject({ read: 4, added: 4 });
    expect(result.tally.get('config')).toMatchObject({ read: 3, added: 3 });
    expect(result.tally.sections()).not.toHaveProperty('manualSceneMatches');
    expect(result.bytes).toBe(statSync(target).size);
    expect(result.bytes).toBe(Buffer.byteLength(text));
    expect(progress.at(-1)).toBe(total);
    expect(progress.length).toBeGreaterThan(5);
    expect(readdirSync(join(h.dir, 'download')).filter((name) => name.endsWith('.part'))).toEqual([]);
  });
});
