import { initialSchema } from './0001-initial-schema';
import type { Migration } from './migration.types';

/**
 * Every migration, in order. A static list because the server is bundled: never read a folder.
 * Append only; never edit or reorder a released migration.
 */
export const migrations: readonly Migration[] = [initialSchema];

export type { Migration } from './migration.types';
