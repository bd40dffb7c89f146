import type { Database } from '../../src/db/schema';

/** What a created group is called in filters, and its rows. */
export interface CreatedGroup {
  /** tag_groups.id or akas.id */
  id: number;
  /** The id of the pseudo-tag or pseudo-actor. */
  pseudoId: number;
  /** The filter entry naming the group: "tag group:<name>" or "aka:<name>". */
  entry: string;
}

/**
 * Tag groups and aka groups for tests, written as rows the way the services store them: a pseudo-tag
 * "tag group:<name>" (is_tag_group = 1) with a tag_groups row and its tag_group_tags members, or a
 * pseudo-actor "aka:<name>" (is_aka_group = 1) with an akas row and its actor_akas members.
 */
export function groupsFactory(db: Database) {
  return {
    async tagGroup(name: string, memberTagIds: readonly number[]): Promise<CreatedGroup> {
      const entry = `tag group:${name}`;
      const pseudo = await db
        .insertInto('tags')
        .values({ name: entry, is_tag_group: 1 })
        .returning('id')
        .executeTakeFirstOrThrow();
      const group = await db
        .insertInto('tag_groups')
        .values({ name, tag_group_tag_id: pseudo.id })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (memberTagIds.length > 0) {
        await db
          .insertInto('tag_group_tags')
          .values(memberTagIds.map((tagId) => ({ tag_group_id: group.id, tag_id: tagId })))
          .execute();
      }
      return { id: group.id, pseudoId: pseudo.id, entry };
    },

    async aka(name: string, memberActorIds: readonly number[]): Promise<CreatedGroup> {
      const entry = `aka:${name}`;
      const pseudo = await db
        .insertInto('actors')
        .values({ name: entry, is_aka_group: 1 })
        .returning('id')
        .executeTakeFirstOrThrow();
      const aka = await db
        .insertInto('akas')
        .values({ name, aka_actor_id: pseudo.id })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (memberActorIds.length > 0) {
        await db
          .insertInto('actor_akas')
          .values(memberActorIds.map((actorId) => ({ aka_id: aka.id, actor_id: actorId })))
          .execute();
      }
      return { id: aka.id, pseudoId: pseudo.id, entry };
    },
  };
}
