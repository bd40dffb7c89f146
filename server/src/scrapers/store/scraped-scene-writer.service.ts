import type {
  NamedActor,
  NamedId,
  ScrapedSceneWriteRepository,
  ScrapedSceneWriteTx,
  SceneLink,
  SceneNeedingUpdate,
} from '../../repositories/scraped-scene-write.repository';
import type { ScriptFlagUpdate } from '../../repositories/scraped-scene-write.repository';
import type { SceneRowData } from '../../repositories/scene-write.repository';
import { journalLocks } from '../../services/stashdb-actor-merge';
import type { SceneStatusService } from '../../services/scene-status.service';
import type { ScrapedActorDetails, ScrapedScene } from '../scraped-scene';
import { detailsByName, newActorDetails, planActorDetails } from './actor-details-plan';
import {
  BOOKKEEPING_COLUMNS,
  castName,
  changedColumns,
  planNames,
  planSceneColumns,
  sceneLocks,
  type ScrapedColumns,
} from './scraped-scene-plan';
import { convertTags } from './tag-conversion';

export interface WriteBatchResult {
  /** scene_ids, in the order given. */
  created: string[];
  updated: string[];
  unchanged: string[];
}

export interface ScrapedSceneWriterDeps {
  repo: ScrapedSceneWriteRepository;
  status: SceneStatusService;
  clock?: () => Date;
}

/** One scene of a batch, planned. */
interface ScenePlan {
  scene: ScrapedScene;
  stored: SceneRowData | undefined;
  changed: Partial<ScrapedColumns>;
  cast: LinkPlan;
  tags: LinkPlan;
}

/** Names to link and links to drop. */
interface LinkPlan {
  /** Every wanted name (for the actor details). */
  wanted: string[];
  add: string[];
  remove: number[];
}

export const ALTERNATE_SOURCE_ERROR = 'alternate-source scenes are stored by the alternate-sites feature';

/**
 * The one writer of scraped scenes (xbvr-facts §7.2). A batch is one transaction: every scene is created or
 * updated by scene_id, its tags (converted) and cast (actors created when new, their details merged) replaced,
 * the owner's journalled edits kept, tag and actor counts and the scene status refreshed; the search index
 * follows by trigger. A scene where nothing stored would differ is not written at all. Any failure rolls the
 * whole batch back.
 */
export class ScrapedSceneWriter {
  private readonly clock: () => Date;

  constructor(private readonly deps: ScrapedSceneWriterDeps) {
    this.clock = deps.clock ?? (() => new Date());
  }

  async writeBatch(scenes: readonly ScrapedScene[]): Promise<WriteBatchResult> {
    for (const scene of scenes) {
      if (scene.masterSiteId.trim() !== '') throw new Error(ALTERNATE_SOURCE_ERROR);
      if (scene.sceneId.trim() === '')
        throw new Error(`a scraped scene needs a scene id (${scene.homepageUrl})`);
    }
    // The same scene twice in a batch: the last one is stored.
    const batch = [...new Map(scenes.map((scene) => [scene.sceneId, scene])).values()];
    if (batch.length === 0) return { created: [], updated: [], unchanged: [] };
    const now = this.clock().toISOString();
    return this.deps.repo.transaction(async (tx) => {
      const plans = await this.plan(tx, batch, now);
      // Actors the batch creates get their scraped details in the same insert.
      const details = detailsByName(plans.map((plan) => ({ scene: plan.scene, wanted: plan.cast.wanted })));
      const cast = await tx.store.actorsNamed(unique(plans.flatMap((plan) => plan.cast.add)), (name) =>
        newActorDetails(name, details.get(name.toLowerCase()) ?? []),
      );
      const actors = byName(cast);
      const akaGroups = new Set(cast.filter((actor) => actor.is_aka_group === 1).map((actor) => actor.id));
      const tags = byName(await tx.store.tagsNamed(unique(plans.flatMap((plan) => plan.tags.add))));
      // New scenes take their ids before they are written, so their links go in first (foreign keys checked
      // at commit) and each scene's insert builds its search document once, cast included.
      const fresh = plans.filter((plan) => !plan.stored);
      const firstId = fresh.length > 0 ? await tx.store.nextSceneId() : 0;
      if (fresh.length > 0) await tx.store.deferForeignKeys();
      const freshIds = new Map(fresh.map((plan, index) => [plan, firstId + index]));
      const result: WriteBatchResult = { created: [], updated: [], unchanged: [] };
      const links = {
        castAdd: [] as Link[],
        castRemove: [] as Link[],
        tagAdd: [] as Link[],
        tagRemove: [] as Link[],
      };
      const written: number[] = [];
      const retitled: number[] = [];
      for (const plan of plans) {
        const id = plan.stored?.id ?? freshIds.get(plan);
        if (id === undefined) throw new Error(`${plan.scene.sceneId} has no id`);
        if (plan.stored && plan.changed.title !== undefined) retitled.push(id);
        links.castAdd.push(...plan.cast.add.map((name) => [id, lookup(actors, name)] as const));
        links.castRemove.push(...plan.cast.remove.map((actor) => [id, actor] as const));
        links.tagAdd.push(...plan.tags.add.map((name) => [id, lookup(tags, name)] as const));
        links.tagRemove.push(...plan.tags.remove.map((tag) => [id, tag] as const));
        const kind = sceneOutcome(plan);
        result[kind].push(plan.scene.sceneId);
        if (kind !== 'unchanged') written.push(id);
      }
      await tx.store.updateScenes(
        plans.flatMap((plan) =>
          plan.stored && Object.keys(plan.changed).length > 0
            ? [{ id: plan.stored.id, values: plan.changed, touch: sceneOutcome(plan) === 'updated' }]
            : [],
        ),
      );
      await tx.store.removeCast(links.castRemove);
      await tx.store.addCast(links.castAdd);
      await tx.store.removeTags(links.tagRemove);
      await tx.store.addTags(links.tagAdd);
      await this.insertScenes(tx, fresh, freshIds, { links: links.castAdd, akaGroups, now });
      await tx.store.resetExportedScripts(retitled);
      await this.mergeActorDetails(tx, details, cast);
      await tx.counts.refreshTagCounts(unique2([...links.tagAdd, ...links.tagRemove]));
      await tx.counts.refreshActorCounts(unique2([...links.castAdd, ...links.castRemove]));
      await this.deps.status.refreshScenes(written, tx.status);
      return result;
    });
  }

  /**
   * Funscript-only updates (`funscripts.scrapeFunscripts`): the script flags of known scenes whose listing entry
   * shows scripts, in one transaction; no other column is touched. Answers the number of scenes changed.
   */
  async updateScriptFlags(updates: readonly ScriptFlagUpdate[]): Promise<number> {
    if (updates.length === 0) return 0;
    const stamp = this.clock().toISOString();
    return this.deps.repo.transaction((tx) => tx.store.setScriptFlags(updates, stamp));
  }

  /** scene_url of the scenes a scrape skips, and the alternate-scene reference URLs (scraper-sites §1.4). */
  async knownSceneUrls(): Promise<Set<string>> {
    return new Set(await this.deps.repo.knownSceneUrls());
  }

  /** Scenes flagged for a re-scrape, for the runner's single-scene rescrapes. */
  scenesNeedingUpdate(): Promise<SceneNeedingUpdate[]> {
    return this.deps.repo.scenesNeedingUpdate();
  }

  private async plan(
    tx: ScrapedSceneWriteTx,
    batch: readonly ScrapedScene[],
    now: string,
  ): Promise<ScenePlan[]> {
    const ids = batch.map((scene) => scene.sceneId);
    const stored = new Map((await tx.store.scenesBySceneId(ids)).map((row) => [row.scene_id, row]));
    const journals = groupBy(await tx.store.journal(ids), (entry) => entry.scene_id);
    const subscribed = await tx.store.subscribedSites(unique(batch.map((scene) => scene.scraperId)));
    const storedIds = [...stored.values()].map((row) => row.id);
    const cast = groupBy(await tx.store.castOf(storedIds), (link) => link.scene_id);
    const tags = groupBy(await tx.store.tagsOf(storedIds), (link) => link.scene_id);
    return batch.map((scene) => {
      const row = stored.get(scene.sceneId);
      const locks = sceneLocks(journals.get(scene.sceneId) ?? []);
      const planned = planSceneColumns(scene, {
        stored: row,
        locks,
        subscribed: subscribed.has(scene.scraperId),
        now,
      });
      return {
        scene,
        stored: row,
        changed: changedColumns(planned, row),
        cast: linkPlan(scene.cast.map(castName), cast.get(row?.id ?? 0) ?? [], locks.cast),
        tags: linkPlan(convertTags(scene.tags), tags.get(row?.id ?? 0) ?? [], locks.tags),
      };
    });
  }

  /**
   * Inserts the new scenes with the ids given them, after their links: cast_count is written with the row (the
   * cast-count trigger found no scene to count for), counting the actors that are not aka groups.
   */
  private async insertScenes(
    tx: ScrapedSceneWriteTx,
    fresh: readonly ScenePlan[],
    ids: ReadonlyMap<ScenePlan, number>,
    context: { links: readonly Link[]; akaGroups: ReadonlySet<number>; now: string },
  ): Promise<void> {
    if (fresh.length === 0) return;
    const castCount = new Map<number, Set<number>>();
    for (const [scene, actor] of context.links) {
      if (context.akaGroups.has(actor)) continue;
      const members = castCount.get(scene);
      if (members) members.add(actor);
      else castCount.set(scene, new Set([actor]));
    }
    const rows = fresh.map((plan) => {
      const id = ids.get(plan) ?? 0;
      return {
        id,
        scene_id: plan.scene.sceneId,
        ...plan.changed,
        cast_count: castCount.get(id)?.size ?? 0,
        created_at: context.now,
        updated_at: context.now,
      };
    });
    const inserted = await tx.store.insertScenes(rows);
    for (const row of rows) {
      if (inserted.get(row.scene_id) !== row.id) throw new Error(`${row.scene_id} was not inserted`);
    }
  }

  /** Merges the scraped details into the stored cast actors that have some (those created have them already). */
  private async mergeActorDetails(
    tx: ScrapedSceneWriteTx,
    details: ReadonlyMap<string, ScrapedActorDetails[]>,
    resolved: readonly NamedActor[],
  ): Promise<void> {
    const created = new Set(
      resolved.filter((actor) => actor.created).map((actor) => actor.name.toLowerCase()),
    );
    const names = [...details.keys()].filter((name) => !created.has(name));
    if (names.length === 0) return;
    const known = byName(resolved);
    const others = await tx.store.actorsNamed(names.filter((name) => !known.has(name)));
    const ids = [...names.flatMap((name) => known.get(name) ?? []), ...others.map((actor) => actor.id)];
    const rows = await tx.store.actorDetailRows(ids);
    const journals = groupBy(await tx.store.actorJournal(ids), (entry) => entry.actor_id);
    const changes = rows.map((row) => ({
      id: row.id,
      values: planActorDetails(
        row,
        details.get(row.name.toLowerCase()) ?? [],
        journalLocks(journals.get(row.id) ?? []),
      ),
    }));
    await tx.store.updateActors(changes.filter((change) => Object.keys(change.values).length > 0));
  }
}

/** created, updated, or unchanged when only bookkeeping columns (needs_update, edits_applied) move. */
function sceneOutcome(plan: ScenePlan): keyof WriteBatchResult {
  if (!plan.stored) return 'created';
  const moved =
    Object.keys(plan.changed).some((column) => !BOOKKEEPING_COLUMNS.has(column)) ||
    plan.cast.add.length + plan.cast.remove.length + plan.tags.add.length + plan.tags.remove.length > 0;
  return moved ? 'updated' : 'unchanged';
}

/** The links to add and drop so a scene's plain (non-group) links become the planned names. */
function linkPlan(
  scraped: readonly string[],
  stored: readonly SceneLink[],
  edits: readonly string[],
): LinkPlan {
  const plain = stored.filter((link) => !link.is_group);
  const wanted = planNames(
    scraped.filter((name) => name !== ''),
    plain.map((link) => link.name),
    edits,
  );
  const wantedKeys = new Set(wanted.map((name) => name.toLowerCase()));
  const storedKeys = new Set(plain.map((link) => link.name.toLowerCase()));
  return {
    wanted,
    add: wanted.filter((name) => !storedKeys.has(name.toLowerCase())),
    remove: plain.filter((link) => !wantedKeys.has(link.name.toLowerCase())).map((link) => link.id),
  };
}

/** A link: [scene id, actor or tag id]. */
type Link = readonly [number, number];

/** The distinct second members of links (the actors or tags they touch). */
const unique2 = (links: readonly Link[]): number[] => [...new Set(links.map(([, other]) => other))];

function byName(rows: readonly NamedId[]): Map<string, number> {
  return new Map(rows.map((row) => [row.name.toLowerCase(), row.id]));
}

function lookup(ids: ReadonlyMap<string, number>, name: string): number {
  const id = ids.get(name.toLowerCase());
  if (id === undefined) throw new Error(`"${name}" was not resolved`);
  return id;
}

function unique(names: readonly string[]): string[] {
  const seen = new Map<string, string>();
  for (const name of names) if (!seen.has(name.toLowerCase())) seen.set(name.toLowerCase(), name);
  return [...seen.values()];
}

function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}
