import { MATCH_SEARCH_DEBOUNCE_MS } from '@fovea/contract';
import type { Scene } from '@fovea/contract';
import { useDebouncedValue } from '@mantine/hooks';
import { useSceneSearch } from '../../api/queries/files';

/** Pause after the last key stroke before Quick find asks the server (the scene search debounce). */
export const QUICK_FIND_DEBOUNCE_MS = MATCH_SEARCH_DEBOUNCE_MS;

const NO_SCENES: readonly Scene[] = [];

export interface QuickFindSearch {
  /** The text the shown results answer ('' = none asked). */
  searchedFor: string;
  scenes: readonly Scene[];
  /** Typing has not settled yet, or the server has not answered the latest text. */
  searching: boolean;
  /** The server answered the latest text with no scene. */
  empty: boolean;
  /** The server's message when the latest search failed (e.g. a query syntax error). */
  error: string | null;
}

/**
 * The scene search behind Quick find: GET /api/scene/search?q= once typing pauses for 200 ms (60 s timeout).
 * A request whose text is no longer current is cancelled (its query loses its observer and its abort signal
 * fires). An empty or blank text sends nothing and shows no results.
 */
export function useQuickFindSearch(query: string): QuickFindSearch {
  const text = query.trim();
  const [debounced] = useDebouncedValue(text, QUICK_FIND_DEBOUNCE_MS);
  const search = useSceneSearch(debounced);

  if (text === '' || debounced === '') {
    return { searchedFor: '', scenes: NO_SCENES, searching: false, empty: false, error: null };
  }
  const settled = text === debounced && !search.isFetching;
  const answered = settled && search.isSuccess && !search.isPlaceholderData;
  const scenes = search.data?.scenes ?? NO_SCENES;
  return {
    searchedFor: debounced,
    scenes: search.isError ? NO_SCENES : scenes,
    searching: !settled,
    empty: answered && scenes.length === 0,
    error: settled && search.isError ? search.error.message : null,
  };
}
