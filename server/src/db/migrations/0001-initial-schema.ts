import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Migration } from './migration.types';
import { SEED_CUEPOINTS, SEED_PLAYLISTS } from './0001-initial-schema.seeds';

/** ISO-8601 UTC with milliseconds: '2024-05-01T10:11:12.345Z'. */
const NOW = `(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;
const CREATED = `created_at TEXT NOT NULL DEFAULT ${NOW}`;
const STAMPS = `${CREATED},\n  updated_at TEXT NOT NULL DEFAULT ${NOW}`;
const flag = (name: string, value: 0 | 1 = 0): string =>
  `${name} INTEGER NOT NULL DEFAULT ${value} CHECK (${name} IN (0, 1))`;
const flags = (...names: string[]): string => names.map((name) => flag(name)).join(',\n  ');
const texts = (...names: string[]): string => names.map((n) => `${n} TEXT NOT NULL DEFAULT ''`).join(',\n  ');
const ints = (...names: string[]): string =>
  names.map((n) => `${n} INTEGER NOT NULL DEFAULT 0`).join(',\n  ');
const jsonLists = (...names: string[]): string =>
  names.map((n) => `${n} TEXT NOT NULL DEFAULT '[]'`).join(',\n  ');
const oneOf = (name: string, values: readonly string[]): string =>
  `${name} TEXT NOT NULL CHECK (${name} IN (${values.map((v) => `'${v}'`).join(', ')}))`;

/** `index(table, 'a, b')` -> CREATE INDEX idx_<table>_<a>_<b>; `where` makes it partial. */
function index(table: string, columns: string, where?: string, name?: string): string {
  const suffix = name ?? columns.replace(/ COLLATE NOCASE| DESC/g, '').replace(/,\s*/g, '_');
  return `CREATE INDEX idx_${table}_${suffix} ON ${table} (${columns})${where ? ` WHERE ${where}` : ''}`;
}

const TABLES = [
  `CREATE TABLE volumes (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  ${oneOf('type', ['local', 'putio'])},
  path TEXT NOT NULL,
  metadata TEXT NOT NULL DEFAULT '',
  ${flag('is_enabled', 1)},
  ${flag('is_available')},
  last_scan TEXT,
  ${STAMPS},
  UNIQUE (type, path)
)`,
  `CREATE TABLE sites (
  id TEXT PRIMARY KEY NOT NULL,
  name TEXT NOT NULL,
  avatar_url TEXT NOT NULL DEFAULT '',
  ${flags('is_builtin', 'is_enabled')},
  last_update TEXT,
  ${flags('subscribed', 'limit_scraping')},
  ${texts('master_site_id', 'matching_params')},
  ${flag('scrape_stash')},
  ${STAMPS}
)`,
  `CREATE TABLE scenes (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  scene_id TEXT NOT NULL UNIQUE,
  title TEXT NOT NULL DEFAULT '',
  scene_type TEXT NOT NULL DEFAULT 'VR',
  ${texts('scraper_id', 'studio', 'site', 'scene_url', 'members_url', 'synopsis', 'cover_url')},
  release_date TEXT,
  duration INTEGER NOT NULL DEFAULT 0,
  ${jsonLists('images', 'filenames_arr')},
  ${flag('is_multipart')},
  star_rating REAL NOT NULL DEFAULT 0,
  ${flags('favourite', 'watchlist', 'wishlist', 'trailerlist', 'is_watched', 'is_hidden')},
  ${flags('needs_update', 'edits_applied', 'is_subscribed')},
  ${texts('trailer_type', 'trailer_source', 'chroma_key', 'legacy_scene_id')},
  script_published TEXT,
  ${flags('ai_script', 'human_script')},
  last_opened TEXT,
  ${STAMPS},
  ${flags('is_available', 'is_accessible', 'is_scripted', 'has_preview')},
  ${ints('total_file_size', 'video_file_count', 'script_file_count', 'hsp_file_count', 'subtitles_file_count')},
  added_date TEXT,
  ${ints('total_watch_time', 'cast_count', 'cuepoint_count', 'hsp_cuepoint_count')}
)`,
  `CREATE TABLE files (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  volume_id INTEGER NOT NULL REFERENCES volumes (id) ON DELETE CASCADE,
  path TEXT NOT NULL,
  filename TEXT NOT NULL,
  size INTEGER NOT NULL DEFAULT 0,
  oshash TEXT NOT NULL DEFAULT '',
  created_time TEXT,
  updated_time TEXT,
  ${oneOf('type', ['video', 'script', 'hsp', 'subtitles'])},
  scene_id INTEGER REFERENCES scenes (id) ON DELETE SET NULL,
  ${ints('video_width', 'video_height', 'video_bitrate')},
  video_avg_frame_rate TEXT NOT NULL DEFAULT '',
  video_avgfps_val REAL NOT NULL DEFAULT 0,
  video_codec_name TEXT NOT NULL DEFAULT '',
  duration REAL NOT NULL DEFAULT 0,
  ${texts('projection', 'stereo_mode')},
  fov INTEGER NOT NULL DEFAULT 0,
  ${flags('has_alpha', 'projection_is_manual', 'has_heatmap', 'is_selected_script', 'is_exported')},
  ${flag('refresh_heatmap_cache')},
  missing_since TEXT,
  ${STAMPS},
  UNIQUE (volume_id, path, filename)
)`,
  `CREATE TABLE actors (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL UNIQUE,
  ${flag('is_aka_group')},
  ${ints('count', 'avail_count')},
  image_url TEXT NOT NULL DEFAULT '',
  ${jsonLists('image_arr')},
  star_rating REAL NOT NULL DEFAULT 0,
  ${flags('favourite', 'watchlist', 'needs_update')},
  birth_date TEXT,
  ${texts('nationality', 'ethnicity', 'eye_color', 'hair_color', 'cup_size', 'breast_type', 'gender')},
  biography TEXT NOT NULL DEFAULT '',
  ${ints('height', 'weight', 'band_size', 'waist_size', 'hip_size', 'start_year', 'end_year')},
  ${jsonLists('tattoos', 'piercings', 'aliases', 'urls')},
  scene_rating_average REAL,
  latest_release_date TEXT,
  latest_scene_added TEXT,
  latest_file_added TEXT,
  ${STAMPS}
)`,
  `CREATE TABLE scene_cast (
  scene_id INTEGER NOT NULL REFERENCES scenes (id) ON DELETE CASCADE,
  actor_id INTEGER NOT NULL REFERENCES actors (id) ON DELETE CASCADE,
  PRIMARY KEY (scene_id, actor_id)
) WITHOUT ROWID`,
  `CREATE TABLE tags (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL UNIQUE,
  clean TEXT NOT NULL DEFAULT '',
  count INTEGER NOT NULL DEFAULT 0,
  ${flag('is_tag_group')}
)`,
  `CREATE TABLE scene_tags (
  scene_id INTEGER NOT NULL REFERENCES scenes (id) ON DELETE CASCADE,
  tag_id INTEGER NOT NULL REFERENCES tags (id) ON DELETE CASCADE,
  PRIMARY KEY (scene_id, tag_id)
) WITHOUT ROWID`,
  `CREATE TABLE tag_groups (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL UNIQUE,
  tag_group_tag_id INTEGER REFERENCES tags (id) ON DELETE SET NULL,
  ${STAMPS}
)`,
  `CREATE TABLE tag_group_tags (
  tag_group_id INTEGER NOT NULL REFERENCES tag_groups (id) ON DELETE CASCADE,
  tag_id INTEGER NOT NULL REFERENCES tags (id) ON DELETE CASCADE,
  PRIMARY KEY (tag_group_id, tag_id)
) WITHOUT ROWID`,
  `CREATE TABLE akas (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  aka_actor_id INTEGER UNIQUE REFERENCES actors (id) ON DELETE CASCADE,
  ${STAMPS}
)`,
  `CREATE TABLE actor_akas (
  aka_id INTEGER NOT NULL REFERENCES akas (id) ON DELETE CASCADE,
  actor_id INTEGER NOT NULL REFERENCES actors (id) ON DELETE CASCADE,
  PRIMARY KEY (aka_id, actor_id)
) WITHOUT ROWID`,
  `CREATE TABLE scene_cuepoints (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  scene_id INTEGER NOT NULL REFERENCES scenes (id) ON DELETE CASCADE,
  track INTEGER,
  name TEXT NOT NULL,
  time_start REAL NOT NULL,
  time_end REAL,
  rating REAL NOT NULL DEFAULT 0,
  ${STAMPS}
)`,
  `CREATE TABLE histories (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  scene_id INTEGER NOT NULL REFERENCES scenes (id) ON DELETE CASCADE,
  time_start TEXT NOT NULL,
  time_end TEXT,
  duration REAL NOT NULL DEFAULT 0,
  ${STAMPS}
)`,
  `CREATE TABLE playlists (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  ordering INTEGER NOT NULL DEFAULT 0,
  ${flags('is_system', 'is_deo_enabled', 'is_smart')},
  ${oneOf('playlist_type', ['scene', 'actor'])},
  search_params TEXT NOT NULL DEFAULT '{}',
  ${STAMPS}
)`,
  `CREATE TABLE external_references (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  external_source TEXT NOT NULL,
  external_id TEXT NOT NULL,
  external_url TEXT NOT NULL DEFAULT '',
  external_date TEXT,
  external_data TEXT NOT NULL DEFAULT '',
  ${flags('udf_bool1', 'udf_bool2')},
  udf_datetime1 TEXT,
  ${STAMPS},
  UNIQUE (external_source, external_id)
)`,
  `CREATE TABLE external_reference_links (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  ${oneOf('internal_table', ['scenes', 'actors', 'sites'])},
  internal_db_id INTEGER NOT NULL DEFAULT 0,
  internal_name_id TEXT NOT NULL DEFAULT '',
  external_reference_id INTEGER NOT NULL REFERENCES external_references (id) ON DELETE CASCADE,
  external_source TEXT NOT NULL,
  external_id TEXT NOT NULL,
  match_type INTEGER NOT NULL DEFAULT 0,
  udf_datetime1 TEXT,
  ${STAMPS}
)`,
  `CREATE TABLE scene_edits (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  scene_id TEXT NOT NULL,
  ${oneOf('action_type', ['edit', 'match', 'unmatch'])},
  changed_column TEXT NOT NULL,
  new_value TEXT NOT NULL DEFAULT '',
  ${CREATED}
)`,
  `CREATE TABLE actor_edits (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  actor_id INTEGER REFERENCES actors (id) ON DELETE SET NULL,
  actor_name TEXT NOT NULL,
  ${oneOf('action_type', ['edit', 'delete', 'add', 'setimage'])},
  source TEXT NOT NULL DEFAULT '',
  changed_column TEXT NOT NULL,
  new_value TEXT NOT NULL DEFAULT '',
  ${CREATED}
)`,
  `CREATE TABLE kv (
  key TEXT PRIMARY KEY NOT NULL,
  value TEXT NOT NULL,
  updated_at TEXT NOT NULL DEFAULT ${NOW}
)`,
  `CREATE TABLE jobs (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  ${oneOf('status', ['queued', 'running', 'done', 'failed'])},
  payload TEXT NOT NULL DEFAULT '{}',
  ${ints('current', 'total')},
  message TEXT NOT NULL DEFAULT '',
  error TEXT,
  attempts INTEGER NOT NULL DEFAULT 0,
  ${CREATED},
  started_at TEXT,
  finished_at TEXT
)`,
  `CREATE TABLE locks (
  name TEXT PRIMARY KEY NOT NULL,
  job_id INTEGER REFERENCES jobs (id) ON DELETE SET NULL,
  acquired_at TEXT NOT NULL DEFAULT ${NOW}
)`,
  `CREATE VIRTUAL TABLE scene_search USING fts5(
  title, "cast", site, description, scene_code, filenames,
  tokenize = 'unicode61 remove_diacritics 2'
)`,
  `CREATE TRIGGER scenes_search_delete AFTER DELETE ON scenes BEGIN
  DELETE FROM scene_search WHERE rowid = old.id;
END`,
];

const SCENE_FLAG_INDEXES = ['favourite', 'watchlist', 'wishlist', 'trailerlist', 'is_scripted', 'is_watched'];

const INDEXES = [
  index('sites', 'master_site_id'),
  index('sites', 'name COLLATE NOCASE'),
  // Scenes: the default list, then one index per sort and filter.
  index('scenes', 'is_hidden, is_available, is_accessible, release_date', undefined, 'default_list'),
  ...[
    'release_date',
    'added_date',
    'title COLLATE NOCASE',
    'total_file_size',
    'star_rating',
    'total_watch_time',
    'last_opened',
    'created_at',
    'updated_at',
    'script_published',
    'site',
    'scraper_id',
    'scene_url',
  ].map((columns) => index('scenes', columns)),
  // Flag lists are keyed by the default sort so "favourites, newest first" needs no sort step.
  ...SCENE_FLAG_INDEXES.map((name) => index('scenes', 'release_date', `${name} = 1`, name)),
  index('scenes', 'id', 'needs_update = 1', 'needs_update'),
  // Files.
  ...[
    'scene_id',
    'type, scene_id',
    'created_time',
    'size',
    'video_width',
    'video_height',
    'video_bitrate',
    'duration',
    'video_avgfps_val',
    'filename COLLATE NOCASE',
    'oshash',
  ].map((columns) => index('files', columns)),
  index('files', 'scene_id, created_time', 'scene_id IS NULL', 'unmatched'),
  // Actors.
  ...[
    'name COLLATE NOCASE',
    'birth_date',
    'star_rating',
    'created_at',
    'updated_at',
    'scene_rating_average',
    'latest_release_date',
    'latest_scene_added',
    'latest_file_added',
    'count',
    'avail_count',
    'height',
    'weight',
    'nationality',
  ].map((columns) => index('actors', columns)),
  index('actors', 'name COLLATE NOCASE', 'favourite = 1', 'favourite'),
  index('actors', 'name COLLATE NOCASE', 'watchlist = 1', 'watchlist'),
  // Join tables and the rest.
  index('scene_cast', 'actor_id'),
  index('tags', 'count'),
  index('scene_tags', 'tag_id'),
  index('tag_group_tags', 'tag_id'),
  index('actor_akas', 'actor_id'),
  index('scene_cuepoints', 'scene_id, time_start'),
  index('scene_cuepoints', 'name'),
  index('histories', 'scene_id, time_start'),
  index('playlists', 'playlist_type, ordering'),
  index('external_references', 'external_url'),
  index('external_reference_links', 'internal_table, internal_db_id'),
  index('external_reference_links', 'internal_name_id'),
  index('external_reference_links', 'external_reference_id'),
  index('external_reference_links', 'external_source, external_id'),
  index('external_reference_links', 'external_source, match_type'),
  index('scene_edits', 'scene_id, id'),
  index('actor_edits', 'actor_id'),
  index('actor_edits', 'actor_name'),
  index('jobs', 'status, id'),
  index('jobs', 'name, id'),
];

async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of [...TABLES, ...INDEXES]) await sql.raw(statement).execute(db);
  for (const p of SEED_PLAYLISTS) {
    await sql`INSERT INTO playlists (name, ordering, is_system, is_deo_enabled, is_smart, playlist_type, search_params)
      VALUES (${p.name}, ${p.ordering}, ${p.system}, ${p.deo}, 1, ${p.type}, ${JSON.stringify(p.params)})`.execute(
      db,
    );
  }
  await sql`INSERT INTO kv (key, value) VALUES ('cuepoints', ${JSON.stringify(SEED_CUEPOINTS)})`.execute(db);
}

export const initialSchema: Migration = { id: '0001-initial-schema', up };
