import type { BundleEntry, PathMapping, XbvrSource } from '@fovea/contract';
import { XbvrCatalogueSections } from './xbvr-catalogue-sections';
import { XbvrCatalogueSourceRepository } from './xbvr-catalogue-source.repository';
import type { XbvrConnection } from './xbvr-connection';
import { openXbvrMysql } from './xbvr-mysql.connection';
import { XbvrSceneSections } from './xbvr-scene-sections';
import { XBVR_PAGE_SIZE, XbvrSceneSourceRepository } from './xbvr-scene-source.repository';
import { openXbvrSqlite } from './xbvr-sqlite.connection';
import { XbvrSourceError } from './xbvr-source-error';

export interface XbvrDatabase {
  /**
   * Every row as bundle entries (keys as contract/src/bundle.schema.ts), in section order, streamed a page of
   * about 1,000 rows at a time, with paths remapped. Can be called more than once (each call reads again).
   */
  entries(pathMappings: readonly PathMapping[], signal?: AbortSignal): AsyncGenerator<BundleEntry>;
  close(): Promise<void>;
}

/**
 * Opens XBVR's database read-only (SQLite: the file or XBVR's data folder holding main.db; MySQL/MariaDB: a
 * mysql:// URL, read in a read-only session) and checks that it is XBVR's. Never writes to the source.
 * Throws XbvrSourceError with a message for the owner when it cannot. `pageSize` (rows per query) is for tests.
 */
export async function openXbvrDatabase(
  source: XbvrSource,
  options: { pageSize?: number } = {},
): Promise<XbvrDatabase> {
  const connection = source.kind === 'sqlite' ? openXbvrSqlite(source.path) : await openXbvrMysql(source.url);
  try {
    const tables = await connection.tables();
    if (!tables.has('scenes')) throw new XbvrSourceError('not an XBVR database (no scenes table)');
    return new XbvrDatabaseReader(
      connection,
      tables,
      Math.max(1, Math.trunc(options.pageSize ?? XBVR_PAGE_SIZE)),
    );
  } catch (error) {
    await connection.close();
    if (error instanceof XbvrSourceError) throw error;
    throw new XbvrSourceError(`cannot read XBVR's database: ${(error as Error).message}`);
  }
}

class XbvrDatabaseReader implements XbvrDatabase {
  private readonly scenes: XbvrSceneSections;
  private readonly catalogue: XbvrCatalogueSections;

  constructor(
    private readonly connection: XbvrConnection,
    tables: ReadonlySet<string>,
    pageSize: number,
  ) {
    this.scenes = new XbvrSceneSections(new XbvrSceneSourceRepository(connection, pageSize), tables);
    this.catalogue = new XbvrCatalogueSections(
      new XbvrCatalogueSourceRepository(connection, pageSize),
      tables,
    );
  }

  /** The sections in bundle order (BUNDLE_SECTIONS), unmatched files last. */
  async *entries(pathMappings: readonly PathMapping[], signal?: AbortSignal): AsyncGenerator<BundleEntry> {
    const { scenes, catalogue } = this;
    yield* catalogue.volumes(pathMappings, signal);
    yield* catalogue.playlists(signal);
    yield* catalogue.sites(signal);
    yield* scenes.scenes(signal);
    yield* scenes.fileLinks(pathMappings, signal);
    yield* scenes.cuepoints(signal);
    yield* scenes.history(signal);
    yield* scenes.actions(signal);
    yield* catalogue.akas(signal);
    yield* catalogue.tagGroups(signal);
    yield* catalogue.externalReferences(signal);
    yield* catalogue.actors(signal);
    yield* catalogue.actionActors(signal);
    yield* catalogue.config(signal);
    yield* scenes.unmatchedFiles(pathMappings, signal);
  }

  close(): Promise<void> {
    return this.connection.close();
  }
}
