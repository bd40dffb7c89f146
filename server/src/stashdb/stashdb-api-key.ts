import type { Options } from '@fovea/contract';

/** The answer when StashDB cannot be asked because the owner has not entered a key. */
export const NO_STASHDB_KEY = 'No StashDB API key: enter one in Options → Advanced → Actor Settings';

/** The owner's StashDB API key (Options → Advanced → Actor Settings), or null when none is set. */
export function stashdbApiKey(options: Options): string | null {
  const key = options.advanced.stashApiKey.trim();
  return key === '' ? null : key;
}
