import { z } from 'zod';
import { DeovrOptions, HeresphereOptions, PlayersOptions } from './options.schema';

/**
 * The flat players group: `{...deovr, ...heresphere, ...players}` (xbvr-wire §1.5), 20 keys. The answer of
 * PUT /api/options/interface/deovr. `password` is "set" when a password is stored, '' when not (never the hash).
 */
export const DeovrOptionsFlat = z.object({
  ...DeovrOptions.shape,
  ...HeresphereOptions.shape,
  ...PlayersOptions.shape,
});
export type DeovrOptionsFlat = z.infer<typeof DeovrOptionsFlat>;

/**
 * PUT /api/options/interface/deovr body: any subset of the 20 keys plus the UI-only `boundIp` (ignored). A new
 * password is hashed before it is saved; "set", '' or the stored hash keep the stored one. Unknown keys are
 * refused.
 */
export const DeovrOptionsBody = DeovrOptionsFlat.partial()
  .extend({
    boundIp: z.array(z.string().max(64)).max(1_000).optional().describe('read-only addresses; ignored'),
  })
  .strict();
export type DeovrOptionsBody = z.infer<typeof DeovrOptionsBody>;

/** Splits a flat body into the three config groups (absent keys stay absent). */
export function splitDeovrOptions(body: DeovrOptionsBody): {
  deovr: Partial<DeovrOptions>;
  heresphere: Partial<HeresphereOptions>;
  players: Partial<PlayersOptions>;
} {
  const pick = <K extends string>(keys: readonly K[]) =>
    Object.fromEntries(keys.filter((k) => k in body).map((k) => [k, (body as Record<string, unknown>)[k]]));
  return {
    deovr: pick(DeovrOptions.keyof().options) as Partial<DeovrOptions>,
    heresphere: pick(HeresphereOptions.keyof().options) as Partial<HeresphereOptions>,
    players: pick(PlayersOptions.keyof().options) as Partial<PlayersOptions>,
  };
}
