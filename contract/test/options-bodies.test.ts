import { describe, expect, it } from 'vitest';
import {
  BundleBackupQuery,
  BundleRestoreBody,
  cronToTaskSchedule,
  CustomSiteBody,
  DEFAULT_OPTIONS,
  DeovrOptionsBody,
  DlnaOptionsBody,
  PlaylistBody,
  PreviewSettingsBody,
  SaveCollectorConfigBody,
  SingleScrapeBody,
  SiteMatchParams,
  splitDeovrOptions,
  StashdbPerformerSearchResponse,
  StashdbSceneSearchResponse,
  StorageAddBody,
  StorageUpdateBody,
  TaskScheduleBody,
  taskScheduleToCron,
} from '../src';
import {
  actorPlaylistBodyJson,
  restoreBodyJson,
  scenePlaylistBodyJson,
  stashdbActorSearchJson,
  stashdbSceneSearchJson,
  taskScheduleBodyJson,
} from './fixtures/wire-examples';

describe('playlists', () => {
  it('parses scene and actor saved-search bodies', () => {
    expect(PlaylistBody.parse(JSON.parse(scenePlaylistBodyJson)).playlist_type).toBe('scene');
    expect(PlaylistBody.parse(JSON.parse(actorPlaylistBodyJson)).playlist_type).toBe('actor');
  });

  it('rejects an empty name and search_params that are not a JSON object', () => {
    const body = JSON.parse(scenePlaylistBodyJson) as Record<string, unknown>;
    expect(PlaylistBody.safeParse({ ...body, name: ' ' }).success).toBe(false);
    expect(PlaylistBody.safeParse({ ...body, search_params: '[1]' }).success).toBe(false);
    expect(PlaylistBody.safeParse({ ...body, search_params: { dlState: 'any' } }).success).toBe(false);
    expect(PlaylistBody.safeParse({ ...body, playlist_type: 'actors' }).success).toBe(false);
  });
});

describe('task schedule', () => {
  it('parses the flat 42-key body', () => {
    const raw = JSON.parse(taskScheduleBodyJson) as Record<string, unknown>;
    expect(Object.keys(raw)).toHaveLength(42);
    const body = TaskScheduleBody.parse(raw);
    expect(body.rescanHourInterval).toBe(2);
    expect(body.linkScenesStartDelay).toBe(0);
  });

  it('converts to and from the cron config', () => {
    const body = cronToTaskSchedule(DEFAULT_OPTIONS.cron);
    expect(TaskScheduleBody.parse(body)).toEqual(JSON.parse(taskScheduleBodyJson));
    expect(taskScheduleToCron(body)).toEqual(DEFAULT_OPTIONS.cron);
  });

  it('accepts a window across midnight and rejects one longer than 23 hours', () => {
    const raw = JSON.parse(taskScheduleBodyJson) as Record<string, unknown>;
    const window = { rescrapeUseRange: true, rescrapeHourStart: 22, rescrapeHourEnd: 30 };
    expect(TaskScheduleBody.safeParse({ ...raw, ...window }).success).toBe(true);
    expect(TaskScheduleBody.safeParse({ ...raw, ...window, rescrapeHourEnd: 46 }).success).toBe(false);
    expect(TaskScheduleBody.safeParse({ ...raw, rescanHourInterval: 0 }).success).toBe(false);
  });

  it('requires every key', () => {
    const raw = JSON.parse(taskScheduleBodyJson) as Record<string, unknown>;
    delete raw['previewStartDelay'];
    expect(TaskScheduleBody.safeParse(raw).success).toBe(false);
  });
});

describe('bundles', () => {
  it('parses the restore body from a file', () => {
    const body = BundleRestoreBody.parse(JSON.parse(restoreBodyJson));
    expect(body.inclConfig).toBe(false);
    expect(body.inclSqlCmds).toBe(false);
  });

  it('fills the import defaults: every include on except config, overwrite on', () => {
    const body = BundleRestoreBody.parse({ bundleUrl: 'https://example.com/xbvr-content-bundle.json' });
    expect(body).toMatchObject({ inclScenes: true, inclActors: true, inclConfig: false, overwrite: true });
    expect(body.uploadData).toBe('{}');
  });

  it('rejects a bad URL, a non-JSON upload and a body with neither', () => {
    const bad = BundleRestoreBody.safeParse({ bundleUrl: 'not a url' });
    expect(bad.error?.issues[0]?.message).toBe('Please enter a valid URL.');
    expect(BundleRestoreBody.safeParse({ uploadData: '{"bundleVersion":' }).success).toBe(false);
    expect(BundleRestoreBody.safeParse({}).success).toBe(false);
  });

  it('reads backup query strings as booleans', () => {
    const query = BundleBackupQuery.parse({
      inclScenes: 'false',
      inclConfig: 'true',
      playlistId: '0',
      download: 'true',
    });
    expect(query).toMatchObject({
      inclScenes: false,
      inclConfig: true,
      inclHistory: true,
      playlistId: 0,
      download: true,
    });
    expect(BundleBackupQuery.safeParse({ extRefSubset: 'everything' }).success).toBe(false);
  });
});

describe('scraping', () => {
  it('validates single-scrape URLs and additional info', () => {
    const field = {
      fieldName: 'scene_id',
      fieldPrompt: 'Scene id',
      placeholder: '',
      required: true,
      type: 'number',
    };
    const ok = {
      site: 'wetvr',
      sceneurl: ' https://wetvr.com/video/x ',
      additionalinfo: [{ ...field, fieldValue: '123' }],
    };
    expect(SingleScrapeBody.parse(ok).sceneurl).toBe('https://wetvr.com/video/x');
    expect(
      SingleScrapeBody.safeParse({ ...ok, additionalinfo: [{ ...field, fieldValue: '' }] }).success,
    ).toBe(false);
    expect(
      SingleScrapeBody.safeParse({ ...ok, additionalinfo: [{ ...field, fieldValue: '12a' }] }).success,
    ).toBe(false);
    expect(SingleScrapeBody.safeParse({ ...ok, sceneurl: 'wetvr.com/video/x' }).success).toBe(false);
  });

  it('fills match-param defaults and checks boost steps', () => {
    const params = SiteMatchParams.parse({});
    expect(params).toMatchObject({
      released_prior: 14,
      boost_title: 4,
      boost_description: 0.25,
      cast_match_type: 'should',
    });
    expect(SiteMatchParams.safeParse({ boost_title: 1.15 }).success).toBe(true);
    expect(SiteMatchParams.safeParse({ boost_title: 1.12 }).success).toBe(false);
    expect(SiteMatchParams.safeParse({ released_match_type: 'maybe' }).success).toBe(false);
  });

  it('accepts custom sites only on the allowed aggregators', () => {
    const body = { scraperUrl: 'https://www.sexlikereal.com/studios/vrhush', scraperName: 'VRHush' };
    expect(CustomSiteBody.parse(body)).toMatchObject({ scraperCompany: '', masterSiteId: '' });
    expect(CustomSiteBody.safeParse({ ...body, scraperUrl: 'https://example.com/studios/x' }).success).toBe(
      false,
    );
    expect(CustomSiteBody.safeParse({ ...body, scraperName: '' }).success).toBe(false);
  });

  it('parses StashDB search answers with PascalCase keys', () => {
    const scenes = StashdbSceneSearchResponse.parse(JSON.parse(stashdbSceneSearchJson));
    expect(scenes.Results?.[0]?.Performers?.[0]?.Name).toBe('Jane Doe');
    expect(scenes.Results?.[1]?.Performers).toBeNull();
    const actors = StashdbPerformerSearchResponse.parse(JSON.parse(stashdbActorSearchJson));
    expect(actors.Results?.[0]?.ImageUrl).toEqual(['https://cdn.stashdb.org/a.jpg']);
    expect(StashdbSceneSearchResponse.safeParse({ status: '', results: [] }).success).toBe(false);
  });
});

describe('option groups', () => {
  it('splits the flat DeoVR body and ignores boundIp', () => {
    const body = DeovrOptionsBody.parse({
      enabled: true,
      auth_enabled: false,
      username: '',
      password: '',
      allow_rating_updates: true,
      video_sort_seq: 'resolution desc,filename',
      boundIp: ['http://192.168.1.5:9999/'],
    });
    const groups = splitDeovrOptions(body);
    expect(groups.deovr).toEqual({ enabled: true, auth_enabled: false, username: '', password: '' });
    expect(groups.heresphere).toEqual({ allow_rating_updates: true });
    expect(groups.players).toEqual({ video_sort_seq: 'resolution desc,filename' });
    expect(DeovrOptionsBody.safeParse({ unknown_key: true }).success).toBe(false);
    expect(DeovrOptionsBody.safeParse({ video_sort_seq: 'colour' }).success).toBe(false);
  });

  it('validates the DLNA body', () => {
    const body = {
      enabled: true,
      name: 'Fovea',
      image: 'ghost',
      allowedIp: ['192.168.1.20'],
      recentIp: [],
      availableImages: [],
    };
    expect(DlnaOptionsBody.safeParse(body).success).toBe(true);
    expect(DlnaOptionsBody.safeParse({ ...body, allowedIp: ['10.0.0.1', '10.0.0.1'] }).success).toBe(false);
    expect(DlnaOptionsBody.safeParse({ ...body, name: '' }).success).toBe(false);
  });

  it('validates preview settings in their steps', () => {
    const body = {
      startTime: 10,
      snippetLength: 0.4,
      snippetAmount: 20,
      resolution: 400,
      extraSnippet: false,
    };
    expect(PreviewSettingsBody.safeParse(body).success).toBe(true);
    expect(PreviewSettingsBody.safeParse({ ...body, snippetLength: 0.5 }).success).toBe(false);
    expect(PreviewSettingsBody.safeParse({ ...body, resolution: 410 }).success).toBe(false);
    expect(PreviewSettingsBody.safeParse({ ...body, startTime: 7 }).success).toBe(false);
  });

  it('validates storage bodies', () => {
    expect(StorageAddBody.safeParse({ type: 'local', path: '/media/vr' }).success).toBe(true);
    expect(StorageAddBody.safeParse({ type: 'putio', token: 'abc' }).success).toBe(true);
    expect(StorageAddBody.safeParse({ type: 'putio', path: '/x' }).success).toBe(false);
    const update = {
      match_ohash: true,
      video_ext: ['.mp4', 'MKV'],
      forbidden_video_ext: [],
      default_video_ext: [],
    };
    expect(StorageUpdateBody.safeParse(update).success).toBe(true);
    expect(StorageUpdateBody.safeParse({ ...update, video_ext: ['.mp 4'] }).success).toBe(false);
  });

  it('fills empty collector lists', () => {
    expect(SaveCollectorConfigBody.parse({ domain_key: 'naughtyamerica-trailers' })).toEqual({
      domain_key: 'naughtyamerica-trailers',
      body: '',
      cookies: [],
      headers: [],
      other: [],
    });
    expect(SaveCollectorConfigBody.safeParse({ domain_key: '' }).success).toBe(false);
  });
});
