import { z } from 'zod';
import { DlnaOptions } from './options.schema';

const uniqueIps = (ips: string[]) => new Set(ips).size === ips.length;

/**
 * PUT /api/options/interface/dlna. Note `name`/`image` here against serviceName/serviceImage in the config.
 * The UI also sends the read-only `recentIp` and `availableImages`, which are ignored. Saving restarts or stops
 * the DLNA server. Any subset of the keys may be sent.
 */
export const DlnaOptionsBody = z
  .object({
    enabled: z.boolean(),
    name: DlnaOptions.shape.serviceName,
    image: DlnaOptions.shape.serviceImage.describe('an icon name from DLNA_IMAGES'),
    allowedIp: z
      .array(z.string().trim().min(1).max(64))
      .max(1_000)
      .refine(uniqueIps, { message: 'an address is listed twice' })
      .describe('empty = every address is allowed'),
    recentIp: z.array(z.string().max(64)).max(1_000).describe('ignored'),
    availableImages: z.array(z.string().max(64)).max(1_000).describe('ignored'),
  })
  .partial()
  .strict();
export type DlnaOptionsBody = z.infer<typeof DlnaOptionsBody>;

/** Answer of PUT /api/options/interface/dlna: the saved values. */
export const DlnaOptionsResponse = z.object({
  enabled: z.boolean(),
  name: z.string(),
  image: z.string(),
  allowedIp: z.array(z.string()),
});
export type DlnaOptionsResponse = z.infer<typeof DlnaOptionsResponse>;
