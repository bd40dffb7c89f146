import type { ActorSortKey } from '@fovea/contract';
import { sql, type RawBuilder } from 'kysely';
import { birthKnown } from './actor-expressions';

const byName = sql`a.name COLLATE NOCASE ASC, a.id ASC`;
/** The birth date when known, else NULL (unknown dates sort after the known ones, by name). */
const knownBirth = sql`CASE WHEN ${birthKnown} THEN a.birth_date END`;

/**
 * Highest value first (NULL, "none", sorts last when descending), ties by name. The columns are indexed and
 * kept up to date by refreshActorCounts and the triggers of migration 0007.
 */
const columnDesc = (
  column: 'scene_rating_average' | 'latest_release_date' | 'latest_scene_added' | 'latest_file_added',
) => sql`${sql.ref(`a.${column}`)} DESC, ${byName}`;

/** The order of each actor sort; every order ends on a unique key so pages never overlap. */
export function actorOrder(sort: ActorSortKey): RawBuilder<unknown> {
  switch (sort) {
    case 'name_asc':
      return byName;
    case 'name_desc':
      return sql`a.name COLLATE NOCASE DESC, a.id DESC`;
    case 'birthday_desc':
      return sql`${birthKnown} DESC, ${knownBirth} DESC, ${byName}`;
    case 'birthday_asc':
      return sql`${birthKnown} DESC, ${knownBirth} ASC, ${byName}`;
    case 'rating_desc':
      return sql`a.star_rating DESC, ${byName}`;
    case 'rating_asc':
      return sql`a.star_rating ASC, ${byName}`;
    case 'scene_rating_desc':
      return columnDesc('scene_rating_average');
    case 'added_desc':
      return sql`a.created_at DESC, a.id DESC`;
    case 'added_asc':
      return sql`a.created_at ASC, a.id ASC`;
    case 'modified_desc':
      return sql`a.updated_at DESC, a.id DESC`;
    case 'modified_asc':
      return sql`a.updated_at ASC, a.id ASC`;
    case 'scene_release_desc':
      return columnDesc('latest_release_date');
    case 'scene_added_desc':
      return columnDesc('latest_scene_added');
    case 'file_added_desc':
      return columnDesc('latest_file_added');
    case 'scene_available_desc':
      return sql`a.avail_count DESC, ${byName}`;
    case 'scene_count_desc':
      return sql`a.count DESC, ${byName}`;
    case 'random':
      return sql`random()`;
  }
}
