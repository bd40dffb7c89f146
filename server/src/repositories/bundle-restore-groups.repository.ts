import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type {
  ActorsTable,
  Database,
  ExternalReferenceLinksTable,
  ExternalReferencesTable,
  PlaylistsTable,
} from '../db/schema';
import { inIds, inNames } from './sql-lists';

export interface RestoreGroupRow {
  id: number;
  name: string;
  /** The pseudo-actor or pseudo-tag. */
  pseudo_id: number | null;
}

const now = () => new Date().toISOString();

/** Link rows per INSERT (well under SQLite's parameter limit). */
const LINKS_PER_STATEMENT = 500;

/**
 * SQL of a bundle restore's groups and lists: aka groups (with their "aka:" pseudo-actors), tag groups (with
 * their "tag group:" pseudo-tags), saved searches, external references and their links, and key-value rows.
 * Bound to a batch's transaction by BundleRestoreRepository.
 */
export class BundleRestoreGroupsRepository {
  constructor(private readonly db: Database) {}

  akasNamed(names: readonly string[]): Promise<RestoreGroupRow[]> {
    if (names.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('akas')
      .select(['id', 'name', 'aka_actor_id as pseudo_id'])
      .where(inNames('name', names))
      .orderBy('id')
      .execute();
  }

  /** [aka id, member actor id] pairs of these groups. */
  async akaMembers(akaIds: readonly number[]): Promise<(readonly [group: number, member: number])[]> {
    if (akaIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('actor_akas')
      .select(['aka_id', 'actor_id'])
      .where(inIds('aka_id', akaIds))
      .execute();
    return rows.map((row) => [row.aka_id, row.actor_id] as const);
  }

  /** Whole actor rows by id (an aka group's pseudo-actor is compared with them). */
  actorRowsById(ids: readonly number[]): Promise<Selectable<ActorsTable>[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('actors').selectAll().where(inIds('id', ids)).execute();
  }

  /** The pseudo-actor of a group: the actor row of that name made a group, or a new one. */
  async pseudoActor(name: string, values: Updateable<ActorsTable>): Promise<number> {
    const found = await this.db.selectFrom('actors').select('id').where('name', '=', name).executeTakeFirst();
    if (found) {
      await this.db
        .updateTable('actors')
        .set({ ...values, is_aka_group: 1, updated_at: now() })
        .where('id', '=', found.id)
        .execute();
      return found.id;
    }
    const row = await this.db
      .insertInto('actors')
      .values({ ...(values as Insertable<ActorsTable>), name, is_aka_group: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async insertAka(name: string, akaActorId: number): Promise<number> {
    const row = await this.db
      .insertInto('akas')
      .values({ name, aka_actor_id: akaActorId })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async touchAka(id: number, akaActorId: number): Promise<void> {
    await this.db
      .updateTable('akas')
      .set({ aka_actor_id: akaActorId, updated_at: now() })
      .where('id', '=', id)
      .execute();
  }

  /** Sets a group's members to exactly these actors. */
  async setAkaMembers(akaId: number, actorIds: readonly number[]): Promise<void> {
    await this.db.deleteFrom('actor_akas').where('aka_id', '=', akaId).execute();
    if (actorIds.length === 0) return;
    await this.db
      .insertInto('actor_akas')
      .values(actorIds.map((actorId) => ({ aka_id: akaId, actor_id: actorId })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  tagGroupsNamed(names: readonly string[]): Promise<RestoreGroupRow[]> {
    if (names.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('tag_groups')
      .select(['id', 'name', 'tag_group_tag_id as pseudo_id'])
      .where(inNames('name', names))
      .execute();
  }

  /** [tag group id, member tag id] pairs of these groups. */
  async tagGroupMembers(groupIds: readonly number[]): Promise<(readonly [group: number, member: number])[]> {
    if (groupIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('tag_group_tags')
      .select(['tag_group_id', 'tag_id'])
      .where(inIds('tag_group_id', groupIds))
      .execute();
    return rows.map((row) => [row.tag_group_id, row.tag_id] as const);
  }

  /** Tags by id with their name and group flag (a tag group's pseudo-tag is checked by them). */
  tagsById(ids: readonly number[]): Promise<{ id: number; name: string; is_tag_group: number }[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('tags')
      .select(['id', 'name', 'is_tag_group'])
      .where(inIds('id', ids))
      .execute();
  }

  /** The pseudo-tag of a group: the tag of that name made a group, or a new one. */
  async pseudoTag(name: string): Promise<number> {
    const found = await this.db.selectFrom('tags').select('id').where('name', '=', name).executeTakeFirst();
    if (found) {
      await this.db.updateTable('tags').set({ is_tag_group: 1 }).where('id', '=', found.id).execute();
      return found.id;
    }
    const row = await this.db
      .insertInto('tags')
      .values({ name, is_tag_group: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async insertTagGroup(name: string, tagId: number): Promise<number> {
    const row = await this.db
      .insertInto('tag_groups')
      .values({ name, tag_group_tag_id: tagId })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async touchTagGroup(id: number, tagId: number): Promise<void> {
    await this.db
      .updateTable('tag_groups')
      .set({ tag_group_tag_id: tagId, updated_at: now() })
      .where('id', '=', id)
      .execute();
  }

  async setTagGroupMembers(groupId: number, tagIds: readonly number[]): Promise<void> {
    await this.db.deleteFrom('tag_group_tags').where('tag_group_id', '=', groupId).execute();
    if (tagIds.length === 0) return;
    await this.db
      .insertInto('tag_group_tags')
      .values(tagIds.map((tagId) => ({ tag_group_id: groupId, tag_id: tagId })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  /** Saved searches of these names (any type), oldest first. */
  playlistsNamed(names: readonly string[]): Promise<Selectable<PlaylistsTable>[]> {
    if (names.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('playlists').selectAll().where(inNames('name', names)).orderBy('id').execute();
  }

  insertPlaylist(values: Insertable<PlaylistsTable>): Promise<Selectable<PlaylistsTable>> {
    return this.db.insertInto('playlists').values(values).returningAll().executeTakeFirstOrThrow();
  }

  async updatePlaylist(id: number, values: Updateable<PlaylistsTable>): Promise<void> {
    await this.db
      .updateTable('playlists')
      .set({ updated_at: now(), ...values })
      .where('id', '=', id)
      .execute();
  }

  /** External references by (source, external id). */
  async referencesOf(
    keys: readonly (readonly [source: string, externalId: string])[],
  ): Promise<Selectable<ExternalReferencesTable>[]> {
    if (keys.length === 0) return [];
    const result = await sql<Selectable<ExternalReferencesTable>>`SELECT * FROM external_references
      WHERE (external_source, external_id) IN (
        SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(${JSON.stringify(keys)}))`.execute(
      this.db,
    );
    return result.rows;
  }

  /** The links of these references. */
  linksOf(referenceIds: readonly number[]): Promise<Selectable<ExternalReferenceLinksTable>[]> {
    if (referenceIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('external_reference_links')
      .selectAll()
      .where(inIds('external_reference_id', referenceIds))
      .orderBy('id')
      .execute();
  }

  async insertReference(values: Insertable<ExternalReferencesTable>): Promise<number> {
    const row = await this.db
      .insertInto('external_references')
      .values(values)
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async updateReference(id: number, values: Updateable<ExternalReferencesTable>): Promise<void> {
    await this.db
      .updateTable('external_references')
      .set({ updated_at: now(), ...values })
      .where('id', '=', id)
      .execute();
  }

  /** Replaces a reference's links. */
  async setLinks(
    referenceId: number,
    links: readonly Omit<Insertable<ExternalReferenceLinksTable>, 'external_reference_id'>[],
  ): Promise<void> {
    await this.db
      .deleteFrom('external_reference_links')
      .where('external_reference_id', '=', referenceId)
      .execute();
    for (let i = 0; i < links.length; i += LINKS_PER_STATEMENT) {
      await this.db
        .insertInto('external_reference_links')
        .values(
          links
            .slice(i, i + LINKS_PER_STATEMENT)
            .map((link) => ({ ...link, external_reference_id: referenceId })),
        )
        .execute();
    }
  }

  /** Scene ids by scene_id. */
  async sceneIds(sceneIds: readonly string[]): Promise<Map<string, number>> {
    if (sceneIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('scenes')
      .select(['id', 'scene_id'])
      .where(inNames('scene_id', sceneIds))
      .execute();
    return new Map(rows.map((row) => [row.scene_id, row.id]));
  }

  /** Site ids that exist. */
  async siteIds(ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db.selectFrom('sites').select('id').where(inNames('id', ids)).execute();
    return new Set(rows.map((row) => row.id));
  }

  /** The stored values of these key-value rows, by key. */
  async kvValues(keys: readonly string[]): Promise<Map<string, string>> {
    if (keys.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('kv')
      .select(['key', 'value'])
      .where(inNames('key', keys))
      .execute();
    return new Map(rows.map((row) => [row.key, row.value]));
  }

  async setKv(key: string, value: string): Promise<void> {
    const at = now();
    await this.db
      .insertInto('kv')
      .values({ key, value, updated_at: at })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: at }))
      .execute();
  }
}
