import type { Kysely } from 'kysely';
import type { Migration } from './migration.types';

async function up(db: Kysely<unknown>): Promise<void> {
  void db;
}

export const sceneSearchSync: Migration = { id: '0002-scene-search-sync', up };
