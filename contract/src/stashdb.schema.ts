import { z } from 'zod';

/*
 * StashDB search answers. Keys are PascalCase on the wire (Go structs without json tags); lists built by
 * appending may be null, except that Fovea always answers `Results` as an array (the reference UI's search
 * dialogs break on null; tests hold it to that). Results are shown sorted by Weight, highest first; a non-empty
 * Status is a warning.
 */

export const StashdbPerformerRef = z.object({ Name: z.string(), Url: z.string() });
export type StashdbPerformerRef = z.infer<typeof StashdbPerformerRef>;

/** One result of GET /api/extref/stashdb/search/{sceneId}?q=. */
export const StashdbSceneResult = z.object({
  Url: z.string(),
  ImageUrl: z.string(),
  Performers: z.array(StashdbPerformerRef).nullable(),
  Title: z.string(),
  Studio: z.string(),
  Duration: z.string().describe('"hh:mm:ss" or ""'),
  Description: z.string(),
  Weight: z.number().int().describe('match score; 10000 for a direct id or URL lookup'),
  Date: z.string().describe('"YYYY-MM-DD" or ""'),
  Id: z.string(),
});
export type StashdbSceneResult = z.infer<typeof StashdbSceneResult>;

export const StashdbSceneSearchResponse = z.object({
  Status: z.string(),
  Results: z.array(StashdbSceneResult).nullable(),
});
export type StashdbSceneSearchResponse = z.infer<typeof StashdbSceneSearchResponse>;

export const StashdbAlias = z.object({ Alias: z.string(), Matched: z.boolean() });
export type StashdbAlias = z.infer<typeof StashdbAlias>;

export const StashdbStudio = z.object({
  Name: z.string(),
  Id: z.string(),
  Url: z.string(),
  SceneCount: z.number().int().nonnegative(),
  Matched: z.boolean(),
});
export type StashdbStudio = z.infer<typeof StashdbStudio>;

/** One result of GET /api/extref/stashdb/searchactor/{actorId}?q=. `ImageUrl` is a list here. */
export const StashdbPerformerResult = z.object({
  Url: z.string(),
  Name: z.string(),
  Disambiguation: z.string(),
  Aliases: z.array(StashdbAlias).nullable(),
  Id: z.string(),
  ImageUrl: z.array(z.string()).nullable(),
  DOB: z.string(),
  Weight: z.number().int(),
  Studios: z.array(StashdbStudio).nullable(),
});
export type StashdbPerformerResult = z.infer<typeof StashdbPerformerResult>;

export const StashdbPerformerSearchResponse = z.object({
  Status: z.string(),
  Results: z.array(StashdbPerformerResult).nullable(),
});
export type StashdbPerformerSearchResponse = z.infer<typeof StashdbPerformerSearchResponse>;

/** The `q` of both searches: free text, a StashDB id or a StashDB URL. */
export const StashdbSearchQuery = z.object({ q: z.string().max(1_000).default('') });
export type StashdbSearchQuery = z.infer<typeof StashdbSearchQuery>;

/** The scene of GET /api/extref/stashdb/search/{sceneId}: its numeric id. */
export const StashdbSceneParam = z.object({ id: z.coerce.number().int().positive() });
export type StashdbSceneParam = z.infer<typeof StashdbSceneParam>;

/** GET /api/extref/stashdb/link2scene/{sceneId}/{stashId} (answer: scene) and link2actor (answer: actor). */
export const StashdbLinkParams = z.object({
  id: z.coerce.number().int().positive(),
  stashId: z.string().min(1).max(2_000),
});
export type StashdbLinkParams = z.infer<typeof StashdbLinkParams>;

/** The actor of GET /api/extref/stashdb/searchactor/{actorId}: its numeric id. */
export const StashdbActorParam = z.object({ id: z.coerce.number().int().positive() });
export type StashdbActorParam = z.infer<typeof StashdbActorParam>;

/** GET /api/extref/stashdb/refresh_performer/{performerId}: a StashDB performer id (or its URL). */
export const StashdbPerformerParam = z.object({ performerId: z.string().min(1).max(2_000) });
export type StashdbPerformerParam = z.infer<typeof StashdbPerformerParam>;
