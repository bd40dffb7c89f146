import type { Insertable, Updateable } from 'kysely';
import type {
  ActorsTable,
  Database,
  ExternalReferenceLinksTable,
  ExternalReferencesTable,
  PlaylistsTable,
  PlaylistType,
} from '../db/schema';
import { inNames } from './sql-lists';

export interface RestoreGroupRow {
  id: number;
  name: string;
  /** The pseudo-actor or pseudo-tag. */
  pseudo_id: number | null;
}

const now = () => new Date().toISOString();

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

  async playlistId(name: string, type: PlaylistType): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('playlists')
      .select('id')
      .where('name', '=', name)
      .where('playlist_type', '=', type)
      .orderBy('id')
      .executeTakeFirst();
    return row?.id;
  }

  async insertPlaylist(values: Insertable<PlaylistsTable>): Promise<void> {
    await this.db.insertInto('playlists').values(values).execute();
  }

  async updatePlaylist(id: number, values: Updateable<PlaylistsTable>): Promise<void> {
    await this.db
      .updateTable('playlists')
      .set({ updated_at: now(), ...values })
      .where('id', '=', id)
      .execute();
  }

  async referenceId(source: string, externalId: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('external_references')
      .select('id')
      .where('external_source', '=', source)
      .where('external_id', '=', externalId)
      .executeTakeFirst();
    return row?.id;
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
    for (const link of links) {
      await this.db
        .insertInto('external_reference_links')
        .values({ ...link, external_reference_id: referenceId })
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

  async kvKeys(keys: readonly string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const rows = await this.db.selectFrom('kv').select('key').where(inNames('key', keys)).execute();
    return new Set(rows.map((row) => row.key));
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
