import type { ColumnType, Generated, Kysely } from 'kysely';

/**
 * Row types of the SQLite schema created by `migrations/0001-initial-schema.ts`.
 *
 * Conventions: booleans are INTEGER 0/1 (typed `number`); times are ISO-8601 UTC TEXT
 * ('2024-05-01T10:11:12.345Z') with NULL meaning "none"; dates are TEXT 'YYYY-MM-DD';
 * JSON lists and objects are TEXT. Columns with a database default are `Generated<>`.
 */

/** created_at / updated_at: filled by the database default on insert; repositories set updated_at. */
type Timestamp = Generated<string>;
/** INTEGER 0/1 with a default. */
type Flag = Generated<number>;

export interface VolumesTable {
  id: Generated<number>;
  type: 'local' | 'putio';
  path: string;
  metadata: Generated<string>;
  is_enabled: Flag;
  is_available: Flag;
  last_scan: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SitesTable {
  id: string;
  name: string;
  avatar_url: Generated<string>;
  is_builtin: Flag;
  is_enabled: Flag;
  last_update: string | null;
  subscribed: Flag;
  limit_scraping: Flag;
  master_site_id: Generated<string>;
  matching_params: Generated<string>;
  scrape_stash: Flag;
  created_at: Timestamp;
  updated_at: Timestamp;
  // Migration 0009: filled from the scraper definitions.
  studio: Generated<string>;
  /** The host single-scene URLs are recognised by. */
  domain: Generated<string>;
  definition_id: Generated<string>;
  /** Why a shipped site is disabled ('' when it is not). */
  disabled_reason: Generated<string>;
  /** 1 while a loaded definition describes the site. */
  has_scraper: Flag;
}

/** An aggregator studio the owner added (migration 0012); `list` is the aggregator's definition id. */
export interface CustomSitesTable {
  id: string;
  list: 'slr' | 'povr' | 'vrporn' | 'realvr' | 'vrphub' | 'stashdb';
  url: string;
  name: string;
  company: string;
  avatar_url: Generated<string>;
  master_site_id: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type ScrapeRunKindColumn = 'full' | 'limited' | 'single';
export type ScrapeRunStatusColumn =
  'running' | 'ok' | 'partial' | 'failed' | 'blocked' | 'zero_results' | 'invalid_definition';

/** One run of a site's scraper (migration 0009), for the Scrapers table's health column. */
export interface ScrapeRunsTable {
  id: Generated<number>;
  site_id: string;
  kind: ScrapeRunKindColumn;
  status: ScrapeRunStatusColumn;
  started_at: string;
  finished_at: string | null;
  pages_fetched: Generated<number>;
  scenes_seen: Generated<number>;
  scenes_new: Generated<number>;
  scenes_updated: Generated<number>;
  scenes_rejected: Generated<number>;
  /** JSON object: answers by HTTP status ("network" for none). */
  http_statuses: Generated<string>;
  last_error: Generated<string>;
  last_error_url: Generated<string>;
  definition_version: Generated<number>;
  /** JSON list of `{field, empty, of}`. */
  coverage: Generated<string>;
}

export interface ScenesTable {
  id: Generated<number>;
  scene_id: string;
  title: Generated<string>;
  scene_type: Generated<string>;
  scraper_id: Generated<string>;
  studio: Generated<string>;
  site: Generated<string>;
  scene_url: Generated<string>;
  members_url: Generated<string>;
  synopsis: Generated<string>;
  cover_url: Generated<string>;
  release_date: string | null;
  /** Minutes. */
  duration: Generated<number>;
  /** JSON list of `{url, type, orientation}`. */
  images: Generated<string>;
  /** JSON list of expected filenames. */
  filenames_arr: Generated<string>;
  is_multipart: Flag;
  star_rating: Generated<number>;
  favourite: Flag;
  watchlist: Flag;
  wishlist: Flag;
  trailerlist: Flag;
  is_watched: Flag;
  is_hidden: Flag;
  needs_update: Flag;
  edits_applied: Flag;
  is_subscribed: Flag;
  trailer_type: Generated<string>;
  trailer_source: Generated<string>;
  chroma_key: Generated<string>;
  legacy_scene_id: Generated<string>;
  script_published: string | null;
  ai_script: Flag;
  human_script: Flag;
  last_opened: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  // Denormalised status, recomputed by one service from files, history, cast and cuepoints.
  is_available: Flag;
  is_accessible: Flag;
  is_scripted: Flag;
  has_preview: Flag;
  total_file_size: Generated<number>;
  video_file_count: Generated<number>;
  script_file_count: Generated<number>;
  hsp_file_count: Generated<number>;
  subtitles_file_count: Generated<number>;
  added_date: string | null;
  /** Seconds. */
  total_watch_time: Generated<number>;
  cast_count: Generated<number>;
  cuepoint_count: Generated<number>;
  hsp_cuepoint_count: Generated<number>;
  // Migration 0003: random order and alternate-source facts (kept by triggers).
  random_key: Generated<number>;
  alt_src_linked_at: ColumnType<string | null, never, never>;
  alt_script_published: ColumnType<string | null, never, never>;
  alt_human_script: ColumnType<number, never, never>;
  alt_ai_script: ColumnType<number, never, never>;
  /** Generated: the later of script_published and alt_script_published ('' for neither). */
  script_published_any: ColumnType<string, never, never>;
}

export type FileType = 'video' | 'script' | 'hsp' | 'subtitles';

export interface FilesTable {
  id: Generated<number>;
  volume_id: number;
  /** The directory; for put.io the put.io file id. */
  path: string;
  filename: string;
  size: Generated<number>;
  oshash: Generated<string>;
  created_time: string | null;
  updated_time: string | null;
  type: FileType;
  /** NULL = unmatched (the wire says 0). */
  scene_id: number | null;
  video_width: Generated<number>;
  video_height: Generated<number>;
  video_bitrate: Generated<number>;
  video_avg_frame_rate: Generated<string>;
  video_avgfps_val: Generated<number>;
  video_codec_name: Generated<string>;
  /** Seconds. */
  duration: Generated<number>;
  projection: Generated<string>;
  stereo_mode: Generated<string>;
  fov: Generated<number>;
  has_alpha: Flag;
  projection_is_manual: Flag;
  has_heatmap: Flag;
  is_selected_script: Flag;
  is_exported: Flag;
  refresh_heatmap_cache: Flag;
  missing_since: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Generated (0003): the "K" class of the resolution filter, e.g. 8 for 8K. */
  resolution_k: ColumnType<number, never, never>;
  /** Generated (0003): the average frame rate rounded, the "Frame Rate N fps" filter. */
  fps_class: ColumnType<number, never, never>;
}

export interface ActorsTable {
  id: Generated<number>;
  name: string;
  is_aka_group: Flag;
  count: Generated<number>;
  avail_count: Generated<number>;
  image_url: Generated<string>;
  image_arr: Generated<string>;
  star_rating: Generated<number>;
  favourite: Flag;
  watchlist: Flag;
  needs_update: Flag;
  birth_date: string | null;
  nationality: Generated<string>;
  ethnicity: Generated<string>;
  eye_color: Generated<string>;
  hair_color: Generated<string>;
  cup_size: Generated<string>;
  breast_type: Generated<string>;
  gender: Generated<string>;
  biography: Generated<string>;
  height: Generated<number>;
  weight: Generated<number>;
  band_size: Generated<number>;
  waist_size: Generated<number>;
  hip_size: Generated<number>;
  start_year: Generated<number>;
  end_year: Generated<number>;
  tattoos: Generated<string>;
  piercings: Generated<string>;
  aliases: Generated<string>;
  urls: Generated<string>;
  scene_rating_average: number | null;
  latest_release_date: string | null;
  latest_scene_added: string | null;
  latest_file_added: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SceneCastTable {
  scene_id: number;
  actor_id: number;
}

/** The sites each actor has scenes on (migration 0007), for the actor list's site filter. */
export interface ActorSitesTable {
  site: string;
  actor_id: number;
}

export interface TagsTable {
  id: Generated<number>;
  name: string;
  clean: Generated<string>;
  count: Generated<number>;
  is_tag_group: Flag;
}

export interface SceneTagsTable {
  scene_id: number;
  tag_id: number;
}

export interface TagGroupsTable {
  id: Generated<number>;
  name: string;
  tag_group_tag_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface TagGroupTagsTable {
  tag_group_id: number;
  tag_id: number;
}

export interface AkasTable {
  id: Generated<number>;
  name: string;
  aka_actor_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ActorAkasTable {
  aka_id: number;
  actor_id: number;
}

export interface SceneCuepointsTable {
  id: Generated<number>;
  scene_id: number;
  /** NULL = normal cuepoint, a number = HereSphere track. */
  track: number | null;
  name: string;
  time_start: number;
  time_end: number | null;
  rating: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface HistoriesTable {
  id: Generated<number>;
  scene_id: number;
  time_start: string;
  time_end: string | null;
  /** Seconds. */
  duration: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type PlaylistType = 'scene' | 'actor';

export interface PlaylistsTable {
  id: Generated<number>;
  name: string;
  ordering: Generated<number>;
  is_system: Flag;
  is_deo_enabled: Flag;
  is_smart: Flag;
  playlist_type: PlaylistType;
  search_params: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ExternalReferencesTable {
  id: Generated<number>;
  external_source: string;
  external_id: string;
  external_url: Generated<string>;
  external_date: string | null;
  external_data: Generated<string>;
  udf_bool1: Flag;
  udf_bool2: Flag;
  udf_datetime1: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type InternalTable = 'scenes' | 'actors' | 'sites';

export interface ExternalReferenceLinksTable {
  id: Generated<number>;
  internal_table: InternalTable;
  internal_db_id: Generated<number>;
  internal_name_id: Generated<string>;
  external_reference_id: number;
  external_source: string;
  external_id: string;
  match_type: Generated<number>;
  udf_datetime1: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type SceneEditAction = 'edit' | 'match' | 'unmatch';

export interface SceneEditsTable {
  id: Generated<number>;
  /** The public scene_id string: survives scene deletes. */
  scene_id: string;
  action_type: SceneEditAction;
  changed_column: string;
  new_value: Generated<string>;
  created_at: Timestamp;
}

export type ActorEditAction = 'edit' | 'delete' | 'add' | 'setimage';

export interface ActorEditsTable {
  id: Generated<number>;
  actor_id: number | null;
  actor_name: string;
  action_type: ActorEditAction;
  source: Generated<string>;
  changed_column: string;
  new_value: Generated<string>;
  created_at: Timestamp;
}

export interface KvTable {
  key: string;
  value: string;
  updated_at: Timestamp;
}

export type JobStatus = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';

export interface JobsTable {
  id: Generated<number>;
  name: string;
  status: JobStatus;
  payload: Generated<string>;
  current: Generated<number>;
  total: Generated<number>;
  message: Generated<string>;
  error: string | null;
  attempts: Generated<number>;
  created_at: Timestamp;
  started_at: string | null;
  finished_at: string | null;
}

export interface LocksTable {
  name: string;
  job_id: number | null;
  acquired_at: Generated<string>;
}

/** FTS5 table; `rowid` = scenes.id. Kept by the triggers of migration 0002 in the scene's transaction. */
export interface SceneSearchTable {
  rowid: number;
  title: string;
  cast: string;
  site: string;
  description: string;
  scene_code: string;
  filenames: string;
  /** The hidden column named after the table, for `scene_search MATCH ?`. */
  scene_search: ColumnType<string, never, never>;
  /** FTS5 bm25 rank (lower is better). */
  rank: ColumnType<number, never, never>;
}

export interface MigrationsTable {
  id: string;
  applied_at: string;
}

/** Versions that triggers move when a kind of data changes (migration 0004). */
export interface DataVersionsTable {
  name: 'scene_status' | 'actors' | 'players';
  version: number;
}

export interface DB {
  volumes: VolumesTable;
  sites: SitesTable;
  custom_sites: CustomSitesTable;
  scrape_runs: ScrapeRunsTable;
  scenes: ScenesTable;
  files: FilesTable;
  actors: ActorsTable;
  scene_cast: SceneCastTable;
  actor_sites: ActorSitesTable;
  tags: TagsTable;
  scene_tags: SceneTagsTable;
  tag_groups: TagGroupsTable;
  tag_group_tags: TagGroupTagsTable;
  akas: AkasTable;
  actor_akas: ActorAkasTable;
  scene_cuepoints: SceneCuepointsTable;
  histories: HistoriesTable;
  playlists: PlaylistsTable;
  external_references: ExternalReferencesTable;
  external_reference_links: ExternalReferenceLinksTable;
  scene_edits: SceneEditsTable;
  actor_edits: ActorEditsTable;
  kv: KvTable;
  data_versions: DataVersionsTable;
  jobs: JobsTable;
  locks: LocksTable;
  scene_search: SceneSearchTable;
  migrations: MigrationsTable;
}

export type Database = Kysely<DB>;
