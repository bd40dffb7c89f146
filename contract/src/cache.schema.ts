import { z } from 'zod';
import { CacheOptions } from './options.schema';

/** What DELETE /api/options/cache/reset/{kind} empties (30 s client timeout). Answer: empty. */
export const CacheResetKind = z.enum(['images', 'previews', 'searchIndex']);
export type CacheResetKind = z.infer<typeof CacheResetKind>;

export const CacheResetParams = z.object({ kind: CacheResetKind });
export type CacheResetParams = z.infer<typeof CacheResetParams>;

/** GET /api/options/state/search: the search index state. */
export const SearchStateResponse = z.object({
  documentCount: z.number().int().nonnegative().describe('scenes in the search index'),
  inProgress: z.boolean().describe('true while indexing'),
});
export type SearchStateResponse = z.infer<typeof SearchStateResponse>;

/** PUT /api/options/cache: any subset of the cache options; unknown keys are refused. Answer: all of them. */
export const CacheOptionsUpdate = CacheOptions.partial().strict();
export type CacheOptionsUpdate = z.infer<typeof CacheOptionsUpdate>;
