import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { SuspendedTriggers } from '../db/suspended-triggers';
import { BundleRestoreCatalogueRepository } from './bundle-restore-catalogue.repository';
import { BundleRestoreGroupsRepository } from './bundle-restore-groups.repository';
import { BundleRestoreJournalRepository } from './bundle-restore-journal.repository';
import { BundleRestoreStorageRepository } from './bundle-restore-storage.repository';

/** The page cache of a restore: 64 MB (negative = KiB), within the server's 500 MB. */
const BULK_CACHE_SIZE = -65_536;

/** The restore's repositories, bound to one batch's transaction. */
export interface BundleRestoreTx {
  catalogue: BundleRestoreCatalogueRepository;
  storage: BundleRestoreStorageRepository;
  journal: BundleRestoreJournalRepository;
  groups: BundleRestoreGroupsRepository;
}

/**
 * Where a bundle restore writes: each batch is one transaction (`batch`), with every restore repository bound
 * to it, so a batch is written whole or not at all. Reads outside a batch use `read`.
 */
export class BundleRestoreRepository {
  readonly read: BundleRestoreTx;

  constructor(private readonly db: Database) {
    this.read = BundleRestoreRepository.bind(db);
  }

  /**
   * For the length of a restore: no automatic WAL checkpoints (each would copy the same index pages again) and a
   * 64 MB page cache; with `suspendTriggers`, the per-row triggers of the search index, cast counts, random keys
   * and data versions are off too (suspended-triggers.ts). Answers the function that puts it all back (the
   * triggers caught up for every row) and checkpoints once.
   */
  async beginBulkWrites(options: { suspendTriggers: boolean }): Promise<() => Promise<void>> {
    const triggers = new SuspendedTriggers(this.db as unknown as Kysely<unknown>);
    if (options.suspendTriggers) await triggers.suspend();
    const cache = await sql<{ cache_size: number }>`PRAGMA cache_size`.execute(this.db);
    const checkpoint = await sql<{ wal_autocheckpoint: number }>`PRAGMA wal_autocheckpoint`.execute(this.db);
    const cacheSize = cache.rows[0]?.cache_size ?? -2000;
    const autoCheckpoint = checkpoint.rows[0]?.wal_autocheckpoint ?? 1000;
    await sql.raw(`PRAGMA cache_size = ${BULK_CACHE_SIZE}`).execute(this.db);
    await sql`PRAGMA wal_autocheckpoint = 0`.execute(this.db);
    return async () => {
      if (options.suspendTriggers) await triggers.resume();
      await sql.raw(`PRAGMA wal_autocheckpoint = ${Math.trunc(autoCheckpoint)}`).execute(this.db);
      await sql.raw(`PRAGMA cache_size = ${Math.trunc(cacheSize)}`).execute(this.db);
      await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(this.db);
    };
  }

  async sceneCount(): Promise<number> {
    const row = await this.db
      .selectFrom('scenes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  batch<T>(work: (tx: BundleRestoreTx) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(BundleRestoreRepository.bind(trx)));
  }

  private static bind(db: Database): BundleRestoreTx {
    return {
      catalogue: new BundleRestoreCatalogueRepository(db),
      storage: new BundleRestoreStorageRepository(db),
      journal: new BundleRestoreJournalRepository(db),
      groups: new BundleRestoreGroupsRepository(db),
    };
  }
}
