import type { BundleAka, BundleTagGroup } from '@fovea/contract';
import type { BundleRestoreRepository } from '../../repositories/bundle-restore.repository';
import { AKA_PREFIX } from '../../repositories/aka.repository';
import { TAG_GROUP_PREFIX } from '../../repositories/tag-group.repository';
import type { SpooledBundle } from '../spooled-bundle';
import { BatchTally, inBatches, lastByKey } from './apply-batches';
import { actorsFor, isAkaName, isTagGroupName, tagsFor } from './apply-names';
import type { CountTouches } from './apply-touched';
import { actorValues, unchanged } from './apply-values';
import type { ApplyContext, SectionApplier } from './section-applier';

/**
 * `akas`: aka groups by name, each with its "aka:" pseudo-actor (the bundle's aka_actor gives its rating and
 * flags) and its members (actors by name, created from their objects when missing). Overwrite on sets the
 * members of a known group to the bundle's; off leaves it. Counts follow at the end of the restore.
 */
export class AkaSectionApplier implements SectionApplier {
  readonly sections = ['akas'] as const;

  constructor(
    private readonly store: BundleRestoreRepository,
    private readonly batchSize: number,
    private readonly touches: CountTouches,
  ) {}

  async apply(bundle: SpooledBundle, context: ApplyContext): Promise<void> {
    await inBatches({
      section: 'akas',
      records: bundle.records('akas'),
      size: this.batchSize,
      context,
      apply: async (records) => {
        context.tally.count('akas', 'read', records.length);
        const akas = lastByKey(records, (aka) => aka.name);
        const batch = new BatchTally('akas');
        batch.count('skipped', records.length - akas.length);
        await this.store.batch(async ({ groups, catalogue }) => {
          const stored = new Map(
            (await groups.akasNamed(akas.map((aka) => aka.name))).map((row) => [row.name, row]),
          );
          const found = await actorsFor(
            catalogue,
            akas.flatMap((aka) => (aka.actors ?? []).filter((actor) => !isAkaName(actor.name))),
          );
          const kept = [...stored.values()];
          const members = groupMembers(await groups.akaMembers(kept.map((row) => row.id)));
          const pseudos = new Map(
            (await groups.actorRowsById(kept.flatMap((row) => row.pseudo_id ?? []))).map((row) => [
              row.id,
              row,
            ]),
          );
          for (const aka of akas) {
            const existing = stored.get(aka.name);
            if (existing && !context.options.overwrite) {
              batch.count('skipped');
              continue;
            }
            const memberIds = [
              ...new Set((aka.actors ?? []).flatMap((actor) => found.index.get(actor.name) ?? [])),
            ];
            if (existing) {
              const current = pseudos.get(existing.pseudo_id ?? 0);
              const same =
                current !== undefined &&
                current.name === AKA_PREFIX + aka.name &&
                current.is_aka_group === 1 &&
                unchanged(pseudoValues(aka), current) &&
                sameMembers(members.get(existing.id), memberIds);
              if (same) {
                batch.count('skipped');
                continue;
              }
            }
            const pseudo = await groups.pseudoActor(AKA_PREFIX + aka.name, pseudoValues(aka));
            const id = existing ? existing.id : await groups.insertAka(aka.name, pseudo);
            if (existing) await groups.touchAka(id, pseudo);
            await groups.setAkaMembers(id, memberIds);
            this.touches.addActors([pseudo, ...memberIds]);
            batch.count(existing ? 'updated' : 'added');
          }
        });
        batch.commit(context.tally);
      },
    });
  }
}

/** Each group's member ids. */
function groupMembers(
  pairs: readonly (readonly [group: number, member: number])[],
): Map<number, Set<number>> {
  const members = new Map<number, Set<number>>();
  for (const [group, member] of pairs) {
    const set = members.get(group) ?? new Set<number>();
    set.add(member);
    members.set(group, set);
  }
  return members;
}

/** True when a group's stored members are exactly these. */
const sameMembers = (stored: ReadonlySet<number> | undefined, wanted: readonly number[]): boolean =>
  (stored?.size ?? 0) === wanted.length && wanted.every((id) => stored?.has(id) === true);

/** The owner's state of the pseudo-actor (its name comes from the group). */
function pseudoValues(aka: BundleAka) {
  return aka.aka_actor ? actorValues(aka.aka_actor) : {};
}

/**
 * `tagGroups`: tag groups by name, each with its "tag group:" pseudo-tag and its member tags (by name, created
 * when missing). Overwrite on sets a known group's members to the bundle's; off leaves it.
 */
export class TagGroupSectionApplier implements SectionApplier {
  readonly sections = ['tagGroups'] as const;

  constructor(
    private readonly store: BundleRestoreRepository,
    private readonly batchSize: number,
    private readonly touches: CountTouches,
  ) {}

  async apply(bundle: SpooledBundle, context: ApplyContext): Promise<void> {
    await inBatches({
      section: 'tagGroups',
      records: bundle.records('tagGroups'),
      size: this.batchSize,
      context,
      apply: async (records) => {
        context.tally.count('tagGroups', 'read', records.length);
        const tagGroups = lastByKey(records, (group) => group.name);
        const batch = new BatchTally('tagGroups');
        batch.count('skipped', records.length - tagGroups.length);
        await this.store.batch(async ({ groups, catalogue }) => {
          const stored = new Map(
            (await groups.tagGroupsNamed(tagGroups.map((group) => group.name))).map((row) => [row.name, row]),
          );
          const memberNames = (group: BundleTagGroup) =>
            (group.tags ?? []).map((tag) => tag.name).filter((name) => name !== '' && !isTagGroupName(name));
          const tags = await tagsFor(catalogue, tagGroups.flatMap(memberNames));
          const kept = [...stored.values()];
          const members = groupMembers(await groups.tagGroupMembers(kept.map((row) => row.id)));
          const pseudos = new Map(
            (await groups.tagsById(kept.flatMap((row) => row.pseudo_id ?? []))).map((row) => [row.id, row]),
          );
          for (const group of tagGroups) {
            const existing = stored.get(group.name);
            if (existing && !context.options.overwrite) {
              batch.count('skipped');
              continue;
            }
            const memberIds = [...new Set(memberNames(group).flatMap((name) => tags.get(name) ?? []))];
            if (existing) {
              const current = pseudos.get(existing.pseudo_id ?? 0);
              const same =
                current !== undefined &&
                current.name === TAG_GROUP_PREFIX + group.name &&
                current.is_tag_group === 1 &&
                sameMembers(members.get(existing.id), memberIds);
              if (same) {
                batch.count('skipped');
                continue;
              }
            }
            const pseudo = await groups.pseudoTag(TAG_GROUP_PREFIX + group.name);
            const id = existing ? existing.id : await groups.insertTagGroup(group.name, pseudo);
            if (existing) await groups.touchTagGroup(id, pseudo);
            await groups.setTagGroupMembers(id, memberIds);
            this.touches.addTags([pseudo, ...memberIds]);
            batch.count(existing ? 'updated' : 'added');
          }
        });
        batch.commit(context.tally);
      },
    });
  }
}
