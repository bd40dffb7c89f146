// An XBVR database (SQLite, XBVR's own schema) as large as the bench library, for timing the move-in from XBVR.
//
// XBVR's tables, with its indexes and the join tables' keys, come from the test schema
// (server/test/bundles/xbvr-db/xbvr-schema.ts); then the seeded Fovea database is ATTACHed and every table filled
// with one INSERT … SELECT, mapped as xbvr-facts §2 describes: GORM's time text ('YYYY-MM-DD HH:MM:SS+00:00', Go's
// zero time for none), booleans 0/1, files.scene_id 0 for unmatched, and XBVR's column names (os_hash,
// video_bit_rate, video_duration, member_url, has_video_preview, …).
import Database from 'better-sqlite3';
import { XBVR_TABLES, xbvrSchemaSql } from '../../server/test/bundles/xbvr-db/xbvr-schema';

/** Go's zero time as GORM writes it into SQLite: "none" for a time that is not a pointer. */
const GO_ZERO_TIME = "'0001-01-01 00:00:00+00:00'";

/** A Fovea time or date (ISO-8601 UTC, 'YYYY-MM-DD', NULL) as GORM's text. */
const gormTime = (column: string): string =>
  `CASE WHEN ${column} IS NULL OR ${column} = '' THEN ${GO_ZERO_TIME} ` +
  `ELSE strftime('%Y-%m-%d %H:%M:%S', ${column}) || '+00:00' END`;

interface TableCopy {
  /** The Fovea table the rows come from (the XBVR table's own name when omitted). */
  from?: string;
  /** XBVR column → SQL over the Fovea row, where the names or values differ. */
  columns?: Record<string, string>;
}

/**
 * How each XBVR table is filled. A column not listed takes the Fovea column of the same name (datetime columns
 * turned into GORM's text); a column with neither is an error, so no column is left empty by mistake.
 */
const COPIES: Record<string, TableCopy> = {
  volumes: {},
  sites: {},
  tags: {},
  actors: {},
  akas: {},
  actor_akas: {},
  tag_groups: {},
  tag_group_tags: {},
  scenes: {
    columns: {
      deleted_at: 'NULL',
      member_url: 'members_url',
      has_video_preview: 'has_preview',
      release_date_text: "COALESCE(release_date, '')",
    },
  },
  scene_tags: {},
  scene_cast: {},
  files: {
    columns: {
      os_hash: 'oshash',
      scene_id: 'COALESCE(scene_id, 0)',
      video_bit_rate: 'video_bitrate',
      video_avg_frame_rate_val: 'video_avgfps_val',
      video_duration: 'duration',
      video_projection: 'projection',
    },
  },
  scene_cuepoints: {},
  histories: {},
  actions: { from: 'scene_edits' },
  action_actors: { from: 'actor_edits', columns: { actor_id: 'COALESCE(actor_id, 0)' } },
  playlists: {},
  external_references: {},
  external_reference_links: {},
};

/** A small XBVR `config` (xbvr-facts §2.14), so the settings come across too. */
const XBVR_CONFIG = JSON.stringify({
  web: { tagSort: 'by-tag-count', sceneWatched: false, sceneDuration: true, isAvailOpacity: 40 },
  advanced: { progressTimeInterval: 15, scrapeActorAfterScene: true },
  library: { preview: { enabled: true, startTime: 10, snippetLength: 0.4, snippetAmount: 20 } },
});

const quoted = (name: string): string => `"${name}"`;

/** The INSERT … SELECT that fills one XBVR table from the attached Fovea database (`fovea`). */
function copyStatement(db: Database.Database, table: string, copy: TableCopy): string {
  const columns = XBVR_TABLES[table];
  if (!columns) throw new Error(`XBVR has no table ${table}`);
  const from = copy.from ?? table;
  const foveaColumns = new Set(
    (db.prepare(`SELECT name FROM pragma_table_info(?, 'fovea')`).all(from) as { name: string }[]).map(
      (row) => row.name,
    ),
  );
  if (foveaColumns.size === 0) throw new Error(`the Fovea database has no table ${from}`);
  const missing: string[] = [];
  const selects = Object.entries(columns).map(([column, type]) => {
    const given = copy.columns?.[column];
    if (given !== undefined) return given;
    if (!foveaColumns.has(column)) missing.push(column);
    return type === 'datetime' ? gormTime(quoted(column)) : quoted(column);
  });
  if (missing.length > 0) throw new Error(`no Fovea value for ${table}.${missing.join(', ')}`);
  const list = Object.keys(columns).map(quoted).join(', ');
  return `INSERT INTO main.${quoted(table)} (${list}) SELECT ${selects.join(', ')} FROM fovea.${quoted(from)}`;
}

/**
 * Writes an XBVR database to `target` (a new file) holding the library of the Fovea database `foveaFile`:
 * answers the rows per XBVR table. The Fovea database is only read.
 */
export function buildXbvrBenchDb(foveaFile: string, target: string): Record<string, number> {
  const db = new Database(target);
  try {
    db.exec(xbvrSchemaSql());
    db.prepare('ATTACH DATABASE ? AS fovea').run(foveaFile);
    const rows: Record<string, number> = {};
    db.transaction(() => {
      for (const [table, copy] of Object.entries(COPIES)) {
        rows[table] = db.prepare(copyStatement(db, table, copy)).run().changes;
      }
      const kvs = db.prepare('INSERT INTO kvs ("key", "value") VALUES (?, ?)');
      kvs.run('config', XBVR_CONFIG);
      const cuepoints = db.prepare("SELECT value FROM fovea.kv WHERE key = 'cuepoints'").get() as
        { value: string } | undefined;
      if (cuepoints) kvs.run('cuepoints', cuepoints.value);
      rows.kvs = cuepoints ? 2 : 1;
    })();
    db.exec('DETACH DATABASE fovea');
    return rows;
  } finally {
    db.close();
  }
}
