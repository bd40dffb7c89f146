import type { ActorSortKey } from '@fovea/contract';
import { sql, type RawBuilder } from 'kysely';
import {
  birthKnown,
  latestFileAddedByActor,
  latestReleaseByActor,
  latestSceneAddedByActor,
  sceneRatingAverageByActor,
  type ActorAggregate,
} from './actor-expressions';

/** An actor order: the ORDER BY over `a`, and the per-actor aggregate it reads as `agg.v`, if any. */
export interface ActorOrder {
  orderBy: RawBuilder<unknown>;
  aggregate: ActorAggregate | null;
}

const byName = sql`a.name COLLATE NOCASE ASC, a.id ASC`;
/** The birth date when known, else NULL (unknown dates sort after the known ones, by name). */
const knownBirth = sql`CASE WHEN ${birthKnown} THEN a.birth_date END`;

const plain = (orderBy: RawBuilder<unknown>): ActorOrder => ({ orderBy, aggregate: null });
/** Highest aggregate first; actors without one (NULL sorts last when descending) after, by name. */
const aggregateDesc = (aggregate: ActorAggregate): ActorOrder => ({
  orderBy: sql`agg.v DESC, ${byName}`,
  aggregate,
});

/** The order of each actor sort; every order ends on a unique key so pages never overlap. */
export function actorOrder(sort: ActorSortKey): ActorOrder {
  switch (sort) {
    case 'name_asc':
      return plain(byName);
    case 'name_desc':
      return plain(sql`a.name COLLATE NOCASE DESC, a.id DESC`);
    case 'birthday_desc':
      return plain(sql`${birthKnown} DESC, ${knownBirth} DESC, ${byName}`);
    case 'birthday_asc':
      return plain(sql`${birthKnown} DESC, ${knownBirth} ASC, ${byName}`);
    case 'rating_desc':
      return plain(sql`a.star_rating DESC, ${byName}`);
    case 'rating_asc':
      return plain(sql`a.star_rating ASC, ${byName}`);
    case 'scene_rating_desc':
      return aggregateDesc(sceneRatingAverageByActor);
    case 'added_desc':
      return plain(sql`a.created_at DESC, a.id DESC`);
    case 'added_asc':
      return plain(sql`a.created_at ASC, a.id ASC`);
    case 'modified_desc':
      return plain(sql`a.updated_at DESC, a.id DESC`);
    case 'modified_asc':
      return plain(sql`a.updated_at ASC, a.id ASC`);
    case 'scene_release_desc':
      return aggregateDesc(latestReleaseByActor);
    case 'scene_added_desc':
      return aggregateDesc(latestSceneAddedByActor);
    case 'file_added_desc':
      return aggregateDesc(latestFileAddedByActor);
    case 'scene_available_desc':
      return plain(sql`a.avail_count DESC, ${byName}`);
    case 'scene_count_desc':
      return plain(sql`a.count DESC, ${byName}`);
    case 'random':
      return plain(sql`random()`);
  }
}
