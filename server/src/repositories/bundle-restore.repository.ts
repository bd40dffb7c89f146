import type { Database } from '../db/schema';
import { BundleRestoreCatalogueRepository } from './bundle-restore-catalogue.repository';
import { BundleRestoreGroupsRepository } from './bundle-restore-groups.repository';
import { BundleRestoreJournalRepository } from './bundle-restore-journal.repository';
import { BundleRestoreStorageRepository } from './bundle-restore-storage.repository';

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
