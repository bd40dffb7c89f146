import type { Scene, SceneEditBody } from '@fovea/contract';
import type { SceneEditEntry } from '../repositories/scene-edit-journal.repository';
import type { NamedRow, SceneWriteRepository, SceneWriteTx } from '../repositories/scene-write.repository';
import { planFieldEdits } from './scene-edit-plan';
import { noScene, type SceneService } from './scene.service';
import { recountActorsInTurns, recountTagsInTurns } from './recount-in-turns';

/** Names of group pseudo-entries, which the aka and tag-group calls manage, not the scene edit. */
const AKA_PREFIX = 'aka:';
const TAG_GROUP_PREFIX = 'tag group:';

interface MembershipChange {
  added: NamedRow[];
  removed: NamedRow[];
}

/** What to add and remove so the plain (non-group) members become `wanted`. */
function membershipChange(current: readonly NamedRow[], wanted: readonly NamedRow[]): MembershipChange {
  const plain = current.filter((row) => !row.is_group);
  const currentIds = new Set(plain.map((row) => row.id));
  const wantedById = new Map(wanted.filter((row) => !row.is_group).map((row) => [row.id, row]));
  return {
    added: [...wantedById.values()].filter((row) => !currentIds.has(row.id)),
    removed: plain.filter((row) => !wantedById.has(row.id)),
  };
}

const journalOf = (column: 'cast' | 'tags', change: MembershipChange): SceneEditEntry[] => [
  ...change.added.map((row) => ({ changed_column: column, new_value: `+${row.name}` })),
  ...change.removed.map((row) => ({ changed_column: column, new_value: `-${row.name}` })),
];

const idsOf = (change: MembershipChange) => [...change.added, ...change.removed].map((row) => row.id);

/**
 * POST /api/scene/edit/{id}: applies the changed fields, cast and tags in one transaction, writes one journal
 * row per changed field (and per added or removed actor or tag), recounts the tags and actors it touched and
 * marks the scene's edits as applied (the scene's cast count follows by trigger, migration 0006).
 */
export class SceneEditService {
  constructor(
    private readonly write: SceneWriteRepository,
    private readonly scenes: SceneService,
  ) {}

  async edit(id: number, body: SceneEditBody): Promise<Scene> {
    await this.write.transaction(async (tx) => {
      const row = await tx.scenes.row(id);
      if (!row) throw noScene(id);
      const fields = planFieldEdits(row, body);
      const cast = body.castArray ? await this.changeCast(tx, id, body.castArray) : null;
      const tags = body.tagsArray ? await this.changeTags(tx, id, body.tagsArray) : null;
      const entries = [
        ...fields.entries,
        ...(cast ? journalOf('cast', cast) : []),
        ...(tags ? journalOf('tags', tags) : []),
      ];
      if (entries.length === 0) return;
      await tx.scenes.update(id, { ...fields.values, edits_applied: 1 });
      await tx.journal.record(row.scene_id, entries);
      if (cast) await recountActorsInTurns(tx.counts, idsOf(cast));
      if (tags) await recountTagsInTurns(tx.counts, idsOf(tags));
    });
    return this.scenes.reload(id);
  }

  private async changeCast(tx: SceneWriteTx, id: number, names: readonly string[]) {
    const wanted = await tx.scenes.actorsNamed(
      names.filter((name) => !name.toLowerCase().startsWith(AKA_PREFIX)),
    );
    const change = membershipChange(await tx.scenes.castOf(id), wanted);
    await tx.scenes.changeCast(id, {
      remove: change.removed.map((row) => row.id),
      add: change.added.map((row) => row.id),
    });
    return change;
  }

  private async changeTags(tx: SceneWriteTx, id: number, names: readonly string[]) {
    const wanted = await tx.scenes.tagsNamed(names.filter((name) => !name.startsWith(TAG_GROUP_PREFIX)));
    const change = membershipChange(await tx.scenes.tagsOf(id), wanted);
    await tx.scenes.removeTags(
      id,
      change.removed.map((row) => row.id),
    );
    await tx.scenes.addTags(
      id,
      change.added.map((row) => row.id),
    );
    return change;
  }
}
