import type { CatalogueRow } from '../../../server/src/repositories/bulk-insert.repository';
import type { Prng } from './prng';
import { randomTime } from './prng';
import {
  COMMON_TAGS,
  SITE_PREFIXES,
  SITE_SUFFIXES,
  TAG_ADJECTIVES,
  TAG_GROUPS,
  TAG_NOUNS,
} from './vocabulary';

export type SiteKind = 'official' | 'slr' | 'povr';

export interface SiteSpec {
  id: string;
  name: string;
  studio: string;
  kind: SiteKind;
  domain: string;
}

const slug = (text: string): string => text.toLowerCase().replace(/[^a-z0-9]+/g, '');

/**
 * `count` scene sites: mostly official studios (scene ids `<site>-<n>`), the last few reached through the SLR
 * and POVR aggregators (scene ids `slr-<n>` / `povr-<n>`, site names with the aggregator suffix).
 */
export function makeSites(prng: Prng, count: number): SiteSpec[] {
  const names = new Set<string>();
  const order = prng.permutation(SITE_PREFIXES.length * SITE_SUFFIXES.length);
  for (const index of order) {
    if (names.size >= count) break;
    const prefix = SITE_PREFIXES[index % SITE_PREFIXES.length] ?? 'VR';
    const suffix = SITE_SUFFIXES[Math.floor(index / SITE_PREFIXES.length)] ?? 'Studio';
    names.add(`${prefix}${prng.chance(0.5) ? ' ' : ''}${suffix}`);
  }
  const aggregated = Math.max(1, Math.round(count * 0.08));
  return [...names].map((base, i) => {
    const kind: SiteKind = i >= count - aggregated ? (i % 2 === 0 ? 'slr' : 'povr') : 'official';
    const id = slug(base);
    return {
      id: kind === 'official' ? id : `${id}-${kind}`,
      name: kind === 'official' ? base : `${base} (${kind === 'slr' ? 'SLR' : 'POVR'})`,
      studio: kind === 'official' ? `${base} Network` : base,
      kind,
      domain: kind === 'official' ? `www.${id}.example` : `www.${kind}.example`,
    };
  });
}

/** `sites` rows for the scene sites, plus alternate-source sites (master_site_id set) for a few of them. */
export function siteRows(
  prng: Prng,
  sites: SiteSpec[],
): { rows: CatalogueRow<'sites'>[]; alternates: string[] } {
  const rows: CatalogueRow<'sites'>[] = sites.map((site) => ({
    id: site.id,
    name: site.name,
    avatar_url: `https://${site.domain}/favicon.png`,
    is_builtin: 1,
    is_enabled: prng.chance(0.9) ? 1 : 0,
    subscribed: prng.chance(0.2) ? 1 : 0,
    last_update: new Date(randomTime(prng, '2025-01-01', '2026-06-30')).toISOString(),
  }));
  const alternates: string[] = [];
  for (const master of sites.filter((site) => site.kind === 'official').slice(0, 4)) {
    const id = `${master.id}-povr-alt`;
    alternates.push(id);
    rows.push({
      id,
      name: `${master.name} (POVR)`,
      is_builtin: 0,
      is_enabled: 1,
      master_site_id: master.id,
      matching_params: '{}',
    });
  }
  return { rows, alternates };
}

export interface TagCatalogue {
  rows: CatalogueRow<'tags'>[];
  /** Tag ids by popularity rank (rank 0 is the most used). */
  byRank: number[];
  groups: TagGroupSpec[];
}

export interface TagGroupSpec {
  id: number;
  name: string;
  /** The pseudo-tag `tag group:<name>` the tags filter offers for the group. */
  tagId: number;
  members: number[];
}

/** `count` tag names (common ones first), then the tag groups and their pseudo-tags. */
export function makeTags(prng: Prng, count: number): TagCatalogue {
  const names = new Set<string>(COMMON_TAGS.slice(0, count));
  const combos = prng.permutation(TAG_ADJECTIVES.length * TAG_NOUNS.length);
  for (const index of combos) {
    if (names.size >= count) break;
    const adjective = TAG_ADJECTIVES[index % TAG_ADJECTIVES.length] ?? 'soft';
    const noun = TAG_NOUNS[Math.floor(index / TAG_ADJECTIVES.length)] ?? 'bed';
    names.add(`${adjective} ${noun}`);
  }
  for (let extra = 1; names.size < count; extra++) names.add(`tag ${extra}`);
  const rows: CatalogueRow<'tags'>[] = [...names].map((name, i) => ({ id: i + 1, name, clean: name }));
  const byRank = rows.map((row) => row.id as number);

  const groups: TagGroupSpec[] = [];
  const groupCount = Math.min(TAG_GROUPS.length, Math.floor(count / 20));
  for (let g = 0; g < groupCount; g++) {
    const name = TAG_GROUPS[g] ?? `group ${g}`;
    const tagId = count + g + 1;
    rows.push({ id: tagId, name: `tag group:${name}`, clean: `tag group:${name}`, is_tag_group: 1 });
    // Members: one popular tag and a few from the middle of the list.
    const members = [
      byRank[g] ?? 1,
      ...prng.distinct(prng.int(2, 5), Math.min(count, 300)).map((rank) => byRank[rank] ?? 1),
    ];
    groups.push({ id: g + 1, name, tagId, members: [...new Set(members)] });
  }
  return { rows, byRank, groups };
}

export function tagGroupRows(groups: TagGroupSpec[]): {
  groups: CatalogueRow<'tag_groups'>[];
  members: CatalogueRow<'tag_group_tags'>[];
} {
  return {
    groups: groups.map((group) => ({ id: group.id, name: group.name, tag_group_tag_id: group.tagId })),
    members: groups.flatMap((group) =>
      group.members.map((tagId) => ({ tag_group_id: group.id, tag_id: tagId })),
    ),
  };
}
