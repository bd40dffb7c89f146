import { z } from 'zod';

/*
 * The owner's options: one typed object, stored as JSON in the key-value table, every field with the
 * spec's default. Groups and key names follow the reference wire format (options-spec §3, xbvr-wire §1).
 */

export const TagSort = z.enum(['by-tag-count', 'alphabetically']);

export const WebOptions = z.object({
  tagSort: TagSort,
  sceneHidden: z.boolean(),
  sceneWatchlist: z.boolean(),
  sceneFavourite: z.boolean(),
  sceneWishlist: z.boolean(),
  sceneWatched: z.boolean(),
  sceneEdit: z.boolean(),
  sceneDuration: z.boolean(),
  sceneCuepoint: z.boolean(),
  showHspFile: z.boolean(),
  showSubtitlesFile: z.boolean(),
  sceneTrailerlist: z.boolean(),
  showScriptHeatmap: z.boolean(),
  showAllHeatmaps: z.boolean(),
  showOpenInNewWindow: z.boolean(),
  updateCheck: z.boolean(),
  /** Opacity of unavailable scenes, 0 to 100 in steps of 10 (shown divided by 100). */
  isAvailOpacity: z.number().int().min(0).max(100).multipleOf(10),
  sceneCardAspectRatio: z.enum(['1:1', '3:2', '16:9']),
  sceneCardScaleToFit: z.boolean(),
  actorCardAspectRatio: z.enum(['1:1', '2:3', '9:16']),
  actorCardScaleToFit: z.boolean(),
});
export type WebOptions = z.infer<typeof WebOptions>;

export const AdvancedOptions = z.object({
  showInternalSceneId: z.boolean(),
  showHSPApiLink: z.boolean(),
  showSceneSearchField: z.boolean(),
  stashApiKey: z
    .string()
    .max(1_000)
    .describe(
      'StashDB API key. Answers say "set" (stored) or "" (none); "set" sent back keeps it, "" clears it',
    ),
  /** Every scraper request goes through this HTTP proxy ('' = none), e.g. http://proxy.lan:3128. */
  scraperProxy: z
    .string()
    .trim()
    .max(500)
    .refine((value) => value === '' || /^https?:\/\/[^\s/]+/.test(value), {
      message: 'a proxy URL such as http://proxy.lan:3128',
    })
    .describe(
      'Proxy URL. Answers show a stored password as *** (http://user:***@host:3128); *** sent back keeps it',
    ),
  /** The User-Agent scrapers send; '' = the built-in current desktop Chrome string. */
  scraperUserAgent: z.string().max(500),
  scrapeActorAfterScene: z.boolean(),
  useImperialEntry: z.boolean(),
  /** Seconds between progress log lines of long jobs. */
  progressTimeInterval: z.number().int().min(1).max(3600),
  linkScenesAfterSceneScraping: z.boolean(),
  useAltSrcInFileMatching: z.boolean(),
  useAltSrcInScriptFilters: z.boolean(),
  autoLimitScraping: z.boolean(),
  /** RFC 3339 timestamp, or null when not set. */
  ignoreReleasedBefore: z.iso.datetime({ offset: true }).max(64).nullable(),
  /** The image proxy may fetch from private (LAN) addresses; loopback and unspecified stay refused. */
  imageProxyAllowLan: z.boolean(),
});
export type AdvancedOptions = z.infer<typeof AdvancedOptions>;

export const FunscriptOptions = z.object({ scrapeFunscripts: z.boolean() });
export type FunscriptOptions = z.infer<typeof FunscriptOptions>;

export const VendorOptions = z.object({
  tpdb: z.object({
    apiToken: z.string().max(1_000).describe('TPDB API token. Answers say "set" (stored) or "" (none)'),
  }),
});
export type VendorOptions = z.infer<typeof VendorOptions>;

export const DlnaOptions = z.object({
  enabled: z.boolean(),
  serviceName: z.string().min(1).max(64),
  serviceImage: z.string().min(1).max(64),
  allowedIp: z.array(z.string().max(64)).max(1_000),
});
export type DlnaOptions = z.infer<typeof DlnaOptions>;

export const DeovrOptions = z.object({
  enabled: z.boolean(),
  auth_enabled: z.boolean(),
  render_heatmaps: z.boolean(),
  track_watch_time: z.boolean(),
  remote_enabled: z.boolean(),
  username: z.string().max(1_000),
  password: z
    .string()
    .max(1_000)
    .describe(
      'Stored as a bcrypt hash. Answers say "set" (stored) or "" (none); "set" or "" sent back keep it',
    ),
});
export type DeovrOptions = z.infer<typeof DeovrOptions>;

export const HeresphereOptions = z.object({
  allow_file_deletes: z.boolean(),
  allow_rating_updates: z.boolean(),
  allow_favorite_updates: z.boolean(),
  allow_hsp_data: z.boolean(),
  allow_tag_updates: z.boolean(),
  allow_cuepoint_updates: z.boolean(),
  allow_watchlist_updates: z.boolean(),
  multitrack_cuepoints: z.boolean(),
  multitrack_cast_cuepoints: z.boolean(),
  retain_non_hsp_cuepoints: z.boolean(),
});
export type HeresphereOptions = z.infer<typeof HeresphereOptions>;

/** Sort keys players may use for a scene's files; each optionally followed by " desc". */
export const VIDEO_SORT_KEYS = [
  'filename',
  'created_time',
  'updated_time',
  'resolution',
  'size',
  'bitrate',
  'frame_rate',
  'codec',
  'duration',
] as const;
export const SCRIPT_SORT_KEYS = ['filename', 'created_time', 'updated_time', 'is_selected'] as const;

const sortSequence = (keys: readonly string[]) =>
  z
    .string()
    .max(500)
    .refine(
      (value) =>
        value.trim() === '' ||
        value.split(',').every((part) => {
          const [key, direction, ...rest] = part.trim().split(/\s+/);
          return (
            key !== undefined &&
            keys.includes(key) &&
            (direction === undefined || direction === 'desc' || direction === 'asc') &&
            rest.length === 0
          );
        }),
      { message: `a comma-separated list of ${keys.join(', ')}, each optionally followed by desc` },
    );

export const PlayersOptions = z.object({
  video_sort_seq: sortSequence(VIDEO_SORT_KEYS),
  script_sort_seq: sortSequence(SCRIPT_SORT_KEYS),
  subtitle_sort_seq: sortSequence(SCRIPT_SORT_KEYS),
});
export type PlayersOptions = z.infer<typeof PlayersOptions>;

export const InterfacesOptions = z.object({
  dlna: DlnaOptions,
  deovr: DeovrOptions,
  heresphere: HeresphereOptions,
  players: PlayersOptions,
});
export type InterfacesOptions = z.infer<typeof InterfacesOptions>;

/** Preview snippet settings, with the spec's ranges. */
export const PreviewOptions = z.object({
  enabled: z.boolean(),
  startTime: z.number().int().min(5).max(60).multipleOf(5),
  snippetLength: z.number().min(0.2).max(5),
  snippetAmount: z.number().int().min(2).max(40),
  resolution: z.number().int().min(300).max(800).multipleOf(20),
  extraSnippet: z.boolean(),
});
export type PreviewOptions = z.infer<typeof PreviewOptions>;

export const LibraryOptions = z.object({ preview: PreviewOptions });

export const ScheduleOptions = z
  .object({
    enabled: z.boolean(),
    hourInterval: z.number().int().min(1).max(23),
    useRange: z.boolean(),
    minuteStart: z.number().int().min(0).max(60),
    hourStart: z.number().int().min(0).max(23),
    /** 0 to 47: a value past 23 is the next day's hour (the window crosses midnight). */
    hourEnd: z.number().int().min(0).max(47),
    /** Minutes after startup to run once; 0 = no start-up run. */
    runAtStartDelay: z.number().int().min(0).max(60),
  })
  .refine((s) => !s.useRange || (s.hourEnd >= s.hourStart && s.hourEnd - s.hourStart <= 23), {
    message: 'the time window spans at most 23 hours',
    path: ['hourEnd'],
  });
export type ScheduleOptions = z.infer<typeof ScheduleOptions>;

export const SCHEDULE_KEYS = [
  'rescrapeSchedule',
  'rescanSchedule',
  'previewSchedule',
  'actorRescrapeSchedule',
  'stashdbRescrapeSchedule',
  'linkScenesSchedule',
] as const;
export type ScheduleKey = (typeof SCHEDULE_KEYS)[number];

export const CronOptions = z.object({
  rescrapeSchedule: ScheduleOptions,
  rescanSchedule: ScheduleOptions,
  previewSchedule: ScheduleOptions,
  actorRescrapeSchedule: ScheduleOptions,
  stashdbRescrapeSchedule: ScheduleOptions,
  linkScenesSchedule: ScheduleOptions,
});
export type CronOptions = z.infer<typeof CronOptions>;

export const DEFAULT_VIDEO_EXT = ['.mp4', '.avi', '.wmv', '.mpeg4', '.mov', '.mkv'] as const;
export const FORBIDDEN_VIDEO_EXT = ['.funscript', '.cmscript', '.hsp', '.srt', '.ssa', '.ass'] as const;

export const StorageOptions = z.object({
  match_ohash: z.boolean(),
  /** Empty means DEFAULT_VIDEO_EXT. */
  video_ext: z.array(z.string().regex(/^\.[a-z0-9]+$/, 'an extension such as .mp4')),
});
export type StorageOptions = z.infer<typeof StorageOptions>;

/** The JAV sources; r18.dev first and the default, since it is the one that still answers (scraper-sites §6). */
export const JavrScraper = z.enum(['r18d', 'javdatabase', 'javlibrary', 'javland']);
export type JavrScraper = z.infer<typeof JavrScraper>;
export const ScraperSettings = z.object({
  tmwvrnet: z.object({ tmwMembersDomain: z.string() }),
  javr: z.object({ javrScraper: JavrScraper }),
});
export type ScraperSettings = z.infer<typeof ScraperSettings>;

export const CacheOptions = z.object({
  /** How often the cache sizes shown on the Cache section are recomputed. */
  sizeRefreshHours: z.number().int().min(1).max(168),
  /** The image proxy's cache limit in MB; the least recently used images are removed past it. */
  imagesMaxMb: z.number().int().min(50).max(1_000_000),
});
export type CacheOptions = z.infer<typeof CacheOptions>;

export const Options = z.object({
  web: WebOptions,
  advanced: AdvancedOptions,
  funscripts: FunscriptOptions,
  vendor: VendorOptions,
  interfaces: InterfacesOptions,
  library: LibraryOptions,
  cron: CronOptions,
  storage: StorageOptions,
  scraper_settings: ScraperSettings,
  cache: CacheOptions,
});
export type Options = z.infer<typeof Options>;

const schedule = (enabled: boolean, hourInterval: number): ScheduleOptions => ({
  enabled,
  hourInterval,
  useRange: false,
  minuteStart: 0,
  hourStart: 0,
  hourEnd: 23,
  runAtStartDelay: 0,
});

export const DEFAULT_OPTIONS: Options = {
  web: {
    tagSort: 'by-tag-count',
    sceneHidden: true,
    sceneWatchlist: true,
    sceneFavourite: true,
    sceneWishlist: true,
    sceneWatched: false,
    sceneEdit: false,
    sceneDuration: false,
    sceneCuepoint: true,
    showHspFile: true,
    showSubtitlesFile: true,
    sceneTrailerlist: true,
    showScriptHeatmap: true,
    showAllHeatmaps: false,
    showOpenInNewWindow: true,
    updateCheck: true,
    isAvailOpacity: 40,
    sceneCardAspectRatio: '1:1',
    sceneCardScaleToFit: true,
    actorCardAspectRatio: '1:1',
    actorCardScaleToFit: true,
  },
  advanced: {
    showInternalSceneId: false,
    showHSPApiLink: false,
    showSceneSearchField: false,
    stashApiKey: '',
    scraperProxy: '',
    scraperUserAgent: '',
    scrapeActorAfterScene: true,
    useImperialEntry: false,
    progressTimeInterval: 15,
    linkScenesAfterSceneScraping: true,
    useAltSrcInFileMatching: true,
    useAltSrcInScriptFilters: true,
    autoLimitScraping: true,
    ignoreReleasedBefore: null,
    imageProxyAllowLan: false,
  },
  funscripts: { scrapeFunscripts: false },
  vendor: { tpdb: { apiToken: '' } },
  interfaces: {
    dlna: { enabled: true, serviceName: 'Fovea', serviceImage: 'default', allowedIp: [] },
    deovr: {
      enabled: true,
      auth_enabled: false,
      render_heatmaps: false,
      track_watch_time: true,
      remote_enabled: false,
      username: '',
      password: '',
    },
    heresphere: {
      allow_file_deletes: false,
      allow_rating_updates: false,
      allow_favorite_updates: false,
      allow_hsp_data: false,
      allow_tag_updates: false,
      allow_cuepoint_updates: false,
      allow_watchlist_updates: false,
      multitrack_cuepoints: true,
      multitrack_cast_cuepoints: true,
      retain_non_hsp_cuepoints: true,
    },
    players: { video_sort_seq: 'filename', script_sort_seq: 'filename', subtitle_sort_seq: 'filename' },
  },
  library: {
    preview: {
      enabled: true,
      startTime: 5,
      snippetLength: 0.2,
      snippetAmount: 2,
      resolution: 300,
      extraSnippet: false,
    },
  },
  cron: {
    rescrapeSchedule: schedule(true, 12),
    rescanSchedule: schedule(true, 2),
    previewSchedule: schedule(false, 2),
    actorRescrapeSchedule: schedule(false, 12),
    stashdbRescrapeSchedule: schedule(false, 12),
    linkScenesSchedule: schedule(false, 12),
  },
  storage: { match_ohash: false, video_ext: [] },
  scraper_settings: {
    tmwvrnet: { tmwMembersDomain: 'members.tmwvrnet.com' },
    javr: { javrScraper: 'r18d' },
  },
  cache: { sizeRefreshHours: 6, imagesMaxMb: 2048 },
};

/** PUT /api/options/interface/web: any subset of the web keys; unknown keys are refused. */
export const WebOptionsUpdate = WebOptions.partial().strict();
/**
 * PUT /api/options/interface/advanced: any subset of the advanced keys. `collectorConfigs` is accepted and
 * ignored, because the reference UI sends its collector list along (xbvr-wire §1.7), and null until it has
 * loaded that list.
 */
export const AdvancedOptionsUpdate = AdvancedOptions.partial()
  .extend({ collectorConfigs: z.array(z.unknown()).max(1_000).nullable().optional() })
  .strict();

export const ScraperInfo = z.object({
  id: z.string(),
  name: z.string(),
  /** Spelt so on the wire (xbvr-wire §1.1). */
  avaatarurl: z.string(),
  domain: z.string(),
  master_site_id: z.string(),
});
export type ScraperInfo = z.infer<typeof ScraperInfo>;

export const OptionsStateResponse = z.object({
  config: Options,
  currentState: z.object({
    server: z.object({ bound_ip: z.array(z.string()) }),
    /**
     * The reference UI's migration overlay polls this while is_running (xbvr-wire §1.1). Fovea migrates before
     * it listens, so an answer never sees one running.
     */
    migration: z.object({
      is_running: z.boolean(),
      current: z.string(),
      total: z.number().int(),
      progress: z.number().int(),
      message: z.string(),
    }),
    dlna: z.object({ running: z.boolean(), images: z.array(z.string()), recentIp: z.array(z.string()) }),
    cacheSize: z.object({
      images: z.number().int(),
      previews: z.number().int(),
      searchIndex: z.number().int(),
      /** The images cache's limit in bytes (options cache.imagesMaxMb). */
      imagesLimit: z.number().int(),
    }),
  }),
  scrapers: z.array(ScraperInfo),
});
export type OptionsStateResponse = z.infer<typeof OptionsStateResponse>;
