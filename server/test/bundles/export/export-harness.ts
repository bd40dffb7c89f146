import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BundleBackupQuery } from '@fovea/contract';
import {
  BundleExporter,
  type ExportHooks,
  type ExportResult,
} from '../../../src/bundles/export/bundle-exporter.service';
import { openDatabase, type OpenedDatabase } from '../../../src/db/database';
import { migrateToLatest } from '../../../src/db/migrator';
import { makeTempDir, removeTempDir } from '../../helpers/temp-dir';
import { seedExportLibrary, type ExportLibrary } from './export-library';

export type Json = Record<string, unknown>;

/** The top-level arrays of a v2.1 bundle, in the reference's order, then Fovea's own. */
export const ARRAY_KEYS = [
  'volumes',
  'playlists',
  'sites',
  'scenes',
  'sceneFileLinks',
  'sceneCuepoints',
  'sceneHistory',
  'actions',
  'akas',
  'tagGroups',
  'externalReferences',
  'manualSceneMatches',
  'actors',
  'actionActors',
  'config',
  'unmatchedFiles',
  'foveaCustomSites',
] as const;
export type ArrayKey = (typeof ARRAY_KEYS)[number];
export type Bundle = { timestamp: string; bundleVersion: string } & Record<ArrayKey, Json[]>;
export const XBVR_KEY_ORDER = ['timestamp', 'bundleVersion', ...ARRAY_KEYS];

/** A custom site of the owner's (an alternate source of Site A), as the custom-site form stores it. */
export const MINE_CUSTOM_SITE = {
  id: 'mine-77-slr',
  list: 'slr',
  url: 'https://www.sexlikereal.com/studios/mine-77',
  name: 'Mine',
  company: 'Mine Media',
  avatar_url: 'https://img.example/mine.png',
  master_site_id: 'sitea',
} as const;

export const OPTIONS_JSON = '{"interfaces":{"deovr":{"password":"$2a$10$hash"}}}';
export const NOW = new Date('2025-06-07T08:09:10.123Z');

export const sceneIds = (records: Json[]) => records.map((record) => record.scene_id);
export const byScene = (records: Json[], sceneId: string) =>
  records.find((record) => record.scene_id === sceneId);

export const options = (overrides: Partial<BundleBackupQuery> = {}): BundleBackupQuery => ({
  ...BundleBackupQuery.parse({}),
  ...overrides,
});

export const quietHooks = (overrides: Partial<ExportHooks> = {}): ExportHooks => ({
  signal: new AbortController().signal,
  onTotal: () => undefined,
  onProgress: () => undefined,
  ...overrides,
});

export interface ExportedBundle {
  target: string;
  result: ExportResult;
  text: string;
  bundle: Bundle;
}

/**
 * A real SQLite file with the small export library, and exports of it. A saved search (any id) holds the
 * scenes of Site B and Site A (Site A twice); the ids asked for are kept in `playlistCalls`.
 */
export class ExportHarness {
  readonly playlistCalls: number[] = [];
  private state: { dir: string; opened: OpenedDatabase; library: ExportLibrary } | null = null;
  private exports = 0;

  async setUp(): Promise<void> {
    const dir = makeTempDir('fovea-export-');
    const opened = openDatabase(join(dir, 'fovea.db'));
    await migrateToLatest({ opened, backupDir: join(dir, 'backups') });
    const library = await seedExportLibrary(opened.db);
    await opened.db.insertInto('custom_sites').values(MINE_CUSTOM_SITE).execute();
    this.state = { dir, opened, library };
  }

  async tearDown(): Promise<void> {
    if (!this.state) return;
    await this.state.opened.close();
    removeTempDir(this.state.dir);
    this.state = null;
  }

  private get ready() {
    if (!this.state) throw new Error('the export harness is not set up');
    return this.state;
  }

  get dir(): string {
    return this.ready.dir;
  }

  get opened(): OpenedDatabase {
    return this.ready.opened;
  }

  get library(): ExportLibrary {
    return this.ready.library;
  }

  exporter(pageSize?: number): BundleExporter {
    const { opened, library } = this.ready;
    return new BundleExporter({
      ...(pageSize === undefined ? {} : { pageSize }),
      databaseFile: opened.file,
      playlistScenes: (id) => {
        this.playlistCalls.push(id);
        return Promise.resolve([library.sceneB, library.sceneA, library.sceneA]);
      },
      optionsJson: () => OPTIONS_JSON,
      clock: () => NOW,
    });
  }

  /** Exports to a new file in the download folder and reads it back. */
  async exportBundle(
    overrides: Partial<BundleBackupQuery> = {},
    hooks = quietHooks(),
    pageSize?: number,
  ): Promise<ExportedBundle> {
    this.exports += 1;
    const target = join(this.dir, 'download', `bundle-${this.exports}.json`);
    const result = await this.exporter(pageSize).export(options(overrides), target, hooks);
    const text = readFileSync(target, 'utf8');
    return { target, result, text, bundle: JSON.parse(text) as Bundle };
  }
}
