import { z } from 'zod';
import { ActorRef } from './actor.schema';
import { UInt } from './fields.schema';

/** An aka group (`models.Aka`): members joined under an "aka:..." pseudo-actor. */
export const Aka = z.object({
  id: UInt,
  name: z.string().describe('member names, sorted and comma-joined'),
  aka_actor_id: UInt,
  aka_actor: ActorRef.describe('the "aka:..." pseudo-actor'),
  actors: z.array(ActorRef).nullable(),
});
export type Aka = z.infer<typeof Aka>;

/**
 * POST /api/aka/create, /add and /remove. For create: the member names (two or more). For add and remove: the
 * group's "aka:..." name plus the members to add or remove.
 */
export const AkaActorListBody = z.object({
  actorList: z.array(z.string().min(1)).min(2, 'name at least two entries'),
});
export type AkaActorListBody = z.infer<typeof AkaActorListBody>;

/**
 * Answer of aka create/add/remove: `status` is "" when fine, else comma-joined warnings (shown as a toast).
 * Create answers 404 with this body when a named actor does not exist.
 */
export const AkaResponse = z.object({
  status: z.string(),
  akas: Aka,
});
export type AkaResponse = z.infer<typeof AkaResponse>;

/** POST /api/aka/delete: the "aka:..." actor name or the group name, or the aka id. Answer: the deleted Aka. */
export const AkaDeleteBody = z
  .object({ name: z.string().min(1).optional(), aka_id: UInt.optional() })
  .refine((b) => b.name !== undefined || b.aka_id !== undefined, { message: 'give name or aka_id' });
export type AkaDeleteBody = z.infer<typeof AkaDeleteBody>;
