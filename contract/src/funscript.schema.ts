import { z } from 'zod';

/** GET /api/options/funscripts/count. */
export const FunscriptCountResponse = z.object({
  total: z.number().int().nonnegative().describe('scripted scenes'),
  updated: z.number().int().nonnegative().describe('scenes whose selected script is not exported yet'),
});
export type FunscriptCountResponse = z.infer<typeof FunscriptCountResponse>;

/** PUT /api/options/funscripts body and answer. */
export const FunscriptOptionsBody = z.object({ scrapeFunscripts: z.boolean() }).strict();
export type FunscriptOptionsBody = z.infer<typeof FunscriptOptionsBody>;

/** GET /api/task/funscript/export-{all,new}: a zip download (funscripts.zip / funscripts-update.zip). */
export const FunscriptExportKind = z.enum(['export-all', 'export-new']);
export type FunscriptExportKind = z.infer<typeof FunscriptExportKind>;
