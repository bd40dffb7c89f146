import { z } from 'zod';

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
