import { sql, type Selectable } from 'kysely';
import type { Database, TagGroupsTable } from '../db/schema';
import type { TagRow } from '../mappers/scene-parts.mapper';
import { CatalogueCountsRepository } from './catalogue-counts.repository';
import { inIds, inNames } from './sql-lists';

export type TagGroupRow = Selectable<TagGroupsTable>;

/** The prefix of a tag group's pseudo-tag: the group "Favourites" is the tag "tag group:Favourites". */
export const TAG_GROUP_PREFIX = 'tag group:';

const NOW = sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ','now')`;

/**
 * Tag groups (`tag_groups`), their members (`tag_group_tags`) and their pseudo-tags (`tags` rows named
 * "tag group:<name>" with is_tag_group = 1). The pseudo-tag is never put on scenes: the scene list expands it
 * to the member tags; its `count` is the number of distinct scenes carrying any member tag.
 */
export class TagGroupRepository {
  constructor(private readonly db: Database) {}

  /** Runs `work` in one transaction, with a repository bound to it. */
  inTransaction<T>(work: (repo: TagGroupRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new TagGroupRepository(trx)));
  }

  listGroups(): Promise<TagGroupRow[]> {
    return this.db
      .selectFrom('tag_groups')
      .selectAll()
      .orderBy(sql`name COLLATE NOCASE`)
      .orderBy('id')
      .execute();
  }

  groupByName(name: string): Promise<TagGroupRow | undefined> {
    return this.db.selectFrom('tag_groups').selectAll().where('name', '=', name).executeTakeFirst();
  }

  groupById(id: number): Promise<TagGroupRow | undefined> {
    return this.db.selectFrom('tag_groups').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Tags (real or pseudo) by exact name. */
  tagsByNames(names: readonly string[]): Promise<TagRow[]> {
    if (names.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('tags').selectAll().where(inNames('name', names)).execute();
  }

  tagsByIds(ids: readonly number[]): Promise<TagRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('tags').selectAll().where(inIds('id', ids)).execute();
  }

  /** The member tags of the groups, by name. */
  async membersOf(groupIds: readonly number[]): Promise<(TagRow & { tag_group_id: number })[]> {
    if (groupIds.length === 0) return [];
    return this.db
      .selectFrom('tag_group_tags')
      .innerJoin('tags', 'tags.id', 'tag_group_tags.tag_id')
      .selectAll('tags')
      .select('tag_group_tags.tag_group_id')
      .where(inIds('tag_group_tags.tag_group_id', groupIds))
      .orderBy('tags.name')
      .execute();
  }

  /** A new group with its pseudo-tag (no members yet). */
  async createGroup(name: string): Promise<TagGroupRow> {
    const pseudo = await this.db
      .insertInto('tags')
      .values({ name: TAG_GROUP_PREFIX + name, is_tag_group: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    return this.db
      .insertInto('tag_groups')
      .values({ name, tag_group_tag_id: pseudo.id })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async addMembers(groupId: number, tagIds: readonly number[]): Promise<void> {
    if (tagIds.length === 0) return;
    await this.db
      .insertInto('tag_group_tags')
      .values(tagIds.map((tagId) => ({ tag_group_id: groupId, tag_id: tagId })))
      .onConflict((oc) => oc.doNothing())
      .execute();
    await this.touch(groupId);
  }

  async removeMembers(groupId: number, tagIds: readonly number[]): Promise<void> {
    if (tagIds.length === 0) return;
    await this.db
      .deleteFrom('tag_group_tags')
      .where('tag_group_id', '=', groupId)
      .where(inIds('tag_id', tagIds))
      .execute();
    await this.touch(groupId);
  }

  /** Renames the group and its pseudo-tag. */
  async renameGroup(group: TagGroupRow, name: string): Promise<void> {
    await this.db
      .updateTable('tag_groups')
      .set({ name, updated_at: NOW })
      .where('id', '=', group.id)
      .execute();
    if (group.tag_group_tag_id !== null) {
      await this.db
        .updateTable('tags')
        .set({ name: TAG_GROUP_PREFIX + name })
        .where('id', '=', group.tag_group_tag_id)
        .execute();
    }
  }

  /** Deletes the group (its member rows go with it) and its pseudo-tag. */
  async deleteGroup(group: TagGroupRow): Promise<void> {
    await this.db.deleteFrom('tag_groups').where('id', '=', group.id).execute();
    if (group.tag_group_tag_id !== null) {
      await this.db
        .deleteFrom('tags')
        .where('id', '=', group.tag_group_tag_id)
        .where('is_tag_group', '=', 1)
        .execute();
    }
  }

  /**
   * Sets each pseudo-tag's `count` to the number of distinct scenes carrying any member tag, for the given
   * groups or, without ids, for every group (call it after tagging scenes changes).
   */
  async refreshCounts(groupIds?: readonly number[]): Promise<void> {
    const groups = groupIds === undefined ? sql`1` : inIds('g.id', groupIds);
    const pseudo = await sql<{ id: number }>`
      SELECT g.tag_group_tag_id AS id FROM tag_groups g WHERE g.tag_group_tag_id IS NOT NULL AND ${groups}`.execute(
      this.db,
    );
    await new CatalogueCountsRepository(this.db).refreshTagCounts(pseudo.rows.map((row) => row.id));
  }

  private async touch(groupId: number): Promise<void> {
    await this.db.updateTable('tag_groups').set({ updated_at: NOW }).where('id', '=', groupId).execute();
  }
}
