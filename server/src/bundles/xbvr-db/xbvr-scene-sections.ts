import type { BundleActor, BundleEntry, PathMapping } from '@fovea/contract';
import { groupBy, idsOf, pagesById } from './xbvr-paging';
import { toAction, toActor, toCuepoint, toFile, toHistory, toScene } from './xbvr-record.mapper';
import { XBVR_PAGE_SIZE, type XbvrSceneSourceRepository } from './xbvr-scene-source.repository';
import { type XbvrRow, xbvrNumber, xbvrText } from './xbvr-values';

const sceneKey = (row: XbvrRow): number => xbvrNumber(row.xbvr_scene ?? row.scene_id);

/** The most converted actors a scenes pass keeps at once. */
const ACTOR_CACHE_LIMIT = 100_000;

/**
 * The scene sections of a bundle read from XBVR's database: scenes, sceneFileLinks, sceneCuepoints,
 * sceneHistory, actions and unmatchedFiles. Live scenes only (soft-deleted ones are skipped); each scene-keyed
 * section is read one page of scenes at a time and lists only scenes that have something in it.
 */
export class XbvrSceneSections {
  constructor(
    private readonly repo: XbvrSceneSourceRepository,
    private readonly tables: ReadonlySet<string>,
  ) {}

  /**
   * Scenes with their tags (no "tag group:" pseudo-tags) and full cast objects (no "aka:" pseudo-actors). Each
   * actor is read and converted once per pass and shared by its scenes (XBVR libraries have far fewer actors
   * than scenes); the cache is dropped if it ever outgrows ACTOR_CACHE_LIMIT.
   */
  async *scenes(signal?: AbortSignal): AsyncGenerator<BundleEntry> {
    const actors = new Map<number, BundleActor>();
    for await (const page of pagesById((afterId) => this.repo.scenes(afterId), signal)) {
      const ids = idsOf(page);
      const tags = this.tables.has('scene_tags')
        ? groupBy(await this.repo.tagsOf(ids), sceneKey)
        : new Map<number, XbvrRow[]>();
      const cast = this.tables.has('scene_cast')
        ? groupBy(await this.repo.castOf(ids), sceneKey)
        : new Map<number, XbvrRow[]>();
      if (actors.size > ACTOR_CACHE_LIMIT) actors.clear();
      await this.loadActors(
        actors,
        [...cast.values()].flat().map((row) => xbvrNumber(row.xbvr_actor)),
      );
      for (const row of page) {
        const id = xbvrNumber(row.id);
        const tagNames = (tags.get(id) ?? []).map((tag) => xbvrText(tag.name));
        const members = (cast.get(id) ?? []).flatMap((pair) => actors.get(xbvrNumber(pair.xbvr_actor)) ?? []);
        yield { section: 'scenes', record: toScene(row, tagNames, members) };
      }
    }
  }

  /** Reads and converts the actors of `ids` the cache does not hold yet. */
  private async loadActors(cache: Map<number, BundleActor>, ids: readonly number[]): Promise<void> {
    const missing = [...new Set(ids)].filter((id) => !cache.has(id));
    for (let start = 0; start < missing.length; start += XBVR_PAGE_SIZE) {
      for (const row of await this.repo.actorsById(missing.slice(start, start + XBVR_PAGE_SIZE))) {
        cache.set(xbvrNumber(row.id), toActor(row));
      }
    }
  }

  /** Matched files grouped by scene, with their match, selection, hashes and video details; paths remapped. */
  async *fileLinks(mappings: readonly PathMapping[], signal?: AbortSignal): AsyncGenerator<BundleEntry> {
    if (!this.tables.has('files')) return;
    yield* this.perScene(
      signal,
      (ids) => this.repo.filesOf(ids),
      (sceneId, rows) => ({
        section: 'sceneFileLinks',
        record: { scene_id: sceneId, files: rows.map((row) => toFile(row, mappings)) },
      }),
    );
  }

  async *cuepoints(signal?: AbortSignal): AsyncGenerator<BundleEntry> {
    if (!this.tables.has('scene_cuepoints')) return;
    yield* this.perScene(
      signal,
      (ids) => this.repo.cuepointsOf(ids),
      (sceneId, rows) => ({
        section: 'sceneCuepoints',
        record: { scene_id: sceneId, cuepoints: rows.map(toCuepoint) },
      }),
    );
  }

  async *history(signal?: AbortSignal): AsyncGenerator<BundleEntry> {
    if (!this.tables.has('histories')) return;
    yield* this.perScene(
      signal,
      (ids) => this.repo.historyOf(ids),
      (sceneId, rows) => ({
        section: 'sceneHistory',
        record: { scene_id: sceneId, history: rows.map(toHistory) },
      }),
    );
  }

  /** The scene edit journal grouped by scene_id, streamed in scene_id order. */
  async *actions(signal?: AbortSignal): AsyncGenerator<BundleEntry> {
    if (!this.tables.has('actions')) return;
    let after: { sceneId: string; id: number } | null = null;
    let current: { sceneId: string; rows: XbvrRow[] } | null = null;
    for (;;) {
      signal?.throwIfAborted();
      const page = await this.repo.actions(after);
      if (page.length === 0) break;
      for (const row of page) {
        const sceneId = xbvrText(row.scene_id);
        if (current !== null && current.sceneId !== sceneId) {
          yield {
            section: 'actions',
            record: { scene_id: current.sceneId, actions: current.rows.map(toAction) },
          };
          current = null;
        }
        current ??= { sceneId, rows: [] };
        current.rows.push(row);
      }
      const last = page[page.length - 1];
      after = { sceneId: xbvrText(last?.scene_id), id: xbvrNumber(last?.id) };
    }
    if (current !== null) {
      yield {
        section: 'actions',
        record: { scene_id: current.sceneId, actions: current.rows.map(toAction) },
      };
    }
  }

  /** Files no live scene claims, one record each; paths remapped. */
  async *unmatchedFiles(mappings: readonly PathMapping[], signal?: AbortSignal): AsyncGenerator<BundleEntry> {
    if (!this.tables.has('files')) return;
    for await (const page of pagesById((afterId) => this.repo.unmatchedFiles(afterId), signal)) {
      for (const row of page) yield { section: 'unmatchedFiles', record: toFile(row, mappings) };
    }
  }

  /** One entry per live scene that has rows in a child table, a page of scenes at a time. */
  private async *perScene(
    signal: AbortSignal | undefined,
    fetch: (sceneIds: number[]) => Promise<XbvrRow[]>,
    entry: (sceneId: string, rows: XbvrRow[]) => BundleEntry,
  ): AsyncGenerator<BundleEntry> {
    for await (const page of pagesById((afterId) => this.repo.sceneKeys(afterId), signal)) {
      const children = groupBy(await fetch(idsOf(page)), sceneKey);
      for (const scene of page) {
        const rows = children.get(xbvrNumber(scene.id));
        if (rows !== undefined) yield entry(xbvrText(scene.scene_id), rows);
      }
    }
  }
}
