/*
 * Business constants both the server and the web client need (library-spec §9, options-spec §9,
 * xbvr-facts §2.12 and §3.5). Times are in milliseconds unless the name says otherwise.
 */

// ---- Page sizes -------------------------------------------------------------------------------------------

/** Scenes per page of the scene list (and per "load more"). */
export const SCENE_PAGE_SIZE = 80;
/** Largest `limit` a list request may ask for. */
export const MAX_LIST_LIMIT = 1000;
/** Actors per page by card size: S ('1') = 18, M ('2') = 10, L ('3') = 8. */
export const ACTOR_PAGE_SIZES = { '1': 18, '2': 10, '3': 8 } as const;
export const DEFAULT_ACTOR_PAGE_SIZE = ACTOR_PAGE_SIZES['1'];
/** Search results per page in the match-file-to-scene dialog. */
export const MATCH_RESULTS_PAGE_SIZE = 5;
/** Rows per page of the cuepoint table in scene details. */
export const CUEPOINT_TABLE_PAGE_SIZE = 7;

/** Card sizes S, M, L and the share of the list width a card takes. */
export const CARD_SIZES = ['1', '2', '3'] as const;
export type CardSize = (typeof CARD_SIZES)[number];
export const CARD_WIDTH_FRACTION = { '1': 1 / 5, '2': 1 / 4, '3': 1 / 3 } as const;
export const DEFAULT_CARD_SIZE: CardSize = '1';

// ---- Default sorts and states -----------------------------------------------------------------------------

export const DEFAULT_SCENE_SORT = 'release_desc';
export const DEFAULT_ACTOR_SORT = 'name_asc';
export const DEFAULT_FILE_SORT = 'created_time_desc';
export const DEFAULT_FILE_STATE = 'unmatched';
export const DEFAULT_SCENE_DL_STATE = 'available';

// ---- Ratings ----------------------------------------------------------------------------------------------

export const STAR_RATING_MAX = 5;
/** Step of a scene or actor star rating. */
export const STAR_RATING_STEP = 0.5;
/** Step of an actor's average scene rating (display and filter slider). */
export const SCENE_RATING_AVERAGE_STEP = 0.25;

// ---- Player -----------------------------------------------------------------------------------------------

/** Skip buttons of the player, in seconds (negative = back). */
export const PLAYER_SKIP_BACK_SECONDS = [-300, -120, -60, -30, -10, -5] as const;
export const PLAYER_SKIP_FORWARD_SECONDS = [5, 10, 30, 60, 120, 300] as const;
export const PLAYER_DEFAULT_SKIP_SECONDS = 5;
export const PLAYER_SEEK_STEP_SECONDS = 5;
export const PLAYER_VOLUME_STEP = 0.1;
export const PLAYER_FOV_MIN = 30;
export const PLAYER_FOV_MAX = 130;
/** Size of the files-screen player overlay, in px. */
export const PLAYER_VIDEO_SIZE_PX = 640;
/** The cuepoint time picker goes up to 5 hours. */
export const CUEPOINT_TIME_MAX_SECONDS = 5 * 60 * 60;

/** Cuepoint vocabulary the client falls back to when the server has none (xbvr-facts §2.2). */
export const DEFAULT_CUEPOINT_POSITIONS = ['standing', 'sitting', 'laying', 'kneeling'] as const;
export const DEFAULT_CUEPOINT_ACTIONS = [
  'handjob',
  'blowjob',
  'doggy',
  'cowgirl',
  'revcowgirl',
  'missionary',
  'titfuck',
  'anal',
  'cumshot',
  '69',
  'facesit',
] as const;

// ---- Timing -----------------------------------------------------------------------------------------------

export const RESCRAPE_DELAY_MS = 200;
export const MATCH_SEARCH_DEBOUNCE_MS = 200;
export const PAGE_INPUT_DEBOUNCE_MS = 250;
export const EXTERNAL_SEARCH_DEBOUNCE_MS = 750;
export const TOOLTIP_DELAY_MS = 500;
export const TOAST_MS = 5000;
export const SUCCESS_TOAST_MS = 3000;
export const SINGLE_SCRAPE_WARNING_TOAST_MS = 10_000;
export const IMPORT_ERROR_TOAST_MS = 30_000;

/** Client timeouts of slow calls (0 = none). */
export const TIMEOUTS = {
  sceneSearch: 60_000,
  sceneFilters: 300_000,
  savedSearches: 300_000,
  sceneList: 6_000_000,
  stashdbSearch: 6_000_000,
  tagGroupRemove: 60_000,
  tagGroupGet: 60_000,
  cacheReset: 30_000,
  singleScrape: 0,
  bundle: 0,
  default: 10_000,
} as const;

// ---- Lists and filters ------------------------------------------------------------------------------------

export const SCROLL_TO_TOP_THRESHOLD_PX = 20;
/** Unavailable scene cards: option 0-100 in steps of 10, shown divided by 100. */
export const UNAVAILABLE_OPACITY_DEFAULT = 40;
/** Date helpers of the search box default to the last 7 days; quick ranges of the files filter. */
export const DATE_SEARCH_DEFAULT_DAYS = 7;
export const RECENT_DAY_RANGES = [7, 14, 30] as const;
/** The files filename filter reloads only when the text is longer than this, or empty. */
export const FILENAME_FILTER_MIN_LENGTH = 3;
/** Prefixes the quick-find and match helper buttons insert. */
export const SEARCH_HELPER_PREFIXES = [
  'title:',
  'cast:',
  'site:',
  'id:',
  'duration:',
  'released:',
  'added:',
] as const;

/** The A-Z jump strip of the actor list; grouped letters jump to their first letter. */
export const ACTOR_JUMP_LETTERS = [
  'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L', 'M', 'N', 'O', 'P', 'Q/R', 'S', 'T', 'U/V', 'W/X/Y/Z',
] as const; // prettier-ignore

/** Slider ranges of the actor filters (the filter-state defaults are these bounds, age from 0). */
export const ACTOR_FILTER_RANGES = {
  age: { min: 0, max: 100, sliderMin: 18, step: 1 },
  height: { min: 120, max: 220, step: 1 },
  weight: { min: 25, max: 150, step: 1 },
  count: { min: 0, max: 150, step: 1 },
  avail: { min: 0, max: 150, step: 1 },
  rating: { min: 0, max: 5, step: 0.5 },
  scene_rating: { min: 0, max: 5, step: 0.25 },
} as const;

// ---- Files filter buckets (xbvr-facts §3.5) ---------------------------------------------------------------

/** Resolution buckets by video_height in px, bounds inclusive; null = no upper bound. */
export const RESOLUTION_BUCKETS = {
  below4k: { min: 0, max: 1899 },
  '4k': { min: 1900, max: 2449 },
  '5k': { min: 2450, max: 2899 },
  '6k': { min: 2900, max: 3299 },
  above6k: { min: 3300, max: null },
} as const;

/** Bitrate bands by video_bitrate in bits per second, bounds inclusive; null = no upper bound. */
export const BITRATE_BUCKETS = {
  low: { min: 0, max: 14_999_999 },
  medium: { min: 15_000_000, max: 24_999_999 },
  high: { min: 25_000_000, max: 35_000_000 },
  ultra: { min: 35_000_001, max: null },
} as const;

/** Frame-rate buckets by video_avgfps_val (already rounded up); `other` is anything else. */
export const FRAMERATE_BUCKETS = { '30fps': 30, '60fps': 60, other: null } as const;

// ---- External references (xbvr-facts §2.12) ---------------------------------------------------------------

/** match_type of external_reference_links. Other values of alternate scenes are the search score. */
export const MATCH_TYPE_DELETED = -1;
export const MATCH_TYPE_ACTOR_URL_EDIT = 0;
export const MATCH_TYPE_STASH_SCENE_MANUAL = 5;
export const MATCH_TYPE_STASH_URL = 10;
export const MATCH_TYPE_STASH_RULE = 20;
export const MATCH_TYPE_STASH_ALIAS = 30;
export const MATCH_TYPE_REVERSE = 40;
export const MATCH_TYPE_AKA_GROUP = 60;
export const MATCH_TYPE_AKA_GROUP_ALT = 70;
export const MATCH_TYPE_STASH_ACTOR_MANUAL = 90;
export const MATCH_TYPE_EXACT_TITLE = 10000;
export const MATCH_TYPE_MANUAL = 99999;
/** Links that automatic relinking never touches and keep_manual deletion keeps. */
export const MATCH_TYPES_KEPT = [MATCH_TYPE_MANUAL, MATCH_TYPE_DELETED] as const;
/** internal_name_id of a link the owner flagged deleted. */
export const DELETED_LINK_NAME = 'deleted';

export const EXTERNAL_SOURCE_STASHDB_SCENE = 'stashdb scene';
export const EXTERNAL_SOURCE_STASHDB_PERFORMER = 'stashdb performer';
export const EXTERNAL_SOURCE_STASHDB_STUDIO = 'stashdb studio';
/** Followed by the site id, e.g. "alternate scene povr-wankzvr". */
export const EXTERNAL_SOURCE_ALTERNATE_PREFIX = 'alternate scene ';
/** Actor profile links: "<site> scrape". */
export const EXTERNAL_SOURCE_SCRAPE_SUFFIX = ' scrape';
export const STASHDB_SITE_ICON = 'https://guidelines.stashdb.org/favicon.ico';

// ---- Groups and names -------------------------------------------------------------------------------------

/** Aka-group pseudo-actors are named "aka:<Name1>,<Name2>". */
export const AKA_PREFIX = 'aka:';
/** Tag-group pseudo-tags are named "tag group:<name>". */
export const TAG_GROUP_PREFIX = 'tag group:';
/** New collector-config names typed in the Advanced section. */
export const COLLECTOR_NAME_MAX_LENGTH = 20;

/** Image-proxy size options the UI uses in /img/{size}/{url}. */
export const IMAGE_PROXY_SIZES = ['120x', '128x', '200x', '700x', '700,fit', 'x40', 'x85'] as const;

/** DLNA icon names: drawn by the server (server/src/dlna/dlna-icons.ts), served at /dlna/icons/{name}.png. */
export const DLNA_IMAGES = [
  'default',
  'asterix',
  'checkmark',
  'collision',
  'doughnut',
  'gem',
  'ghost',
  'heart-decoration',
  'no-entry-sign',
  'open-folder',
  'rainbow',
  'rocket',
  'television',
  'videogame',
] as const;

/** Unit conversion for imperial entry in the actor editor. */
export const CM_PER_INCH = 2.54;
export const LB_PER_KG = 2.20462;

/** Stand-in images of the web client. */
export const BLANK_IMAGE = '/ui/images/blank.png';
export const BLANK_ACTOR_IMAGE = '/ui/images/blank_female_profile.png';
