import { z } from 'zod';
import { EmptyResponse } from './common.schema';
import { PreviewOptions } from './options.schema';

/**
 * PUT /api/options/previews and POST /api/options/previews/test: the snippet settings (no `enabled`; it is
 * accepted and ignored). Ranges (options-spec §9): start 5-60 s step 5, snippet length 0.2-5 s step 0.2,
 * 2-40 snippets, resolution 300-800 px step 20.
 */
export const PreviewSettingsBody = z
  .object({
    startTime: PreviewOptions.shape.startTime.describe('seconds'),
    snippetLength: z.number().min(0.2).max(5).multipleOf(0.2).describe('seconds'),
    snippetAmount: PreviewOptions.shape.snippetAmount,
    resolution: PreviewOptions.shape.resolution.describe('px; previews are square'),
    extraSnippet: z.boolean().describe('one more snippet from near the end of long videos'),
    enabled: z.boolean().optional().describe('ignored'),
  })
  .strict();
export type PreviewSettingsBody = z.infer<typeof PreviewSettingsBody>;

/** Answer of PUT /api/options/previews: the saved settings. */
export const PreviewSettingsResponse = PreviewOptions;
export type PreviewSettingsResponse = z.infer<typeof PreviewSettingsResponse>;

/**
 * Answer of POST /api/options/previews/test: empty at once; later the websocket topic
 * options.previews.previewReady carries { previewFn: "test<sha1>" }, played from /api/dms/preview/{previewFn}.
 */
export const PreviewTestResponse = EmptyResponse;
export type PreviewTestResponse = z.infer<typeof PreviewTestResponse>;
