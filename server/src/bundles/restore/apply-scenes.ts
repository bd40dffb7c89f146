import type { BundleActor, BundleScene } from '@fovea/contract';
import type { Insertable, Updateable } from 'kysely';
import type { ScenesTable } from '../../db/schema';
import type {
  BundleRestoreCatalogueRepository,
  RestoreLink,
  RestoreSceneRow,
} from '../../repositories/bundle-restore-catalogue.repository';
import type { BundleRestoreRepository } from '../../repositories/bundle-restore.repository';
import { inBatches, lastByKey } from './apply-batches';
import { actorsFor, isAkaName, isTagGroupName, tagsFor } from './apply-names';
import type { SiteScope } from './apply-site-scope';
import type { CountTouches } from './apply-touched';
import { sceneValues, unchanged } from './apply-values';
import type { ApplyContext, SectionApplier } from './section-applier';
import type { SpooledBundle } from '../spooled-bundle';

/** random_key takes 0 ≤ key < 2^31 - 1, as abs(random()) % 2147483647 in the trigger. */
const RANDOM_KEY_RANGE = 2_147_483_647;

/** The whole cast objects of a spooled bundle by name, read the first time an actor is missing. */
type CastDetails = () => Promise<(name: string) => BundleActor | undefined>;

function castDetails(bundle: SpooledBundle): CastDetails {
  let loaded: Promise<Map<string, string>> | null = null;
  const load = async () => {
    // Kept as text (half the memory of the objects); only the actors the restore creates are parsed.
    const byName = new Map<string, string>();
    for await (const actor of bundle.castActors()) byName.set(actor.name, JSON.stringify(actor));
    return byName;
  };
  return async () => {
    loaded ??= load();
    const byName = await loaded;
    return (name) => {
      const text = byName.get(name);
      return text === undefined ? undefined : (JSON.parse(text) as BundleActor);
    };
  };
}

interface SceneLinks {
  cast: number[];
  tags: number[];
}

/**
 * The `scenes` section: scenes by scene_id with their tags and cast (names as stored; "aka:" and "tag group:"
 * pseudo names are left to their groups). A new scene goes in with its links in one batch; with overwrite on an
 * existing scene takes the bundle's values and its tags and cast are replaced, with overwrite off it is left
 * alone. Scenes of sites out of the restore's scope are skipped.
 */
export class SceneSectionApplier implements SectionApplier {
  readonly sections = ['scenes'] as const;

  constructor(
    private readonly store: BundleRestoreRepository,
    private readonly scope: SiteScope,
    private readonly batchSize: number,
    private readonly touches: CountTouches,
  ) {}

  async apply(bundle: SpooledBundle, context: ApplyContext): Promise<void> {
    const details = castDetails(bundle);
    await inBatches({
      section: 'scenes',
      records: bundle.records('scenes'),
      size: this.batchSize,
      context,
      apply: (batch) => this.applyBatch(batch, context, details),
    });
  }

  private async applyBatch(
    records: BundleScene[],
    context: ApplyContext,
    details: CastDetails,
  ): Promise<void> {
    const { tally, options } = context;
    tally.count('scenes', 'read', records.length);
    const inScope: BundleScene[] = [];
    for (const scene of records) {
      if (this.scope.allows(scene.scraper_id)) inScope.push(scene);
      else tally.count('scenes', 'skipped');
    }
    const scenes = lastByKey(inScope, (scene) => scene.scene_id);
    tally.count('scenes', 'skipped', inScope.length - scenes.length);
    const written = await this.store.batch(async ({ catalogue: repo }) => {
      const ids = scenes.map((scene) => scene.scene_id);
      const stored = new Map(
        (options.overwrite ? await repo.sceneRowsBySceneId(ids) : await repo.scenesBySceneId(ids)).map(
          (row) => [row.scene_id, row],
        ),
      );
      const fresh = scenes.filter((scene) => !stored.has(scene.scene_id));
      const known = options.overwrite ? scenes.filter((scene) => stored.has(scene.scene_id)) : [];
      const links = await this.resolveLinks(repo, [...fresh, ...known], details);
      await this.insert(repo, fresh, links);
      const updated = await this.replace(repo, known, stored, links);
      return { added: fresh.length, updated, kept: scenes.length - fresh.length - updated.size };
    });
    // A changed scene's status follows its new values (e.g. an available scene leaves the wishlist).
    for (const id of written.updated) context.touchedScenes.add(id);
    tally.count('scenes', 'added', written.added);
    tally.count('scenes', 'updated', written.updated.size);
    tally.count('scenes', 'skipped', written.kept);
  }

  /** The actor and tag ids of each scene's cast and tags, creating the missing ones (with their `details`). */
  private async resolveLinks(
    repo: BundleRestoreCatalogueRepository,
    scenes: readonly BundleScene[],
    details: CastDetails,
  ): Promise<Map<BundleScene, SceneLinks>> {
    const castOf = (scene: BundleScene) => (scene.cast ?? []).filter((actor) => !isAkaName(actor.name));
    const tagsOf = (scene: BundleScene) =>
      (scene.tags ?? []).map((tag) => tag.name).filter((name) => name !== '' && !isTagGroupName(name));
    const actors = await actorsFor(repo, scenes.flatMap(castOf), details);
    const tags = await tagsFor(repo, scenes.flatMap(tagsOf));
    const ids = (names: readonly string[], index: { get(name: string): number | undefined }) => [
      ...new Set(names.flatMap((name) => index.get(name) ?? [])),
    ];
    return new Map(
      scenes.map((scene) => [
        scene,
        {
          cast: ids(
            castOf(scene).map((actor) => actor.name),
            actors.index,
          ),
          tags: ids(tagsOf(scene), tags),
        },
      ]),
    );
  }

  /** New scenes take their ids first, so their links go in before them and each insert indexes its scene once. */
  private async insert(
    repo: BundleRestoreCatalogueRepository,
    scenes: readonly BundleScene[],
    links: Map<BundleScene, SceneLinks>,
  ): Promise<void> {
    if (scenes.length === 0) return;
    const first = await repo.nextSceneId();
    await repo.deferForeignKeys();
    const cast: RestoreLink[] = [];
    const tags: RestoreLink[] = [];
    const rows: Insertable<ScenesTable>[] = scenes.map((scene, index) => {
      const id = first + index;
      const linked = links.get(scene) ?? { cast: [], tags: [] };
      cast.push(...linked.cast.map((actor) => [id, actor] as const));
      tags.push(...linked.tags.map((tag) => [id, tag] as const));
      // The random order's key, as the insert trigger would set it (suspended in a large restore).
      const randomKey = Math.floor(Math.random() * RANDOM_KEY_RANGE);
      return {
        ...sceneValues(scene),
        id,
        scene_id: scene.scene_id,
        cast_count: linked.cast.length,
        random_key: randomKey,
      };
    });
    await repo.addCast(cast);
    await repo.addTags(tags);
    await repo.insertScenes(rows);
    this.touches.addActors(cast.map(([, actor]) => actor));
    this.touches.addTags(tags.map(([, tag]) => tag));
  }

  /**
   * Overwrite: the bundle's values over the stored scenes, the plain cast and tags a record lists replaced.
   * Answers the ids of the scenes that changed (a scene that already has the values and links is left as it is).
   */
  private async replace(
    repo: BundleRestoreCatalogueRepository,
    scenes: readonly BundleScene[],
    stored: Map<string, RestoreSceneRow>,
    links: Map<BundleScene, SceneLinks>,
  ): Promise<Set<number>> {
    const rows = scenes.flatMap((scene) => {
      const row = stored.get(scene.scene_id);
      return row ? [{ scene, row, links: links.get(scene) ?? { cast: [], tags: [] } }] : [];
    });
    const changed = new Set<number>();
    for (const { scene, row } of rows) {
      const values = sceneValues(scene);
      if (unchanged(settled(values, row), row)) continue;
      await repo.updateScene(row.id, values);
      changed.add(row.id);
    }
    const withCast = rows.filter(({ scene }) => scene.cast !== undefined && scene.cast !== null);
    const cast = diffLinks(
      await repo.castOf(withCast.map(({ row }) => row.id)),
      withCast.map(({ row, links: wanted }) => [row.id, wanted.cast] as const),
    );
    await repo.removeCast(cast.remove);
    await repo.addCast(cast.add);
    const withTags = rows.filter(({ scene }) => scene.tags !== undefined && scene.tags !== null);
    const tags = diffLinks(
      await repo.tagsOf(withTags.map(({ row }) => row.id)),
      withTags.map(({ row, links: wanted }) => [row.id, wanted.tags] as const),
    );
    await repo.removeTags(tags.remove);
    await repo.addTags(tags.add);
    for (const [scene] of [...cast.add, ...cast.remove, ...tags.add, ...tags.remove]) changed.add(scene);
    this.touches.addActors([...cast.add, ...cast.remove].map(([, actor]) => actor));
    this.touches.addTags([...tags.add, ...tags.remove].map(([, tag]) => tag));
    return changed;
  }
}

/**
 * The values that tell whether a stored scene would change: the time it was last changed is not one of them
 * (the status refresh moves it), and an available scene leaves the wishlist (as the refresh does), so a bundle
 * that still has it there changes nothing.
 */
function settled(values: Updateable<ScenesTable>, row: RestoreSceneRow): Updateable<ScenesTable> {
  const available = 'is_available' in row && row.is_available === 1;
  return {
    ...values,
    updated_at: undefined,
    ...(available && values.wishlist === 1 ? { wishlist: 0 } : {}),
  };
}

/** The links to drop and to add so each scene has exactly the wanted targets. */
function diffLinks(
  stored: readonly RestoreLink[],
  wanted: readonly (readonly [scene: number, targets: readonly number[]])[],
): { add: RestoreLink[]; remove: RestoreLink[] } {
  const want = new Set(wanted.flatMap(([scene, targets]) => targets.map((target) => `${scene}:${target}`)));
  const have = new Set(stored.map(([scene, target]) => `${scene}:${target}`));
  return {
    remove: stored.filter(([scene, target]) => !want.has(`${scene}:${target}`)),
    add: wanted.flatMap(([scene, targets]) =>
      targets.filter((target) => !have.has(`${scene}:${target}`)).map((target) => [scene, target] as const),
    ),
  };
}
