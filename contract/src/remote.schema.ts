import { z } from 'zod';

/** remote.state kwargs (DeoVR remote control). Only `connected` is sent while no player is connected. */
export const RemoteState = z.object({
  connected: z.boolean(),
  deovrHost: z.string().optional(),
  isPlaying: z.boolean().optional(),
  currentPosition: z.number().optional(),
  sessionStart: z.string().optional(),
  sessionEnd: z.string().optional(),
  currentFileID: z.number().int().optional(),
  currentSceneID: z.number().int().optional(),
});
export type RemoteState = z.infer<typeof RemoteState>;
