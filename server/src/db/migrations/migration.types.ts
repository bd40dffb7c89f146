import type { Kysely } from 'kysely';

/**
 * One schema step. `up` runs inside a transaction together with the insert into `migrations`,
 * so a failure leaves nothing behind. Migrations see an untyped database on purpose: they must
 * keep working after `schema.ts` moves on.
 */
export interface Migration {
  /** `NNNN-kebab-name`, sorted by the number; never renamed once released. */
  id: string;
  up(db: Kysely<unknown>): Promise<void>;
}
