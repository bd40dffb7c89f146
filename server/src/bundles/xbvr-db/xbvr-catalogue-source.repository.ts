import type { XbvrConnection } from './xbvr-connection';
import { XBVR_PAGE_SIZE } from './xbvr-scene-source.repository';
import type { XbvrRow } from './xbvr-values';

const placeholders = (count: number): string => Array.from({ length: count }, () => '?').join(', ');

/**
 * The SQL that reads the rest of XBVR's library: volumes, saved searches, sites, actors (with akas and their
 * edit journal), tag groups, external references with their links, and the option rows of `kvs`. Read-only;
 * each call is one keyset page or one batch.
 */
export class XbvrCatalogueSourceRepository {
  constructor(
    private readonly db: XbvrConnection,
    private readonly pageSize = XBVR_PAGE_SIZE,
  ) {}

  /** A page of a table keyed by a numeric `id` (volumes, playlists, akas, tag groups, external references). */
  byId(table: 'volumes' | 'playlists' | 'akas' | 'tag_groups' | 'external_references', afterId: number) {
    return this.db.select(`SELECT * FROM ${table} WHERE id > ? ORDER BY id LIMIT ${this.pageSize}`, [
      afterId,
    ]);
  }

  /** Sites after the site id `afterId` ('' from the start). */
  sites(afterId: string): Promise<XbvrRow[]> {
    return this.db.select(`SELECT * FROM sites WHERE id > ? ORDER BY id LIMIT ${this.pageSize}`, [afterId]);
  }

  /** Real actors after `afterId` (aka pseudo-actors travel with their aka group). */
  actors(afterId: number): Promise<XbvrRow[]> {
    return this.db.select(
      `SELECT * FROM actors WHERE id > ? AND name NOT LIKE 'aka:%' ORDER BY id LIMIT ${this.pageSize}`,
      [afterId],
    );
  }

  /** Actor rows by id (the aka pseudo-actors of a page of akas). */
  actorsById(ids: readonly number[]): Promise<XbvrRow[]> {
    return this.db.select(`SELECT * FROM actors WHERE id IN (${placeholders(ids.length)})`, ids);
  }

  /** Member actors of the akas (`xbvr_aka` = aka id). */
  akaMembers(akaIds: readonly number[]): Promise<XbvrRow[]> {
    return this.db.select(
      `SELECT a.*, aa.aka_id AS xbvr_aka FROM actor_akas aa JOIN actors a ON a.id = aa.actor_id
       WHERE aa.aka_id IN (${placeholders(akaIds.length)}) ORDER BY aa.aka_id, a.name`,
      akaIds,
    );
  }

  /** Tag names by id (the pseudo-tags of a page of tag groups). */
  tagsById(ids: readonly number[]): Promise<XbvrRow[]> {
    return this.db.select(`SELECT id, name FROM tags WHERE id IN (${placeholders(ids.length)})`, ids);
  }

  /** Member tags of the tag groups (`xbvr_group` = tag group id). */
  tagGroupMembers(groupIds: readonly number[]): Promise<XbvrRow[]> {
    return this.db.select(
      `SELECT tgt.tag_group_id AS xbvr_group, t.name AS name FROM tag_group_tags tgt JOIN tags t ON t.id = tgt.tag_id
       WHERE tgt.tag_group_id IN (${placeholders(groupIds.length)}) ORDER BY tgt.tag_group_id, t.name`,
      groupIds,
    );
  }

  /**
   * Links of the external references, with the current scene_id of a linked scene (`xbvr_scene_id`) and name of
   * a linked actor (`xbvr_actor_name`), found by the link's internal_db_id.
   */
  extRefLinks(refIds: readonly number[]): Promise<XbvrRow[]> {
    return this.db.select(
      `SELECT l.*, s.scene_id AS xbvr_scene_id, a.name AS xbvr_actor_name FROM external_reference_links l
       LEFT JOIN scenes s ON l.internal_table = 'scenes' AND s.id = l.internal_db_id
       LEFT JOIN actors a ON l.internal_table = 'actors' AND a.id = l.internal_db_id
       WHERE l.external_reference_id IN (${placeholders(refIds.length)}) ORDER BY l.external_reference_id, l.id`,
      refIds,
    );
  }

  /**
   * The actor edit journal with each actor's name (`xbvr_actor_name`), in actor then entry order, after the key
   * `after` (null: from the start).
   */
  actionActors(after: { actorId: number; id: number } | null): Promise<XbvrRow[]> {
    const keyset = after === null ? '' : 'WHERE (aa.actor_id > ? OR (aa.actor_id = ? AND aa.id > ?))';
    return this.db.select(
      `SELECT aa.*, a.name AS xbvr_actor_name FROM action_actors aa JOIN actors a ON a.id = aa.actor_id
       ${keyset} ORDER BY aa.actor_id, aa.id LIMIT ${this.pageSize}`,
      after === null ? [] : [after.actorId, after.actorId, after.id],
    );
  }

  /** The option rows of `kvs`: `config`, `cuepoints` and the per-domain `*-scraper` / `*-trailers` configs. */
  options(): Promise<XbvrRow[]> {
    return this.db.select(
      "SELECT `key`, `value` FROM kvs WHERE `key` IN ('config', 'cuepoints') OR `key` LIKE '%-scraper' OR `key` LIKE '%-trailers' ORDER BY `key`",
    );
  }
}
