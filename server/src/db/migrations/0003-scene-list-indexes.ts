import type { Kysely } from 'kysely';
import type { Migration } from './migration.types';

async function up(db: Kysely<unknown>): Promise<void> {
  void db;
}

export const sceneListIndexes: Migration = { id: '0003-scene-list-indexes', up };
