import { z } from 'zod';

export const VersionCheckResponse = z.object({
  current_version: z.string(),
  latest_version: z.string(),
  update_notify: z.boolean(),
});
export type VersionCheckResponse = z.infer<typeof VersionCheckResponse>;
