import type {
  BundleFile,
  BundleSceneActions,
  BundleSceneCuepoints,
  BundleSceneFiles,
  BundleSceneHistory,
  BundleScene,
} from '@fovea/contract';
import type {
  BundleExportSceneRepository,
  BundleSceneEditRow,
  SceneKey,
  ScenePartTable,
} from '../../repositories/bundle-export-scene.repository';
import {
  toBundleAction,
  toBundleCuepoint,
  toBundleFile,
  toBundleHistory,
  toBundleScene,
} from './bundle-scene-record.mapper';
import type { ActorObjects } from './actor-objects';
import { groupBy, keysetPages, present, runsAcrossPages, type SectionSource } from './export-pages';
import type { SceneSelection } from './scene-selection';

/**
 * The per-scene sections of a backup, each read page by page over the selected scenes: a scene gets an entry in
 * sceneFileLinks, sceneCuepoints, sceneHistory or actions only when it has such rows, as in the reference.
 */
export class SceneSections {
  constructor(
    private readonly repo: BundleExportSceneRepository,
    private readonly selection: SceneSelection,
    /** The selected scenes' count (each per-scene section writes at most one record per scene). */
    private readonly sceneCount: number,
    private readonly actorObjects: ActorObjects,
    private readonly pageSize: number,
  ) {}

  scenes(): SectionSource<'scenes'> {
    return {
      section: 'scenes',
      total: this.sceneCount,
      pages: () => this.perPage((keys) => this.scenePage(keys)),
    };
  }

  async fileLinks(): Promise<SectionSource<'sceneFileLinks'>> {
    return {
      section: 'sceneFileLinks',
      total: await this.scenesWith('files'),
      pages: () =>
        this.perPage(async (keys): Promise<BundleSceneFiles[]> => {
          const files = groupBy(await this.repo.files(keys.map((k) => k.id)), (row) => row.scene_id);
          return withRows(keys, files, (key, rows) => ({
            scene_id: key.scene_id,
            files: rows.map(toBundleFile),
          }));
        }),
    };
  }

  async cuepoints(): Promise<SectionSource<'sceneCuepoints'>> {
    return {
      section: 'sceneCuepoints',
      total: await this.scenesWith('scene_cuepoints'),
      pages: () =>
        this.perPage(async (keys): Promise<BundleSceneCuepoints[]> => {
          const rows = groupBy(await this.repo.cuepoints(keys.map((k) => k.id)), (row) => row.scene_id);
          return withRows(keys, rows, (key, list) => ({
            scene_id: key.scene_id,
            cuepoints: list.map(toBundleCuepoint),
          }));
        }),
    };
  }

  async history(): Promise<SectionSource<'sceneHistory'>> {
    return {
      section: 'sceneHistory',
      total: await this.scenesWith('histories'),
      pages: () =>
        this.perPage(async (keys): Promise<BundleSceneHistory[]> => {
          const rows = groupBy(await this.repo.history(keys.map((k) => k.id)), (row) => row.scene_id);
          return withRows(keys, rows, (key, list) => ({
            scene_id: key.scene_id,
            history: list.map(toBundleHistory),
          }));
        }),
    };
  }

  /**
   * The scene edit journal grouped by scene_id. For the whole library it is read on its own, so the edits of
   * scenes deleted since come along (the journal keeps them for a rescrape); otherwise only the selected scenes'.
   */
  async actions(): Promise<SectionSource<'actions'>> {
    if (this.selection.restricted) {
      return {
        section: 'actions',
        total: this.sceneCount,
        pages: () =>
          this.perPage(async (keys): Promise<BundleSceneActions[]> => {
            const rows = groupBy(await this.repo.editsOf(keys.map((k) => k.scene_id)), (row) => row.scene_id);
            const byKey = new Map(keys.map((key) => [key.id, rows.get(key.scene_id)] as const));
            return withRows(keys, byKey, (key, list) => ({
              scene_id: key.scene_id,
              actions: list.map(toBundleAction),
            }));
          }),
      };
    }
    return {
      section: 'actions',
      total: await this.repo.countEditedScenes(),
      pages: () => this.wholeJournal(),
    };
  }

  /**
   * Files no scene claims (Fovea's section): they belong to no site and no saved search, so only a backup of
   * the whole library takes them (null otherwise).
   */
  async unmatchedFiles(): Promise<SectionSource<'unmatchedFiles'> | null> {
    if (this.selection.restricted) return null;
    return {
      section: 'unmatchedFiles',
      total: await this.repo.countUnmatchedFiles(),
      pages: () => this.unmatchedPages(),
    };
  }

  private async *unmatchedPages(): AsyncGenerator<BundleFile[]> {
    const pages = keysetPages(
      (after: number, limit) => this.repo.unmatchedFilesAfter(after, limit),
      0,
      (row) => row.id,
      this.pageSize,
    );
    for await (const rows of pages) yield rows.map(toBundleFile);
  }

  private async *wholeJournal(): AsyncGenerator<BundleSceneActions[]> {
    const pages = keysetPages(
      (after: { sceneId: string; id: number } | null, limit) => this.repo.editsAfter(after, limit),
      null,
      (row: BundleSceneEditRow) => ({ sceneId: row.scene_id, id: row.id }),
      this.pageSize,
    );
    for await (const runs of runsAcrossPages(pages, (row) => row.scene_id)) {
      yield runs.map((run) => ({ scene_id: run.key, actions: run.rows.map(toBundleAction) }));
    }
  }

  /** For progress: how many scenes have rows in the table (the selected count when some are left out). */
  private scenesWith(table: ScenePartTable): Promise<number> {
    if (this.selection.restricted) return Promise.resolve(this.sceneCount);
    return this.repo.countScenesWith(table);
  }

  private async scenePage(keys: readonly SceneKey[]): Promise<BundleScene[]> {
    const ids = keys.map((k) => k.id);
    const [rows, tags, cast] = await Promise.all([
      this.repo.scenes(ids),
      this.repo.tags(ids),
      this.repo.cast(ids),
    ]);
    const actors = await this.actorObjects.get(cast.map((row) => row.actor_id));
    const tagsOf = groupBy(tags, (tag) => tag.scene_id);
    const castOf = groupBy(cast, (row) => row.scene_id);
    return rows.map((row) =>
      toBundleScene(
        row,
        (tagsOf.get(row.id) ?? []).map((tag) => tag.name),
        present((castOf.get(row.id) ?? []).map((member) => actors.get(member.actor_id))),
      ),
    );
  }

  private async *perPage<R>(read: (keys: readonly SceneKey[]) => Promise<R[]>): AsyncGenerator<R[]> {
    for await (const keys of this.selection.pages()) yield await read(keys);
  }
}

/** One record per key that has rows, in key order. */
function withRows<K extends SceneKey, T, R>(
  keys: readonly K[],
  rowsById: ReadonlyMap<number | null, T[] | undefined>,
  build: (key: K, rows: T[]) => R,
): R[] {
  const records: R[] = [];
  for (const key of keys) {
    const rows = rowsById.get(key.id);
    if (rows && rows.length > 0) records.push(build(key, rows));
  }
  return records;
}
