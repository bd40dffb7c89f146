import type { Kysely, Selectable } from 'kysely';
import type {
  DB,
  ExternalReferenceLinksTable,
  ExternalReferencesTable,
  PlaylistsTable,
  SitesTable,
  TagGroupsTable,
  VolumesTable,
} from '../db/schema';
import { COLLECTOR_KEY_PREFIX } from './collector-config.repository';
import { inIds } from './sql-lists';

export type BundleVolumeRow = Selectable<VolumesTable>;
export type BundlePlaylistRow = Selectable<PlaylistsTable>;
export type BundleSiteRow = Selectable<SitesTable>;
export type BundleTagGroupRow = Selectable<TagGroupsTable> & { tag_group_tag_name: string | null };
export type BundleExtRefRow = Selectable<ExternalReferencesTable>;
export type BundleExtRefLinkRow = Selectable<ExternalReferenceLinksTable>;

/**
 * Which links of the external references a backup takes: all, the manual alternate-scene matches
 * (match_type 99999) or the matches the owner deleted (match_type -1, internal_name_id "deleted"). Like the
 * reference, the two subsets look at alternate-scene references only, and a reference travels only with a link
 * of its subset.
 */
export type ExtRefLinkSubset = 'all' | 'manual_matched' | 'deleted_match';

export const MANUAL_MATCH_TYPE = 99999;
export const DELETED_MATCH_TYPE = -1;
const ALTERNATE_SCENE_PATTERN = 'alternate scene %';
/** The character after ':' bounds the collector-config prefix range. */
const COLLECTOR_KEY_END = 'collector;';

/** The kv key of the cuepoint vocabulary. */
export const CUEPOINTS_KV_KEY = 'cuepoints';

type CountedTable = 'volumes' | 'playlists' | 'sites' | 'tag_groups';

/**
 * Reads of a backup, catalogue side: volumes, saved searches, sites, tag groups, external references and the
 * kv rows a bundle's config carries, in pages (keyset on the key). Bound to the export's read-only connection.
 */
export class BundleExportCatalogueRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async count(table: CountedTable): Promise<number> {
    const row = await this.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  volumesAfter(afterId: number, limit: number): Promise<BundleVolumeRow[]> {
    return this.db
      .selectFrom('volumes')
      .selectAll()
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  playlistsAfter(afterId: number, limit: number): Promise<BundlePlaylistRow[]> {
    return this.db
      .selectFrom('playlists')
      .selectAll()
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  sitesAfter(afterId: string, limit: number): Promise<BundleSiteRow[]> {
    return this.db
      .selectFrom('sites')
      .selectAll()
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  tagGroupsAfter(afterId: number, limit: number): Promise<BundleTagGroupRow[]> {
    return this.db
      .selectFrom('tag_groups')
      .leftJoin('tags', 'tags.id', 'tag_groups.tag_group_tag_id')
      .selectAll('tag_groups')
      .select('tags.name as tag_group_tag_name')
      .where('tag_groups.id', '>', afterId)
      .orderBy('tag_groups.id')
      .limit(limit)
      .execute();
  }

  /** The member tag names of the groups, by name. */
  tagGroupMembers(groupIds: readonly number[]): Promise<{ tag_group_id: number; name: string }[]> {
    if (groupIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('tag_group_tags')
      .innerJoin('tags', 'tags.id', 'tag_group_tags.tag_id')
      .select(['tag_group_tags.tag_group_id', 'tags.name'])
      .where(inIds('tag_group_tags.tag_group_id', groupIds))
      .orderBy('tag_group_tags.tag_group_id')
      .orderBy('tags.name')
      .execute();
  }

  /** The next page of references after `afterId`; for a subset, only references with a link of it. */
  extRefsAfter(subset: ExtRefLinkSubset, afterId: number, limit: number): Promise<BundleExtRefRow[]> {
    let query = this.db.selectFrom('external_references').selectAll().where('id', '>', afterId);
    if (subset !== 'all') {
      query = query
        .where('external_source', 'like', ALTERNATE_SCENE_PATTERN)
        .where(
          'id',
          'in',
          this.linksOfSubset(subset).select('external_reference_links.external_reference_id'),
        );
    }
    return query.orderBy('id').limit(limit).execute();
  }

  async countExtRefs(subset: ExtRefLinkSubset): Promise<number> {
    if (subset !== 'all') {
      const row = await this.linksOfSubset(subset)
        .select((eb) =>
          eb.fn.count<number>('external_reference_links.external_reference_id').distinct().as('n'),
        )
        .executeTakeFirstOrThrow();
      return Number(row.n);
    }
    const row = await this.db
      .selectFrom('external_references')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The links of the references that belong to the subset, by reference then id. */
  extRefLinks(subset: ExtRefLinkSubset, refIds: readonly number[]): Promise<BundleExtRefLinkRow[]> {
    if (refIds.length === 0) return Promise.resolve([]);
    return this.linksOfSubset(subset)
      .selectAll('external_reference_links')
      .where(inIds('external_reference_links.external_reference_id', refIds))
      .orderBy('external_reference_links.external_reference_id')
      .orderBy('external_reference_links.id')
      .execute();
  }

  private linksOfSubset(subset: ExtRefLinkSubset) {
    const links = this.db.selectFrom('external_reference_links');
    if (subset === 'manual_matched') {
      return links.where('external_reference_links.match_type', '=', MANUAL_MATCH_TYPE);
    }
    if (subset === 'deleted_match') {
      return links
        .where('external_reference_links.match_type', '=', DELETED_MATCH_TYPE)
        .where('external_reference_links.internal_name_id', '=', 'deleted');
    }
    return links;
  }

  /** The cuepoint vocabulary and the collector configs (key `collector:<domain_key>`), by key. */
  configKvRows(): Promise<{ key: string; value: string }[]> {
    return this.db
      .selectFrom('kv')
      .select(['key', 'value'])
      .where((eb) =>
        eb.or([
          eb('key', '=', CUEPOINTS_KV_KEY),
          eb.and([eb('key', '>=', COLLECTOR_KEY_PREFIX), eb('key', '<', COLLECTOR_KEY_END)]),
        ]),
      )
      .orderBy('key')
      .execute();
  }
}
