import { expect } from 'vitest';
import { SCENE_LIST_BODY, SCENE_READS, idOf, under, type Reads, type WireCall } from './reference-ui-wire';

/* The reference UI's scene and file screens (xbvr-wire §2, §5). */

const FILE_READS: Reads = ['[]', '[].id', '[].filename', '[].path', '[].size', '[].type', '[].scene_id'];

/** The scene object the UI holds, spread into the edit body with its own keys (EditScene.vue, §2.11). */
const sceneEditBody = (scene: Record<string, unknown>) => ({
  ...scene,
  castArray: ['Wire Ann', 'Wire Newcomer'],
  tagsArray: ['wire tag', 'pov'],
  gallery: [],
  files: [],
  duration: String(scene.duration),
});

export const SCENE_CALLS: WireCall[] = [
  // Scenes (§2)
  {
    ui: '§2.3 store/sceneList.js',
    method: 'POST',
    url: '/api/scene/list',
    body: () => SCENE_LIST_BODY,
    reads: [
      'results',
      'scenes[]',
      ...under('scenes[].', SCENE_READS),
      'count_any',
      'count_available',
      'count_downloaded',
      'count_not_downloaded',
      'count_hidden',
    ],
  },
  {
    ui: '§2.3 scenes/List.vue, the "any" tab (null flags)',
    method: 'POST',
    url: '/api/scene/list',
    body: () => ({ ...SCENE_LIST_BODY, dlState: 'any', isAvailable: null, isAccessible: null }),
    reads: ['results', 'scenes[]', ...under('scenes[].', SCENE_READS)],
    keep: (answer, ids) => {
      ids.anyResults = (answer as { results: number }).results;
    },
  },
  {
    ui: '§2.3 scenes/List.vue, sorted by alternate-source link',
    method: 'POST',
    url: '/api/scene/list',
    body: () => ({
      ...SCENE_LIST_BODY,
      dlState: 'any',
      isAvailable: null,
      isAccessible: null,
      sort: 'alt_src_desc',
    }),
    reads: ['results', 'scenes[]'],
    keep: (answer, ids) => {
      // Every scene, not only the linked ones; the linked scene first.
      const { results, scenes } = answer as { results: number; scenes: { id: number }[] };
      expect(results).toBe(ids.anyResults);
      expect(scenes[0]?.id).toBe(ids.scene);
    },
  },
  {
    ui: '§2.4 store/sceneList.js, scenes/Filters.vue',
    method: 'GET',
    url: '/api/scene/filters',
    reads: [
      'cast[]',
      'tags[]',
      'sites[]',
      'release_month[]',
      'volumes[]',
      'volumes[].id',
      'volumes[].path',
      'attributes[]',
      'cuepoints[]',
    ],
  },
  { ui: '§2.5 store/remote.js (numeric id)', method: 'GET', url: '/api/scene/{scene}', reads: SCENE_READS },
  {
    ui: '§2.5 scenes/List.vue deep link (string scene_id)',
    method: 'GET',
    url: '/api/scene/{sceneKey}',
    reads: SCENE_READS,
    keep: (answer, ids) => {
      ids.sceneJson = JSON.stringify(answer);
    },
  },
  {
    ui: '§2.6 QuickFind.vue, files/SceneMatch.vue',
    method: 'GET',
    url: '/api/scene/search?q=Wire',
    reads: ['results', 'scenes?[]', ...under('scenes?[].', SCENE_READS), 'scenes?[]._score'],
  },
  {
    ui: '§2.6 files/SceneMatch.vue (a file name)',
    method: 'GET',
    url: '/api/scene/search?q=Wire Title_180_LR.mp4',
    reads: ['results', 'scenes?[]', 'scenes?[].file[]', 'scenes?[].cast[]'],
  },
  {
    ui: '§2.6 QuickFind.vue (a scene URL)',
    method: 'GET',
    url: '/api/scene/search?q=https://wirevr.example.com/scene/1001',
    reads: ['results', 'scenes?[]'],
  },
  { ui: '§2.7 scenes/Details.vue', method: 'GET', url: '/api/scene/searchfields?q={scene}', reads: ['?[]'] },
  {
    ui: '§2.8 SceneCard.vue, Details.vue',
    method: 'GET',
    url: '/api/scene/alternate_source/{scene}',
    reads: ['?[]', '?[].url', '?[].site_icon', '?[].external_source', '?[].external_data'],
  },
  {
    ui: '§2.9 store/sceneList.js',
    method: 'POST',
    url: '/api/scene/toggle',
    body: (ids) => ({ scene_id: ids.sceneKey, list: 'watchlist' }),
    reads: [],
  },
  {
    ui: '§2.10 Details.vue',
    method: 'POST',
    url: '/api/scene/rate/{scene}',
    body: () => ({ rating: 3.5 }),
    reads: [],
  },
  {
    ui: '§2.14 Details.vue (blank track, no end)',
    method: 'POST',
    url: '/api/scene/{scene}/cuepoint',
    body: () => ({ track: null, name: 'standing-blowjob', time_start: 12.5, time_end: null, rating: 0 }),
    reads: [...SCENE_READS, 'cuepoints[]', 'cuepoints[].id', 'cuepoints[].name', 'cuepoints[].time_start'],
    keep: (answer, ids) => {
      const { cuepoints } = answer as { cuepoints: { id: number; time_start: number }[] };
      ids.cuepoint = cuepoints.find((cue) => cue.time_start === 12.5)?.id ?? 0;
    },
  },
  {
    ui: '§2.14 Details.vue',
    method: 'DELETE',
    url: '/api/scene/{scene}/cuepoint/{cuepoint}',
    reads: SCENE_READS,
  },
  {
    ui: '§2.15 Details.vue',
    method: 'POST',
    url: '/api/scene/selectscript/{scene}',
    body: (ids) => ({ file_id: ids.script }),
    reads: SCENE_READS,
  },
  {
    ui: '§2.11 EditScene.vue (the whole scene spread)',
    method: 'POST',
    url: '/api/scene/edit/{scene}',
    body: (ids) => sceneEditBody(JSON.parse(String(ids.sceneJson)) as Record<string, unknown>),
    reads: SCENE_READS,
  },
  {
    ui: '§2.13 OptionsSceneCreate.vue',
    method: 'POST',
    url: '/api/scene/create',
    body: () => ({ title: 'Wire Custom', id: '' }),
    reads: SCENE_READS,
    keep: (answer, ids) => {
      ids.custom = idOf(answer);
      ids.customJson = JSON.stringify(answer);
    },
  },
  {
    ui: '§2.11 EditScene.vue (a custom scene: empty texts, zero duration)',
    method: 'POST',
    url: '/api/scene/edit/{custom}',
    body: (ids) => ({
      ...sceneEditBody(JSON.parse(String(ids.customJson)) as Record<string, unknown>),
      castArray: [],
      tagsArray: [],
    }),
    reads: SCENE_READS,
  },
  {
    ui: '§2.13 files/CreateScene.vue',
    method: 'POST',
    url: '/api/scene/create',
    body: () => ({ title: 'Wire Loose', id: 'wire-loose', filename: 'loose.mp4' }),
    reads: SCENE_READS,
    keep: (answer, ids) => {
      ids.created = idOf(answer);
      ids.createdKey = (answer as { scene_id: string }).scene_id;
    },
  },
  // Files (§5)
  {
    ui: '§5.2 files/CreateScene.vue',
    method: 'POST',
    url: '/api/files/match',
    body: (ids) => ({ file_id: ids.loose, scene_id: ids.createdKey }),
    reads: [],
  },
  {
    ui: '§5.1 store/files.js',
    method: 'POST',
    url: '/api/files/list',
    body: () => ({
      sort: '',
      state: 'all',
      createdDate: [],
      resolutions: [],
      framerates: [],
      bitrates: [],
      filename: '',
    }),
    reads: [...FILE_READS, '[].created_time', '[].duration', '[].video_width', '[].video_height'],
  },
  {
    ui: '§5.1 store/files.js (a date range and buckets)',
    method: 'POST',
    url: '/api/files/list',
    body: () => ({
      sort: 'created_time_desc',
      state: 'matched',
      createdDate: ['2020-01-01T00:00:00.000Z', '2030-01-01T00:00:00.000Z'],
      resolutions: ['below4k'],
      framerates: ['30fps'],
      bitrates: ['low'],
      filename: 'loose',
    }),
    reads: FILE_READS,
  },
  {
    ui: '§5.3 files/List.vue, scenes/Details.vue',
    method: 'POST',
    url: '/api/files/unmatch',
    body: (ids) => ({ file_id: ids.loose }),
    reads: SCENE_READS,
  },
  {
    ui: '§5.4 files/List.vue, scenes/Details.vue',
    method: 'DELETE',
    url: '/api/files/file/{loose}',
    reads: ['id'],
  },
  {
    ui: '§2.12 EditScene.vue',
    method: 'POST',
    url: '/api/scene/delete',
    body: (ids) => ({ scene_id: ids.created }),
    reads: ['id'],
  },
];
