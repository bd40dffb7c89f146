import {
  ADVANCED_BODY,
  ADVANCED_KEYS,
  DEOVR_BODY,
  WEB_BODY,
  type Reads,
  type WireCall,
} from './reference-ui-wire';

/* The reference UI's Options screens (xbvr-wire §1, §6, §10, §11.3), in the order a user meets them. */

const STATE_READS: Reads = [
  'config.web.tagSort',
  'config.advanced.stashApiKey',
  'config.funscripts.scrapeFunscripts',
  'config.vendor.tpdb.apiToken',
  'config.interfaces.dlna.serviceName',
  'config.interfaces.dlna.serviceImage',
  'config.interfaces.dlna.allowedIp[]',
  'config.interfaces.deovr.password',
  'config.interfaces.heresphere.allow_hsp_data',
  'config.interfaces.players.video_sort_seq',
  'config.library.preview.snippetLength',
  ...['rescrape', 'rescan', 'preview', 'actorRescrape', 'stashdbRescrape', 'linkScenes'].map(
    (task) => `config.cron.${task}Schedule.hourStart`,
  ),
  'config.scraper_settings.javr.javrScraper',
  'currentState.server.bound_ip[]',
  'currentState.migration.is_running',
  'currentState.dlna.running',
  'currentState.dlna.images[]',
  'currentState.cacheSize.images',
  'currentState.cacheSize.previews',
  'currentState.cacheSize.searchIndex',
  'scrapers[]',
  'scrapers[].id',
  'scrapers[].avaatarurl',
  'scrapers[].domain',
];

/** Schedules.vue's flat 42-key body: the six tasks' values, a window past midnight as [22, 26]. */
const SCHEDULES_BODY = Object.fromEntries(
  ['rescrape', 'rescan', 'preview', 'actorRescrape', 'stashdbRescrape', 'linkScenes'].flatMap((task) => [
    [`${task}Enabled`, task === 'rescrape' || task === 'rescan'],
    [`${task}HourInterval`, task === 'rescan' ? 2 : 12],
    [`${task}UseRange`, task === 'rescrape'],
    [`${task}MinuteStart`, 0],
    [`${task}HourStart`, task === 'rescrape' ? 22 : 0],
    [`${task}HourEnd`, task === 'rescrape' ? 26 : 23],
    [`${task}StartDelay`, 0],
  ]),
);

const SITE_LIST_READS: Reads = [
  '[]',
  ...[
    'id',
    'name',
    'avatar_url',
    'is_enabled',
    'last_update',
    'subscribed',
    'has_scraper',
    'limit_scraping',
    'master_site_id',
    'scrape_stash',
    'scene_count',
  ].map((key) => `[].${key}`),
];

export const OPTION_CALLS: WireCall[] = [
  // Options and state (§1)
  {
    ui: '§1.1 MigrationOverlay.vue, store/options*.js',
    method: 'GET',
    url: '/api/options/state',
    reads: STATE_READS,
  },
  {
    ui: '§1.2 Navbar.vue',
    method: 'GET',
    url: '/api/options/version-check',
    reads: ['current_version', 'latest_version', 'update_notify'],
  },
  {
    ui: '§1.3 Cache.vue',
    method: 'GET',
    url: '/api/options/state/search',
    reads: ['documentCount', 'inProgress'],
  },
  {
    ui: '§1.4 store/optionsWeb.js',
    method: 'PUT',
    url: '/api/options/interface/web',
    body: () => WEB_BODY,
    reads: Object.keys(WEB_BODY),
  },
  {
    ui: '§1.5 store/optionsDeoVR.js',
    method: 'PUT',
    url: '/api/options/interface/deovr',
    body: () => DEOVR_BODY,
    reads: [],
  },
  {
    ui: '§1.6 store/optionsDLNA.js',
    method: 'PUT',
    url: '/api/options/interface/dlna',
    body: () => ({
      enabled: false,
      name: 'XBVR',
      image: 'default',
      allowedIp: [],
      recentIp: [],
      availableImages: ['default', 'ghost'],
    }),
    reads: ['enabled'],
  },
  {
    ui: '§1.7 store/optionsAdvanced.js (collectorConfigs still null)',
    method: 'PUT',
    url: '/api/options/interface/advanced',
    body: () => ADVANCED_BODY,
    reads: ADVANCED_KEYS,
  },
  {
    ui: '§1.8 store/optionsFunscripts.js',
    method: 'PUT',
    url: '/api/options/funscripts',
    body: () => ({ scrapeFunscripts: false }),
    reads: ['scrapeFunscripts'],
  },
  {
    ui: '§1.8 store/optionsFunscripts.js',
    method: 'GET',
    url: '/api/options/funscripts/count',
    reads: ['total', 'updated'],
  },
  {
    ui: '§1.9 Previews.vue',
    method: 'PUT',
    url: '/api/options/previews',
    body: () => ({
      startTime: 10,
      snippetLength: 0.4,
      snippetAmount: 20,
      resolution: 400,
      extraSnippet: false,
    }),
    reads: [],
  },
  {
    ui: '§1.9 Previews.vue (test preview)',
    method: 'POST',
    url: '/api/options/previews/test',
    body: () => ({
      startTime: 10,
      snippetLength: 0.4,
      snippetAmount: 20,
      resolution: 400,
      extraSnippet: false,
    }),
    reads: [],
  },
  {
    ui: '§1.10 Schedules.vue (a rescrape window across midnight, as the slider sends it)',
    method: 'POST',
    url: '/api/options/task-schedule',
    body: () => SCHEDULES_BODY,
    reads: [],
  },
  ...['images', 'previews', 'searchIndex'].map((kind): WireCall => ({
    ui: '§1.11 Cache.vue',
    method: 'DELETE',
    url: `/api/options/cache/reset/${kind}`,
    reads: [],
  })),
  { ui: '§7 Cache.vue (reindex)', method: 'GET', url: '/api/task/index', reads: [] },
  { ui: '§7 Cache.vue (scene refresh)', method: 'GET', url: '/api/task/scene-refresh', reads: [] },
  {
    ui: '§1.12 scenes/Details.vue',
    method: 'GET',
    url: '/api/options/cuepoints',
    reads: ['positions[]', 'actions[]'],
  },
  {
    ui: '§11.3 store/optionsAdvanced.js',
    method: 'GET',
    url: '/api/options/collector-config-list',
    reads: ['[]', '[].domain_key', '[].config.headers?[]', '[].config.cookies?[]'],
  },
  {
    ui: '§11.3 InterfaceAdvanced.vue (form)',
    method: 'POST',
    url: '/api/options/save-collector-config',
    body: () => ({ domain_key: 'wire-trailers', body: '', cookies: [], headers: [], other: [] }),
    reads: [],
  },
  {
    ui: '§11.3 InterfaceAdvanced.vue',
    method: 'DELETE',
    url: '/api/options/delete-collector-config',
    body: () => ({ domain_key: 'wire-trailers' }),
    reads: [],
  },
  // Storage and sites (§6, §10)
  {
    ui: '§6 store/optionsStorage.js',
    method: 'GET',
    url: '/api/options/storage',
    reads: [
      'volumes[]',
      ...[
        'id',
        'path',
        'type',
        'is_available',
        'last_scan',
        'file_count',
        'unmatched_count',
        'total_size',
      ].map((key) => `volumes[].${key}`),
      'match_ohash',
      'video_ext[]',
      'forbidden_video_ext[]',
      'default_video_ext[]',
    ],
  },
  {
    ui: '§6 store/optionsStorage.js',
    method: 'PUT',
    url: '/api/options/storage',
    body: () => ({
      match_ohash: false,
      forbidden_video_ext: ['.funscript', '.cmscript', '.hsp', '.srt', '.ssa', '.ass'],
      video_ext: ['.mp4', '.mkv'],
      default_video_ext: ['.mp4', '.avi', '.wmv', '.mpeg4', '.mov', '.mkv'],
    }),
    reads: [],
  },
  {
    ui: '§6 Storage.vue',
    method: 'POST',
    url: '/api/options/storage',
    body: (ids) => ({ path: ids.spare, type: 'local' }),
    reads: [],
  },
  {
    ui: '§6 store/optionsStorage.js (after the WS event)',
    method: 'GET',
    url: '/api/options/storage',
    reads: ['volumes[]'],
    keep: (answer, ids) => {
      const { volumes } = answer as { volumes: { id: number; path: string }[] };
      ids.spareVolume = volumes.find((volume) => volume.path === ids.spare)?.id ?? 0;
    },
  },
  { ui: '§6 Storage.vue', method: 'DELETE', url: '/api/options/storage/{spareVolume}', reads: [] },
  {
    ui: '§10 store/optionsSites.js, RescrapeButton.vue',
    method: 'GET',
    url: '/api/options/sites',
    reads: SITE_LIST_READS,
  },
  ...['', 'subscribed/', 'limit_scraping/', 'scrape_stash/'].map((kind): WireCall => ({
    ui: '§10 store/optionsSites.js',
    method: 'PUT',
    url: `/api/options/sites/${kind}{site}`,
    body: () => ({}),
    reads: SITE_LIST_READS,
  })),
  {
    ui: '§10 OptionsSceneDataScrapers.vue',
    method: 'POST',
    url: '/api/options/scraper/force-site-update',
    body: (ids) => ({ scraper_id: ids.site }),
    reads: [],
  },
];
