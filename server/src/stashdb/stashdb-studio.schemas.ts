import { z } from 'zod';
import { StashScene, StashStudio } from './stashdb.schemas';

/*
 * StashDB's answers to the calls of the linking run (scrape_stash sites, scraper-sites §5): a studio by id, a
 * studio's scenes and performers a page at a time, with the total `count` StashDB reports.
 */

const optionalText = z.string().nullish();

/** A studio with its last update. */
export const StashStudioDetails = StashStudio.extend({ updated: optionalText });
export type StashStudioDetails = z.infer<typeof StashStudioDetails>;

/** A scene of a studio: its last update and each URL's type (STUDIO: the studio's own page of it). */
export const StashStudioScene = StashScene.extend({
  updated: optionalText,
  urls: z.array(z.looseObject({ url: z.string(), type: optionalText })).nullish(),
});
export type StashStudioScene = z.infer<typeof StashStudioScene>;

/** A performer as a studio's performer list gives it. */
export const StashStudioPerformer = z.looseObject({
  id: z.string().min(1),
  name: z.string(),
  updated: optionalText,
  gender: optionalText,
});
export type StashStudioPerformer = z.infer<typeof StashStudioPerformer>;

export const FindStudioByIdData = z.object({ findStudio: StashStudioDetails.nullable() });
export const QueryStudioScenesData = z.object({
  queryScenes: z.object({ count: z.number(), scenes: z.array(StashStudioScene) }),
});
export const QueryStudioPerformersData = z.object({
  queryPerformers: z.object({ count: z.number(), performers: z.array(StashStudioPerformer) }),
});

/** Whose scenes a page holds: one studio, or a parent studio's (optionally only those with a tag). */
export type StudioScenesTarget = { studioId: string } | { parentStudioId: string; tagId?: string };

/** One page of an answer with the total StashDB counts. */
export interface StashPage<T> {
  count: number;
  items: T[];
}
