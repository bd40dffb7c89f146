import type { BundleActor } from '@fovea/contract';
import type {
  BundleRestoreCatalogueRepository,
  NamedRowId,
} from '../../repositories/bundle-restore-catalogue.repository';
import { AKA_PREFIX } from '../../repositories/aka.repository';
import { TAG_GROUP_PREFIX } from '../../repositories/tag-group.repository';
import { actorValues } from './apply-values';

/** "aka:" pseudo-actors and "tag group:" pseudo-tags are rebuilt from their groups, never restored as names. */
export const isAkaName = (name: string): boolean => name.startsWith(AKA_PREFIX);
export const isTagGroupName = (name: string): boolean => name.startsWith(TAG_GROUP_PREFIX);

/** Rows by name: the exact name first, else one that differs only in case. */
export class NameIndex {
  private readonly exact = new Map<string, number>();
  private readonly folded = new Map<string, number>();

  constructor(rows: readonly NamedRowId[] = []) {
    for (const row of rows) this.add(row);
  }

  add(row: NamedRowId): void {
    this.exact.set(row.name, row.id);
    if (!this.folded.has(row.name.toLowerCase())) this.folded.set(row.name.toLowerCase(), row.id);
  }

  get(name: string): number | undefined {
    return this.exact.get(name) ?? this.folded.get(name.toLowerCase());
  }
}

/**
 * The actors of these names, the missing ones created with the details their bundle object carries (a scene's
 * cast entries and an aka group's members are full actor objects), or from `details` (asked for only when an
 * actor is missing) when the objects came as names only (a spooled scene's cast). Names are matched exactly, then ignoring case, as XBVR stores them (no
 * dot or case rewriting).
 */
export async function actorsFor(
  repo: BundleRestoreCatalogueRepository,
  actors: readonly BundleActor[],
  details?: () => Promise<(name: string) => BundleActor | undefined>,
): Promise<{ index: NameIndex; created: number[] }> {
  const wanted = new Map<string, BundleActor>();
  for (const actor of actors) if (!wanted.has(actor.name)) wanted.set(actor.name, actor);
  const index = new NameIndex(await repo.actorsNamed([...wanted.keys()]));
  const missing = [...wanted].filter(([name]) => index.get(name) === undefined);
  if (missing.length === 0) return { index, created: [] };
  const detailsOf = details ? await details() : () => undefined;
  const created = await repo.insertActors(
    missing.map(([name, actor]) => ({ ...actorValues(detailsOf(name) ?? actor), name })),
  );
  for (const row of created) index.add(row);
  return { index, created: created.map((row) => row.id) };
}

/** The tags of these names (as stored, exactly), the missing ones created. */
export async function tagsFor(
  repo: BundleRestoreCatalogueRepository,
  names: readonly string[],
): Promise<NameIndex> {
  const wanted = [...new Set(names)];
  const found = await repo.tagsNamed(wanted);
  const have = new Set(found.map((row) => row.name));
  const created = await repo.insertTags(wanted.filter((name) => !have.has(name)));
  return new NameIndex([...found, ...created]);
}
