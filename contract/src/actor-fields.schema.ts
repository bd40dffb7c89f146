import { z } from 'zod';
import { Timestamp } from './common.schema';
import { UInt } from './fields.schema';

/**
 * The scalar fields of an actor (`models.Actor` without its associations). Scenes nest actors in `cast` and
 * actors nest scenes, so the associations are added in scene.schema.ts and actor.schema.ts.
 */
export const ActorFields = z.object({
  id: UInt,
  created_at: Timestamp,
  updated_at: Timestamp,
  name: z.string().describe('unique; "aka:A,B" names an aka-group pseudo-actor'),
  count: z.number().int().nonnegative().describe('number of scenes'),
  avail_count: z.number().int().nonnegative().describe('number of available scenes'),
  image_url: z.string(),
  image_arr: z.string().describe('JSON text: array of image URLs'),
  star_rating: z.number().min(0).max(5),
  favourite: z.boolean(),
  watchlist: z.boolean(),
  needs_update: z.boolean().describe('rescrape the actor on the next actor scrape'),
  birth_date: Timestamp.describe('0001-01-01T00:00:00Z = unknown'),
  nationality: z.string().describe('ISO 3166-1 alpha-2 code, e.g. "US"; "" = unknown'),
  ethnicity: z.string(),
  eye_color: z.string(),
  hair_color: z.string(),
  height: z.number().int().nonnegative().describe('cm; 0 = unknown'),
  weight: z.number().int().nonnegative().describe('kg; 0 = unknown'),
  cup_size: z.string(),
  band_size: z.number().int().nonnegative().describe('cm'),
  waist_size: z.number().int().nonnegative().describe('cm'),
  hip_size: z.number().int().nonnegative().describe('cm'),
  breast_type: z.string(),
  start_year: z.number().int().nonnegative().describe('0 = unknown'),
  end_year: z.number().int().nonnegative().describe('0 = unknown'),
  tattoos: z.string().describe('JSON text: array of strings'),
  piercings: z.string().describe('JSON text: array of strings'),
  biography: z.string(),
  aliases: z.string().describe('JSON text: array of strings'),
  gender: z.string(),
  urls: z.string().describe('JSON text: array of {url, type}'),
  scene_rating_average: z.string().describe('average rating of the rated scenes, e.g. "3.75"; "" when none'),
});
export type ActorFields = z.infer<typeof ActorFields>;

/** One entry of an actor's `urls` JSON text. `type` is an actor-scraper source such as "vrhush scrape". */
export const ActorUrl = z.object({ url: z.string(), type: z.string() });
export type ActorUrl = z.infer<typeof ActorUrl>;

/** An aka group as nested in an actor's `aka_groups` (its own associations are not preloaded). */
export const AkaGroupRef = z
  .object({ id: UInt, name: z.string(), aka_actor_id: UInt })
  .loose()
  .describe('aka group; other keys of the Aka row may be present');
export type AkaGroupRef = z.infer<typeof AkaGroupRef>;
