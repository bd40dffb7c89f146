import { z } from 'zod';

/*
 * StashDB's answers as Fovea reads them. Objects are loose (fields Fovea does not read are kept, so a stored
 * scene is the JSON StashDB sent) and every nullable or list field may be missing or null: an answer is
 * never refused for a field Fovea can do without.
 */

const optionalText = z.string().nullish();
const listOf = <T extends z.ZodType>(item: T) => z.array(item).nullish();

export const StashPerformer = z.looseObject({
  id: z.string().min(1),
  name: z.string(),
  aliases: listOf(z.string()),
});
export type StashPerformer = z.infer<typeof StashPerformer>;

export const StashStudio = z.looseObject({
  id: z.string().min(1),
  name: z.string(),
  parent: z.looseObject({ id: z.string(), name: optionalText }).nullish(),
});
export type StashStudio = z.infer<typeof StashStudio>;

export const StashScene = z.looseObject({
  id: z.string().min(1),
  title: optionalText,
  details: optionalText,
  release_date: optionalText,
  date: optionalText,
  /** Seconds. */
  duration: z.number().nullish(),
  deleted: z.boolean().nullish(),
  urls: listOf(z.looseObject({ url: z.string() })),
  images: listOf(z.looseObject({ url: z.string() })),
  studio: StashStudio.nullish(),
  performers: listOf(z.looseObject({ as: optionalText, performer: StashPerformer })),
});
export type StashScene = z.infer<typeof StashScene>;

/** The `data` of each operation. */
export const FindSceneData = z.object({ findScene: StashScene.nullable() });
export const SearchSceneData = z.object({ searchScene: z.array(StashScene) });
export const FindStudioData = z.object({ findStudio: StashStudio.pick({ id: true, name: true }).nullable() });
export const QueryScenesData = z.object({
  queryScenes: z.object({ count: z.number(), scenes: z.array(StashScene) }),
});
export const QuerySceneIdsData = z.object({
  queryScenes: z.object({ count: z.number(), scenes: z.array(z.object({ id: z.string().min(1) })) }),
});
export const SearchPerformerData = z.object({ searchPerformer: z.array(StashPerformer) });

/** The GraphQL envelope: `data` (read by the operation's schema) and `errors`. */
export const GraphqlAnswer = z.object({
  data: z.unknown().optional(),
  errors: z.array(z.looseObject({ message: z.string() })).nullish(),
});

/** The criteria of SceneQueryInput Fovea uses (stash-box MultiIDCriterionInput / MultiStringCriterionInput). */
export interface StashCriterion {
  value: string[];
  modifier: 'INCLUDES' | 'INCLUDES_ALL' | 'EQUALS';
}

/** The part of stash-box's SceneQueryInput Fovea sends; the sort is left at the server's default. */
export interface SceneQueryInput {
  text?: string;
  studios?: StashCriterion;
  performers?: StashCriterion;
  fingerprints?: StashCriterion;
  page?: number;
  per_page?: number;
}

const optionalNumber = z.number().nullish();
const BodyModification = z.looseObject({ location: optionalText, description: optionalText });

/**
 * A performer with the facts an actor takes from it (stash-box's Performer): enums come as their upper-case
 * names (e.g. "MIDDLE_EASTERN"), measurements in inches, height in cm, birth_date "YYYY-MM-DD" (or a shorter
 * fuzzy date).
 */
export const StashPerformerDetails = StashPerformer.extend({
  disambiguation: optionalText,
  gender: optionalText,
  deleted: z.boolean().nullish(),
  updated: optionalText,
  birth_date: optionalText,
  country: optionalText,
  ethnicity: optionalText,
  eye_color: optionalText,
  hair_color: optionalText,
  height: optionalNumber,
  cup_size: optionalText,
  band_size: optionalNumber,
  waist_size: optionalNumber,
  hip_size: optionalNumber,
  breast_type: optionalText,
  career_start_year: optionalNumber,
  career_end_year: optionalNumber,
  tattoos: listOf(BodyModification),
  piercings: listOf(BodyModification),
  urls: listOf(
    z.looseObject({
      url: z.string(),
      type: optionalText,
      site: z.looseObject({ name: optionalText }).nullish(),
    }),
  ),
  images: listOf(z.looseObject({ url: z.string() })),
  studios: listOf(z.looseObject({ scene_count: optionalNumber, studio: StashStudio })),
});
export type StashPerformerDetails = z.infer<typeof StashPerformerDetails>;

export const FindPerformerData = z.object({ findPerformer: StashPerformerDetails.nullable() });
export const SearchPerformerDetailsData = z.object({ searchPerformer: z.array(StashPerformerDetails) });
