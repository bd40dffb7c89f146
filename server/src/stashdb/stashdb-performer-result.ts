import type { StashdbPerformerResult } from '@fovea/contract';
import { nameKeys, simplifyName, studioSearchName } from './stashdb-names';
import { stashPerformerUrl } from './stashdb-scene-result';
import type { StashPerformerDetails } from './stashdb.schemas';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PERFORMER_URL =
  /^https?:\/\/[^/\s]+(?:\/[^\s]*)?\/performers\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:[/?#]|$)/i;

/** The StashDB performer id a text names by itself (a UUID or a …/performers/<uuid> URL), or null. */
export function directPerformerId(text: string): string | null {
  const value = text.trim();
  if (UUID.test(value)) return value.toLowerCase();
  return PERFORMER_URL.exec(value)?.[1]?.toLowerCase() ?? null;
}

/** What the ranking knows of the local actor. */
export interface LocalActorFacts {
  /** The simplified actor name. */
  name: string;
  /** The simplified names the actor goes by: name and aliases. */
  names: ReadonlySet<string>;
  /** The simplified site and studio names of the actor's scenes. */
  studios: ReadonlySet<string>;
}

/** The local facts of an actor from its name, aliases and the sites/studios of its scenes. */
export function localActorFacts(
  name: string,
  aliases: readonly string[],
  scenes: readonly { site: string; studio: string }[],
): LocalActorFacts {
  return {
    name: simplifyName(name),
    names: nameKeys([name, ...aliases]),
    studios: nameKeys(scenes.flatMap(({ site, studio }) => [studioSearchName(site), site, studio])),
  };
}

/**
 * Points of each kind of agreement. A direct lookup (10000, DIRECT_LOOKUP_WEIGHT) stays above all of them
 * together.
 */
export const PERFORMER_POINTS = {
  /** The performer's name is the actor's name (or the searched text). */
  sameName: 1000,
  /** The performer's name is one of the actor's aliases. */
  nameIsAlias: 500,
  /** Per alias of the performer that is the actor's name or one of its aliases. */
  alias: 200,
  /** Per StashDB studio the actor's scenes come from (at most `maxStudios` counted). */
  studio: 150,
  maxStudios: 10,
} as const;

/** Performer results returned at most. */
export const MAX_PERFORMER_RESULTS = 100;

function studioMatched(
  studio: { name: string; parent?: { name?: string | null } | null },
  facts: LocalActorFacts,
) {
  for (const key of nameKeys([studio.name, studio.parent?.name ?? '']))
    if (facts.studios.has(key)) return true;
  return false;
}

/** The aliases of a performer, each marked when it is the actor's name or one of its aliases. */
function matchedAliases(performer: StashPerformerDetails, facts: LocalActorFacts) {
  return (performer.aliases ?? []).map((alias) => ({
    Alias: alias,
    Matched: facts.names.has(simplifyName(alias)),
  }));
}

function matchedStudios(performer: StashPerformerDetails, facts: LocalActorFacts, siteRoot: string) {
  return (performer.studios ?? [])
    .map(({ studio, scene_count }) => ({
      Name: studio.name,
      Id: studio.id,
      Url: `${siteRoot}/studios/${studio.id}`,
      SceneCount: Math.max(0, Math.round(scene_count ?? 0)),
      Matched: studioMatched(studio, facts),
    }))
    .sort((a, b) => b.SceneCount - a.SceneCount || a.Name.localeCompare(b.Name));
}

/** The weight of one performer for the local actor; `query` is the owner's search text ('' for none). */
export function weighPerformer(
  performer: StashPerformerDetails,
  facts: LocalActorFacts,
  query: string,
): number {
  const name = simplifyName(performer.name);
  let weight = 0;
  if (name !== '' && (name === facts.name || name === simplifyName(query)))
    weight += PERFORMER_POINTS.sameName;
  else if (facts.names.has(name)) weight += PERFORMER_POINTS.nameIsAlias;
  weight += matchedAliases(performer, facts).filter((alias) => alias.Matched).length * PERFORMER_POINTS.alias;
  const studios = (performer.studios ?? []).filter(({ studio }) => studioMatched(studio, facts)).length;
  weight += Math.min(studios, PERFORMER_POINTS.maxStudios) * PERFORMER_POINTS.studio;
  return weight;
}

/** One performer as the wire carries it (PascalCase keys; ImageUrl is a list). */
export function toPerformerResult(
  performer: StashPerformerDetails,
  weight: number,
  facts: LocalActorFacts,
  siteRoot: string,
): StashdbPerformerResult {
  return {
    Url: stashPerformerUrl(siteRoot, performer.id),
    Name: performer.name,
    Disambiguation: performer.disambiguation ?? '',
    Aliases: matchedAliases(performer, facts),
    Id: performer.id,
    ImageUrl: (performer.images ?? []).map((image) => image.url).filter((url) => url !== ''),
    DOB: performer.birth_date ?? '',
    Weight: Math.round(weight),
    Studios: matchedStudios(performer, facts, siteRoot),
  };
}

/**
 * The performers weighed and sorted, heaviest first (then by name and id, so the order is stable), at most
 * `limit`. Deleted StashDB performers are left out.
 */
export function rankPerformers(
  candidates: Iterable<StashPerformerDetails>,
  facts: LocalActorFacts,
  query: string,
  limit = MAX_PERFORMER_RESULTS,
): { performer: StashPerformerDetails; weight: number }[] {
  const ranked: { performer: StashPerformerDetails; weight: number }[] = [];
  for (const performer of candidates) {
    if (performer.deleted === true) continue;
    ranked.push({ performer, weight: weighPerformer(performer, facts, query) });
  }
  ranked.sort(
    (a, b) =>
      b.weight - a.weight ||
      a.performer.name.localeCompare(b.performer.name) ||
      a.performer.id.localeCompare(b.performer.id),
  );
  return ranked.slice(0, limit);
}
