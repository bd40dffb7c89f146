import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Migration } from './migration.types';

/**
 * A `players` data version: moved by triggers, in the same transaction, whenever something a HereSphere scan
 * entry shows changes — a scene's title, site, dates, duration, rating or flags, its cast or tags (or an
 * actor's or tag's name), or a video file's duration or match. The scan answer (about 14 MB of JSON for 20k
 * scenes) is kept while this version and the scenes listed stay the same.
 */
const bump = `UPDATE data_versions SET version = version + 1 WHERE name = 'players';`;

const STATEMENTS = [
  `INSERT INTO data_versions (name, version) VALUES ('players', 0)`,
  `CREATE TRIGGER data_version_players_scene AFTER UPDATE OF title, site, release_date, added_date, duration,
     star_rating, favourite, watchlist, trailerlist, is_scripted ON scenes BEGIN ${bump} END`,
  `CREATE TRIGGER data_version_players_scene_delete AFTER DELETE ON scenes BEGIN ${bump} END`,
  `CREATE TRIGGER data_version_players_cast_insert AFTER INSERT ON scene_cast BEGIN ${bump} END`,
  `CREATE TRIGGER data_version_players_cast_delete AFTER DELETE ON scene_cast BEGIN ${bump} END`,
  `CREATE TRIGGER data_version_players_tag_insert AFTER INSERT ON scene_tags BEGIN ${bump} END`,
  `CREATE TRIGGER data_version_players_tag_delete AFTER DELETE ON scene_tags BEGIN ${bump} END`,
  `CREATE TRIGGER data_version_players_actor_name AFTER UPDATE OF name ON actors BEGIN ${bump} END`,
  `CREATE TRIGGER data_version_players_tag_name AFTER UPDATE OF name ON tags BEGIN ${bump} END`,
  `CREATE TRIGGER data_version_players_file_insert AFTER INSERT ON files BEGIN ${bump} END`,
  `CREATE TRIGGER data_version_players_file_delete AFTER DELETE ON files BEGIN ${bump} END`,
  `CREATE TRIGGER data_version_players_file AFTER UPDATE OF duration, type, scene_id ON files
     BEGIN ${bump} END`,
];

async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export const playerScanVersion: Migration = { id: '0008-player-scan-version', up };
