import type { CacheResetKind } from '@fovea/contract';
import type { TFunction } from 'i18next';
import { ApiRequestError } from '../../../api/client';

/** The figures of Options → Cache, in the order shown; each can be reset (DELETE /api/options/cache/reset/{kind}). */
export const CACHE_KINDS = ['images', 'previews', 'searchIndex'] as const satisfies readonly CacheResetKind[];

/** data-testid of each figure (kept from the first version of the section, the e2e specs read them). */
export const CACHE_FIGURE_TEST_IDS: Record<CacheResetKind, string> = {
  images: 'cache-images',
  previews: 'cache-previews',
  searchIndex: 'cache-search-index',
};

/**
 * The toast text of a reset that failed: past the 30 s client timeout the server may still be at it (so say
 * that rather than "failed"), a connection failure, or the server's own message.
 */
export function cacheResetErrorText(error: Error, t: TFunction): string {
  if (error.name === 'TimeoutError') return t('options.cache.resetTimeout');
  const message =
    error instanceof ApiRequestError && error.status === 0 ? t('errors.network') : error.message;
  return t('errors.errorMessage', { message });
}
