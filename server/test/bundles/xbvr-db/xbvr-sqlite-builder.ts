import path from 'node:path';
import Database from 'better-sqlite3';
import { CATALOGUE_ROWS } from './xbvr-fixture-catalogue-rows';
import { SCENE_ROWS } from './xbvr-fixture-scene-rows';
import { xbvrSchemaSql } from './xbvr-schema';

/*
 * A small XBVR database as XBVR itself leaves it: GORM's time texts (with offsets and nanoseconds, Go's zero
 * time), bools as 0/1, a soft-deleted scene, aka and tag-group pseudo rows, matched and unmatched files on a
 * Docker-mounted local volume, a second local volume and a put.io one, a manual match, a selected script,
 * watch history, cuepoints with and without a track, both edit journals, external references linked to a
 * scene, an actor, a site and 'deleted', and the kv rows (options and the ones that must not come across).
 */

const ROWS = { ...CATALOGUE_ROWS, ...SCENE_ROWS };

/** Writes the database to `<dir>/main.db` (XBVR's file name) and returns its path. */
export function buildXbvrSqlite(dir: string): string {
  const file = path.join(dir, 'main.db');
  const db = new Database(file);
  try {
    db.exec(xbvrSchemaSql());
    db.transaction(() => {
      for (const [table, rows] of Object.entries(ROWS)) {
        for (const row of rows) {
          const columns = Object.keys(row);
          const sql = `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(',')}) VALUES (${columns.map(() => '?').join(',')})`;
          db.prepare(sql).run(...Object.values(row));
        }
      }
    })();
  } finally {
    db.close();
  }
  return file;
}
