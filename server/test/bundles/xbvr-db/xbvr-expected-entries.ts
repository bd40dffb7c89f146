import { type BundleEntry, type PathMapping, ZERO_TIME } from '@fovea/contract';
import { AKA_JANE, FILE, JANE, JANIE, MARY, SCENE, T1, T2, T3 } from './xbvr-expected-records';

/*
 * What the fixture of xbvr-sqlite-builder.ts reads as, written out by hand field by field, with XBVR's Docker
 * folder /videos mapped to /mnt/nas/videos. Times: GORM texts become RFC 3339 in UTC (an offset is applied),
 * Go's zero time stays ZERO_TIME; 0/1 become booleans.
 */

export const DOCKER_MAPPING: PathMapping[] = [{ from: '/videos', to: '/mnt/nas/videos' }];

const playlist = (
  name: string,
  ordering: number,
  flags: [boolean, boolean],
  type: 'scene' | 'actor',
  params: string,
) => ({
  name,
  ordering,
  is_system: flags[0],
  is_deo_enabled: flags[1],
  is_smart: true,
  playlist_type: type,
  search_params: params,
});

const link = (
  table: 'scenes' | 'actors' | 'sites',
  dbId: number,
  nameId: string,
  ref: [string, string],
  match: number,
  at: string,
) => ({
  internal_table: table,
  internal_db_id: dbId,
  internal_name_id: nameId,
  external_source: ref[0],
  external_id: ref[1],
  match_type: match,
  udf_datetime1: at,
});

const STASH_SCENE: [string, string] = ['stashdb scene', 'uuid-scene-1'];
const STASH_PERFORMER: [string, string] = ['stashdb performer', 'uuid-perf-1'];
const ALTERNATE: [string, string] = ['alternate scene custom-alt', 'alt-1'];

export const EXPECTED_ENTRIES: BundleEntry[] = [
  {
    section: 'volumes',
    record: {
      Type: 'local',
      Path: '/mnt/nas/videos',
      Metadata: '',
      LastScan: T3,
      IsEnabled: true,
      IsAvailable: true,
    },
  },
  {
    section: 'volumes',
    record: {
      Type: 'local',
      Path: '/videos2',
      Metadata: '',
      LastScan: ZERO_TIME,
      IsEnabled: true,
      IsAvailable: false,
    },
  },
  {
    section: 'volumes',
    record: {
      Type: 'putio',
      Path: 'Put.io (alice)',
      Metadata: 'putio-token',
      LastScan: T2,
      IsEnabled: false,
      IsAvailable: true,
    },
  },
  { section: 'playlists', record: playlist('Default', -100, [true, false], 'scene', '{"isAvailable":true}') },
  {
    section: 'playlists',
    record: playlist('Favourite', -48, [false, true], 'scene', '{"lists":["favourite"]}'),
  },
  { section: 'playlists', record: playlist('Possible Aka', 0, [true, false], 'actor', '{}') },
  {
    section: 'sites',
    record: {
      name: 'Custom Alt (Custom SLR)',
      id: 'custom-alt',
      is_enabled: false,
      subscribed: false,
      limit_scraping: false,
      master_site_id: 'vrhush',
      matching_params: '{"release_prior":1}',
      scrape_stash: true,
    },
  },
  {
    section: 'sites',
    record: {
      name: 'VRHush',
      id: 'vrhush',
      is_enabled: true,
      subscribed: true,
      limit_scraping: true,
      master_site_id: '',
      matching_params: '',
      scrape_stash: false,
    },
  },
  {
    section: 'scenes',
    record: {
      ...SCENE,
      scene_id: 'vrhush-1',
      title: 'First Scene',
      filenames_arr: '["vrhush-1_180_sbs.mp4"]',
      images: '[{"url":"https://img.example/c1.jpg","type":"cover","orientation":""}]',
      duration: 42,
      synopsis: 'A synopsis.',
      release_date: '2023-04-30T00:00:00Z',
      release_date_text: '2023-04-30',
      cover_url: 'https://img.example/c1.jpg',
      scene_url: 'https://vrhush.example/scenes/1',
      members_url: 'https://members.vrhush.example/1',
      star_rating: 4.5,
      favourite: true,
      watchlist: true,
      is_watched: true,
      added_date: T2,
      last_opened: T3,
      total_watch_time: 900,
      trailer_type: 'url',
      trailer_source: 'https://vrhush.example/t1.mp4',
      passthrough: '{"hasAlpha":true}',
      trailerlist: true,
      IsSubscribed: true,
      legacy_scene_id: 'vrhush-old-1',
      script_published: T2,
      ai_script: true,
      tags: [{ name: 'blowjob' }, { name: 'doggystyle' }],
      cast: [JANE, MARY],
    },
  },
  {
    section: 'scenes',
    record: {
      ...SCENE,
      scene_id: 'vrhush-2',
      title: 'Second Scene',
      is_hidden: true,
      needs_update: true,
      human_script: true,
      edits_applied: true,
      cast: [JANE],
    },
  },
  {
    section: 'sceneFileLinks',
    record: {
      scene_id: 'vrhush-1',
      files: [
        {
          ...FILE,
          volume: '/mnt/nas/videos',
          path: '/mnt/nas/videos/vrhush',
          filename: 'vrhush-1_180_sbs.mp4',
          size: 123000000,
          oshash: 'a1b2c3d4e5f60718',
          video_width: 5760,
          video_height: 2880,
          video_bitrate: 30000000,
          video_avgfps_val: 60,
          video_codec_name: 'hevc',
          duration: 2520.5,
          projection: '180_sbs',
          video_avg_frame_rate: '60000/1001',
        },
        {
          ...FILE,
          volume: '/mnt/nas/videos',
          path: '/mnt/nas/videos/vrhush',
          filename: 'vrhush-1.funscript',
          size: 456,
          type: 'script',
          is_selected_script: true,
          created_time: T2,
        },
        {
          ...FILE,
          volume: '/mnt/nas/videos',
          path: '/mnt/nas/videos/vrhush',
          filename: 'vrhush-1.alt.funscript',
          size: 789,
          type: 'script',
        },
      ],
    },
  },
  {
    section: 'sceneFileLinks',
    record: {
      scene_id: 'vrhush-2',
      files: [
        {
          ...FILE,
          volume: 'Put.io (alice)',
          path: '98765',
          filename: 'manual-match.mp4',
          size: 3000,
          updated_time: ZERO_TIME,
        },
      ],
    },
  },
  {
    section: 'sceneCuepoints',
    record: {
      scene_id: 'vrhush-1',
      cuepoints: [
        { time_start: 0, time_end: 60, track: 1, name: 'Jane Doe', rating: 0 },
        { time_start: 10.5, time_end: 20, track: null, name: 'standing-blowjob', rating: 0 },
        { time_start: 30, time_end: 45.25, track: 0, name: 'cowgirl', rating: 4 },
      ],
    },
  },
  {
    section: 'sceneHistory',
    record: {
      scene_id: 'vrhush-1',
      history: [{ time_start: T2, time_end: '2024-01-10T20:45:00Z', duration: 900, created_at: T2 }],
    },
  },
  {
    section: 'actions',
    record: {
      scene_id: 'vrhush-1',
      actions: [
        { action_type: 'edit', changed_column: 'title', new_value: 'First Scene' },
        { action_type: 'edit', changed_column: 'cast', new_value: '+Mary Major' },
        { action_type: 'edit', changed_column: 'tags', new_value: '-cowgirl' },
      ],
    },
  },
  {
    section: 'actions',
    record: {
      scene_id: 'vrhush-2',
      actions: [{ action_type: 'match', changed_column: 'file', new_value: 'manual-match.mp4' }],
    },
  },
  { section: 'akas', record: { name: 'Jane Doe,Janie D', aka_actor: AKA_JANE, actors: [JANE, JANIE] } },
  {
    section: 'tagGroups',
    record: {
      name: 'positions',
      tag_group_tag: { name: 'tag group:positions' },
      tags: [{ name: 'cowgirl' }, { name: 'doggystyle' }],
    },
  },
  {
    section: 'externalReferences',
    record: {
      external_source: 'stashdb scene',
      external_id: 'uuid-scene-1',
      external_url: 'https://stashdb.org/scenes/uuid-scene-1',
      external_date: T2,
      external_data: '{"id":"uuid-scene-1"}',
      udf_bool1: false,
      udf_bool2: false,
      udf_datetime1: ZERO_TIME,
      xbvr_links: [
        link('scenes', 1, 'vrhush-1', STASH_SCENE, 10, T3),
        link('scenes', 2, 'deleted', STASH_SCENE, -1, ZERO_TIME),
      ],
    },
  },
  {
    section: 'externalReferences',
    record: {
      external_source: 'stashdb performer',
      external_id: 'uuid-perf-1',
      external_url: 'https://stashdb.org/performers/uuid-perf-1',
      external_date: ZERO_TIME,
      external_data: '{}',
      udf_bool1: false,
      udf_bool2: false,
      udf_datetime1: ZERO_TIME,
      xbvr_links: [link('actors', 1, 'Jane Doe', STASH_PERFORMER, 90, T1)],
    },
  },
  {
    section: 'externalReferences',
    record: {
      external_source: 'alternate scene custom-alt',
      external_id: 'alt-1',
      external_url: 'https://alt.example/1',
      external_date: ZERO_TIME,
      external_data: '{"scene":{}}',
      udf_bool1: true,
      udf_bool2: false,
      udf_datetime1: T3,
      xbvr_links: [link('sites', 0, 'custom-alt', ALTERNATE, 99999, ZERO_TIME)],
    },
  },
  { section: 'actors', record: JANE },
  { section: 'actors', record: MARY },
  { section: 'actors', record: JANIE },
  {
    section: 'actionActors',
    record: {
      actor_name: 'Jane Doe',
      action_actors: [
        {
          created_at: T1,
          action_type: 'edit',
          source: 'edit_actor',
          changed_column: 'birth_date',
          new_value: '1995-04-03',
        },
        {
          created_at: T3,
          action_type: 'setimage',
          source: 'edit_actor',
          changed_column: 'image_url',
          new_value: 'https://img.example/jane.jpg',
        },
      ],
    },
  },
  {
    section: 'actionActors',
    record: {
      actor_name: 'Mary Major',
      action_actors: [
        {
          created_at: T2,
          action_type: 'edit',
          source: 'edit_actor',
          changed_column: 'height',
          new_value: '170',
        },
      ],
    },
  },
  { section: 'config', record: { key: 'config', value: '{"server":{"port":9999}}' } },
  {
    section: 'config',
    record: { key: 'cuepoints', value: '{"positions":["standing"],"actions":["blowjob"]}' },
  },
  {
    section: 'config',
    record: { key: 'naughtyamerica-trailers', value: '{"headers":[],"cookies":[],"body":"","other":[]}' },
  },
  { section: 'config', record: { key: 'slr-scraper', value: '{"headers":[{"key":"X","value":"1"}]}' } },
  {
    section: 'unmatchedFiles',
    record: {
      ...FILE,
      volume: '/videos2',
      path: '/videos2/new',
      filename: 'unknown.mp4',
      size: 1000,
      projection: 'flat',
      has_alpha: true,
    },
  },
  {
    section: 'unmatchedFiles',
    record: {
      ...FILE,
      volume: '/mnt/nas/videos',
      path: '/mnt/nas/videos',
      filename: 'deleted-scene.mp4',
      size: 2000,
    },
  },
];
