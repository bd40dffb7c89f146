import type { SceneSortKey } from '@fovea/contract';
import { sql, type RawBuilder } from 'kysely';
import { isSet, ratingAbove } from './indexed-tests';
import type { Condition } from './scene-condition';

/**
 * How a sort key orders `scenes s`. Every key has an index (is_hidden, column, is_available, is_accessible)
 * (migration 0003), and a page query always fixes is_hidden, so a page is read in index order without a sort
 * step. Ties break on the rest of that index and then the id, in the same direction, which the index gives
 * for free and keeps pages stable.
 */
export interface SortOrder {
  orderBy: RawBuilder<unknown>;
  /** The index that reads the scenes in this order (migration 0003). */
  index: string;
  /** A restriction the sort implies (only rated scenes for rating sorts, ...); part of the counted set. */
  condition?: Condition;
}

export interface SortContext {
  /** advanced.useAltSrcInScriptFilters: "published script added" also looks at alternate sources. */
  altSourceScripts: boolean;
}

const tieBreak = (direction: 'asc' | 'desc') =>
  `s.is_available ${direction}, s.is_accessible ${direction}, s.id ${direction}`;

const by = (column: string, direction: 'asc' | 'desc', condition?: Condition): SortOrder => ({
  orderBy: sql.raw(`s.${column} ${direction}, ${tieBreak(direction)}`),
  index: `idx_scenes_sort_${column}`,
  ...(condition ? { condition } : {}),
});

export function sortOrder(key: SceneSortKey, context: SortContext): SortOrder {
  switch (key) {
    case 'release_desc':
      return by('release_date', 'desc');
    case 'release_asc':
      return by('release_date', 'asc');
    case 'added_desc':
      return by('added_date', 'desc');
    case 'added_asc':
      return by('added_date', 'asc');
    case 'title_desc':
      return {
        orderBy: sql.raw(`s.title COLLATE NOCASE desc, ${tieBreak('desc')}`),
        index: 'idx_scenes_sort_title',
      };
    case 'title_asc':
      return {
        orderBy: sql.raw(`s.title COLLATE NOCASE asc, ${tieBreak('asc')}`),
        index: 'idx_scenes_sort_title',
      };
    case 'total_file_size_desc':
      return by('total_file_size', 'desc');
    case 'total_file_size_asc':
      return by('total_file_size', 'asc');
    case 'total_watch_time_desc':
      return by('total_watch_time', 'desc');
    case 'total_watch_time_asc':
      return by('total_watch_time', 'asc');
    case 'rating_desc':
      return by('star_rating', 'desc', ratingAbove(0));
    case 'rating_asc':
      return by('star_rating', 'asc', ratingAbove(0));
    case 'last_opened_desc':
      return by('last_opened', 'desc', isSet('last_opened'));
    case 'last_opened_asc':
      return by('last_opened', 'asc', isSet('last_opened'));
    case 'scene_added_desc':
      return by('created_at', 'desc');
    case 'scene_updated_desc':
      return by('updated_at', 'desc');
    case 'script_published_desc':
      return context.altSourceScripts ? by('script_published_any', 'desc') : by('script_published', 'desc');
    case 'scene_id_desc':
      return by('scene_id', 'desc');
    case 'site_asc':
      return by('site', 'asc');
    case 'alt_src_desc':
      // Every scene, the newest alternate-source link first; unlinked scenes (NULL) sort last in a
      // descending SQLite index, as in the reference.
      return by('alt_src_linked_at', 'desc');
    case 'random':
      // The caller rotates the order from a random pivot (see scene-list.repository.ts).
      return by('random_key', 'asc');
  }
}
