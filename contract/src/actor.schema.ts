import { z } from 'zod';
import { ActorFields, AkaGroupRef } from './actor-fields.schema';
import { QueryFlag } from './fields.schema';
import { NestedScene } from './scene.schema';

/**
 * An actor as GET /api/actor/{id}, the actor list, colleagues and the actor mutations return it. `scenes` are the
 * actor's non-hidden scenes, newest release first, without their own associations (tags, cast, file, cuepoints
 * and history may be null); it must be an array. GET /api/actor/{id} answers a zero actor (id 0) when not found.
 */
export const Actor = ActorFields.extend({
  scenes: z.array(NestedScene),
  aka_groups: z.array(AkaGroupRef).nullable().describe('null unless preloaded'),
});
export type Actor = z.infer<typeof Actor>;

/** An actor nested in an aka group or the akas answer: its scenes may not be loaded. */
export const ActorRef = ActorFields.extend({
  scenes: z.array(NestedScene).nullable(),
  aka_groups: z.array(AkaGroupRef).nullable(),
});
export type ActorRef = z.infer<typeof ActorRef>;

/** Answer of POST /api/actor/list. The count_* keys are always 0 (kept for the wire shape). */
export const ActorListResponse = z.object({
  results: z.number().int().nonnegative(),
  actors: z.array(Actor),
  count_any: z.number().int(),
  count_available: z.number().int(),
  count_downloaded: z.number().int(),
  count_not_downloaded: z.number().int(),
  count_hidden: z.number().int(),
  offset: z
    .number()
    .int()
    .nonnegative()
    .describe('the offset used; with jumpTo, the page holding that letter'),
});
export type ActorListResponse = z.infer<typeof ActorListResponse>;

/** GET /api/actor/akas/{id}: the actor's aka groups, their members, and possible akas; lists may be null. */
export const ActorAkasResponse = z.object({
  aka_groups: z.array(ActorRef).nullable(),
  actors: z.array(ActorRef).nullable(),
  possible_akas: z.array(ActorRef).nullable(),
});
export type ActorAkasResponse = z.infer<typeof ActorAkasResponse>;

/**
 * GET /api/actor/colleagues/{id}: co-stars, most shared scenes first, each with the scenes it shares with the
 * actor (not all its scenes).
 */
export const ActorColleaguesResponse = z.array(
  Actor.extend({
    shared_scenes: z
      .number()
      .int()
      .nonnegative()
      .describe(
        "Fovea's own: how many scenes the co-star shares with the actor (an extra key other clients ignore)",
      ),
  }),
);
export type ActorColleaguesResponse = z.infer<typeof ActorColleaguesResponse>;
export type ActorColleague = ActorColleaguesResponse[number];

/**
 * Fovea's own query of the calls that answer actors (GET /api/actor/{id}, colleagues, rate, edit, setimage,
 * delimage, StashDB link2actor): with_scenes=false leaves each actor's `scenes` empty. Fovea's screens read an
 * actor's scenes through the scene list, and a popular actor carries thousands (6.6 MB on the 100k library);
 * without the parameter the answer keeps the reference shape.
 */
export const ActorShapeQuery = z.object({
  with_scenes: QueryFlag.default(true).describe('false = every answered actor without its scenes'),
});
export type ActorShapeQuery = z.infer<typeof ActorShapeQuery>;
/** GET /api/actor/colleagues/{id}: the same choice (the details tab needs only shared_scenes). */
export const ActorColleaguesQuery = ActorShapeQuery;

/** One entry of GET /api/actor/countrylist. */
export const CountryEntry = z.object({
  code: z.string().describe('ISO 3166-1 alpha-2, e.g. "US"'),
  name: z.string().describe('e.g. "United States"'),
  flag_url: z
    .string()
    .describe('the flag image (SVG), served by Fovea itself, e.g. "/flags/us.svg"; "" when there is none'),
});
export type CountryEntry = z.infer<typeof CountryEntry>;
export const CountryList = z.array(CountryEntry);
export type CountryList = z.infer<typeof CountryList>;
