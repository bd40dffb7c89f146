import { z } from 'zod';
import { ActorRef } from './actor.schema';
import { MAX_LIST_ITEMS, ShortText, UInt } from './fields.schema';

/** An aka group (`models.Aka`): members joined under an "aka:..." pseudo-actor. */
export const Aka = z.object({
  id: UInt,
  name: z.string().describe('member names, most scenes first (then by name), comma-joined'),
  aka_actor_id: UInt,
  aka_actor: ActorRef.describe('the "aka:..." pseudo-actor'),
  actors: z.array(ActorRef).nullable(),
});
export type Aka = z.infer<typeof Aka>;

/** GET /api/aka/list: every aka group, by name. */
export const AkaList = z.array(Aka);
export type AkaList = z.infer<typeof AkaList>;

/**
 * POST /api/aka/create, /add and /remove. For create: the member names (two or more). For add and remove: the
 * group's "aka:..." name plus the members to add or remove.
 */
export const AkaActorListBody = z.object({
  actorList: z.array(ShortText.min(1)).max(MAX_LIST_ITEMS).min(2, 'name at least two entries'),
});
export type AkaActorListBody = z.infer<typeof AkaActorListBody>;

/**
 * Answer of aka create/add/remove. `status` is "" when done; other text without "Error: " lists skipped entries,
 * comma-joined (done otherwise); "Error: ..." means nothing changed. `akas` is the named group as it now is, or a
 * zero group (id 0) when none was found or created. Create answers 404 with this body when a named actor does not
 * exist.
 */
export const AkaResponse = z.object({
  status: z.string(),
  akas: Aka,
});
export type AkaResponse = z.infer<typeof AkaResponse>;

/** The 404 of aka create: the wire's {status, akas} plus the {error, message} every 4xx answer carries. */
export const AkaNotFoundResponse = AkaResponse.extend({ error: z.string(), message: z.string() });
export type AkaNotFoundResponse = z.infer<typeof AkaNotFoundResponse>;

/** POST /api/aka/delete: the "aka:..." actor name or the group name, or the aka id. Answer: the deleted Aka. */
export const AkaDeleteBody = z
  .object({ name: ShortText.min(1).optional(), aka_id: UInt.optional() })
  .refine((b) => b.name !== undefined || b.aka_id !== undefined, { message: 'give name or aka_id' });
export type AkaDeleteBody = z.infer<typeof AkaDeleteBody>;
