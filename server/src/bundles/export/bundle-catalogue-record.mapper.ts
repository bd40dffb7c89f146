import type {
  BundleActionActor,
  BundleActor,
  BundleAka,
  BundleExtRef,
  BundleExtRefLink,
  BundlePlaylist,
  BundleSite,
  BundleTagGroup,
  BundleVolume,
} from '@fovea/contract';
import { flag, toWireTime } from '../../mappers/wire-time';
import type { BundleActorEditRow, BundleAkaRow } from '../../repositories/bundle-export-actor.repository';
import type {
  BundleExtRefLinkRow,
  BundleExtRefRow,
  BundlePlaylistRow,
  BundleSiteRow,
  BundleTagGroupRow,
  BundleVolumeRow,
} from '../../repositories/bundle-export-catalogue.repository';

/*
 * Catalogue rows as bundle records (xbvr-facts §10.1), with the reference's keys and Go-style values. Volumes
 * travel under their Go field names (the reference gives them no backup tag).
 */

/**
 * A volume. `Metadata` is the put.io access token: a secret, so it is written only into a bundle that includes
 * the settings (whose config row already holds the player passwords' hashes and the API keys), never otherwise.
 */
export function toBundleVolume(row: BundleVolumeRow, withSecrets: boolean): BundleVolume {
  return {
    Type: row.type,
    Path: row.path,
    ...(withSecrets ? { Metadata: row.metadata } : {}),
    LastScan: toWireTime(row.last_scan),
    IsEnabled: flag(row.is_enabled),
    IsAvailable: flag(row.is_available),
  };
}

export function toBundlePlaylist(row: BundlePlaylistRow): BundlePlaylist {
  return {
    name: row.name,
    ordering: row.ordering,
    is_system: flag(row.is_system),
    is_deo_enabled: flag(row.is_deo_enabled),
    is_smart: flag(row.is_smart),
    playlist_type: row.playlist_type,
    search_params: row.search_params,
  };
}

/** A site by name (as the reference identifies it), with Fovea's id beside it. */
export function toBundleSite(row: BundleSiteRow): BundleSite {
  return {
    name: row.name,
    id: row.id,
    is_enabled: flag(row.is_enabled),
    subscribed: flag(row.subscribed),
    limit_scraping: flag(row.limit_scraping),
    master_site_id: row.master_site_id,
    matching_params: row.matching_params,
    scrape_stash: flag(row.scrape_stash),
  };
}

export function toBundleAka(
  row: BundleAkaRow,
  akaActor: BundleActor | null,
  members: readonly BundleActor[],
): BundleAka {
  return { name: row.name, aka_actor: akaActor, actors: [...members] };
}

export function toBundleTagGroup(row: BundleTagGroupRow, memberNames: readonly string[]): BundleTagGroup {
  return {
    name: row.name,
    tag_group_tag: row.tag_group_tag_name === null ? null : { name: row.tag_group_tag_name },
    tags: memberNames.map((name) => ({ name })),
  };
}

export function toBundleExtRefLink(row: BundleExtRefLinkRow): BundleExtRefLink {
  return {
    internal_table: row.internal_table,
    internal_db_id: row.internal_db_id,
    internal_name_id: row.internal_name_id,
    external_source: row.external_source,
    external_id: row.external_id,
    match_type: row.match_type,
    udf_datetime1: toWireTime(row.udf_datetime1),
  };
}

export function toBundleExtRef(row: BundleExtRefRow, links: readonly BundleExtRefLinkRow[]): BundleExtRef {
  return {
    external_source: row.external_source,
    external_id: row.external_id,
    external_url: row.external_url,
    external_date: toWireTime(row.external_date),
    external_data: row.external_data,
    udf_bool1: flag(row.udf_bool1),
    udf_bool2: flag(row.udf_bool2),
    udf_datetime1: toWireTime(row.udf_datetime1),
    xbvr_links: links.map(toBundleExtRefLink),
  };
}

export function toBundleActionActor(row: BundleActorEditRow): BundleActionActor {
  return {
    created_at: toWireTime(row.created_at),
    action_type: row.action_type,
    source: row.source,
    changed_column: row.changed_column,
    new_value: row.new_value,
  };
}
