import type { BundleEntry } from '@fovea/contract';
import { entry } from './apply-fixture';

/*
 * A hand-made v2.1 bundle with every section, as XBVR writes them (Go zero times, sites by name, full cast
 * objects) plus Fovea's unmatched files: the bundle of apply-every-section.test.ts.
 */

const ZERO = '0001-01-01T00:00:00Z';
export const HASH = '$2a$10$abcdefghijklmnopqrstuuQ1uS1yJ0m3lW2sP4vQ9rX8kZ7tB6cDe';

const jane = {
  name: 'Jane Doe',
  image_url: 'https://img.test/jane.jpg',
  image_arr: '["https://img.test/jane.jpg"]',
  star_rating: 4,
  favourite: true,
  watchlist: false,
  birth_date: '1995-04-03T00:00:00Z',
  nationality: 'US',
  height: 170,
  weight: 55,
  cup_size: 'C',
  tattoos: '["rose"]',
  aliases: '["JD"]',
  urls: '[{"url":"https://studio.test/jane","type":"restorevr scrape"}]',
  biography: 'About Jane',
};

export const EVERY_SECTION: BundleEntry[] = [
  entry('config', {
    key: 'config',
    value: JSON.stringify({
      web: { sceneWatched: true, isAvailOpacity: 60 },
      cron: { rescrapeSchedule: { hourInterval: 'often' } },
      interfaces: { deovr: { password: HASH, username: 'me' } },
      server: { port: 9999 },
    }),
  }),
  entry('config', { key: 'cuepoints', value: '{"positions":["standing"],"actions":["kiss"]}' }),
  entry('config', {
    key: 'restorevr-scraper',
    value: '{"headers":[{"key":"X-A","value":"1"}]}',
  }),
  entry('config', { key: 'state', value: '{}' }),
  entry('volumes', {
    Type: 'local',
    Path: '/media/vr',
    IsEnabled: true,
    IsAvailable: true,
    LastScan: ZERO,
  }),
  entry('sites', { name: 'RestoreVR', is_enabled: true, subscribed: true, limit_scraping: true }),
  entry('actors', jane),
  entry('actors', { name: 'aka:Jane Doe,Janie', star_rating: 2 }),
  entry('scenes', {
    scene_id: 'restorevr-1',
    title: 'First Light',
    scene_type: 'VR',
    scraper_id: 'restorevr',
    studio: 'Restore Studio',
    site: 'RestoreVR',
    tags: [{ name: 'blonde' }, { name: 'tag group:Hair' }],
    cast: [jane, { name: 'Janie', image_url: 'https://img.test/janie.jpg' }, { name: 'aka:Jane Doe,Janie' }],
    filenames_arr: '["restorevr_1_8k.mp4"]',
    images: '[{"url":"https://img.test/1.jpg","type":"cover","orientation":""}]',
    duration: 42,
    synopsis: 'A scene',
    release_date: '2024-03-05T00:00:00Z',
    release_date_text: '2024-03-05',
    cover_url: 'https://img.test/1.jpg',
    scene_url: 'https://restorevr.test/1',
    members_url: 'https://members.restorevr.test/1',
    is_multipart: false,
    star_rating: 4.5,
    favourite: true,
    watchlist: true,
    wishlist: true,
    is_watched: true,
    last_opened: '2024-06-01T10:00:00+02:00',
    trailer_type: 'url',
    trailer_source: 'https://restorevr.test/1.mp4',
    passthrough: '{"hasAlpha":true}',
    trailerlist: true,
    IsSubscribed: true,
    is_hidden: false,
    script_published: ZERO,
    ai_script: true,
    human_script: false,
    created_at: '2023-01-02T03:04:05Z',
  }),
  entry('sceneFileLinks', {
    scene_id: 'restorevr-1',
    files: [
      {
        path: '/media/vr/studio',
        filename: 'First Light 8K.mp4',
        size: 1234,
        oshash: 'abc',
        created_time: '2024-04-01T00:00:00Z',
        type: 'video',
        video_width: 8192,
        video_height: 4096,
        video_avgfps_val: 60,
        video_codec_name: 'hevc',
        duration: 2520.5,
        projection: '180_sbs',
        has_alpha: false,
      },
      {
        path: '/media/vr/studio',
        filename: 'First Light 8K.funscript',
        size: 10,
        is_selected_script: true,
      },
    ],
  }),
  entry('unmatchedFiles', { path: '/media/vr/new', filename: 'unknown.mp4', size: 99, type: 'video' }),
  entry('sceneCuepoints', {
    scene_id: 'restorevr-1',
    cuepoints: [
      { time_start: 10, name: 'standing-kiss', rating: 1 },
      { time_start: 20, time_end: 30, track: 1, name: 'Jane Doe' },
    ],
  }),
  entry('sceneHistory', {
    scene_id: 'restorevr-1',
    history: [{ time_start: '2024-05-01T20:00:00Z', time_end: '2024-05-01T20:10:00Z', duration: 600 }],
  }),
  entry('actions', {
    scene_id: 'restorevr-1',
    actions: [{ action_type: 'edit', changed_column: 'title', new_value: 'First Light' }],
  }),
  entry('actionActors', {
    actor_name: 'Jane Doe',
    action_actors: [
      { action_type: 'edit', source: 'edit_actor', changed_column: 'height', new_value: '170' },
    ],
  }),
  entry('akas', {
    name: 'Jane Doe,Janie',
    aka_actor: { name: 'aka:Jane Doe,Janie', star_rating: 3, favourite: true },
    actors: [{ name: 'Jane Doe' }, { name: 'Janie' }],
  }),
  entry('tagGroups', {
    name: 'Hair',
    tag_group_tag: { name: 'tag group:Hair' },
    tags: [{ name: 'blonde' }, { name: 'brunette' }],
  }),
  entry('playlists', {
    name: 'Best',
    ordering: 3,
    is_deo_enabled: true,
    is_smart: true,
    playlist_type: 'scene',
    search_params: '{"sort":"rating_desc"}',
  }),
  entry('externalReferences', {
    external_source: 'stashdb scene',
    external_id: 'uuid-1',
    external_url: 'https://stashdb.test/scenes/uuid-1',
    external_date: '2024-03-05T00:00:00Z',
    external_data: '{"id":"uuid-1"}',
    xbvr_links: [
      { internal_table: 'scenes', internal_db_id: 777, internal_name_id: 'restorevr-1', match_type: 5 },
      { internal_table: 'actors', internal_db_id: 778, internal_name_id: 'Jane Doe', match_type: 90 },
      { internal_table: 'sites', internal_name_id: 'restorevr', match_type: 0 },
      { internal_table: 'scenes', internal_name_id: 'deleted', match_type: -1 },
      { internal_table: 'scenes', internal_name_id: 'not-here-9', match_type: 5 },
    ],
  }),
];
