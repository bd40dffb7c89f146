import { z } from 'zod';
import { ActorFields } from './actor-fields.schema';
import { Timestamp } from './common.schema';
import { Cuepoint } from './cuepoint.schema';
import { ExternalReferenceLink } from './extref.schema';
import { UInt } from './fields.schema';
import { File } from './file.schema';

/** A tag as nested in a scene (`models.Tag`). The UI reads name and count. */
export const Tag = z.object({
  id: UInt,
  scenes: z.null().describe('not preloaded'),
  name: z.string().describe('"tag group:<name>" names a tag-group pseudo-tag'),
  clean: z.string(),
  count: z.number().int().nonnegative(),
});
export type Tag = z.infer<typeof Tag>;

/** An actor as nested in a scene's `cast`: the full actor fields with its associations not preloaded. */
export const CastActor = ActorFields.extend({
  scenes: z.null().describe('not preloaded'),
  aka_groups: z.null().describe('not preloaded'),
});
export type CastActor = z.infer<typeof CastActor>;

/** One watch session (`models.History`). */
export const History = z.object({
  id: UInt,
  scene_id: UInt,
  time_start: Timestamp,
  time_end: Timestamp,
  duration: z.number().nonnegative().describe('seconds'),
});
export type History = z.infer<typeof History>;

/** One entry of a scene's `images` JSON text. */
export const SceneImage = z.object({
  url: z.string(),
  type: z.enum(['cover', 'gallery']),
  orientation: z.string().optional(),
});
export type SceneImage = z.infer<typeof SceneImage>;

/** Every scalar key of a scene, in wire order (xbvr-wire §2.1), without the associations. */
const SceneFields = z.object({
  id: UInt.describe('internal numeric id; 0 in the zero scene answered for "not found"'),
  created_at: Timestamp,
  updated_at: Timestamp,
  scene_id: z.string().describe('public string id, e.g. "slr-12345"'),
  title: z.string(),
  scene_type: z.string().describe('"VR" or "2D"'),
  scraper_id: z.string().describe('site id, e.g. "wankzvr"'),
  studio: z.string(),
  site: z.string().describe('site display name'),
  filenames_arr: z.string().describe('JSON text: array of expected file names (the matching key)'),
  images: z.string().describe('JSON text: array of {url, type: cover|gallery, orientation}; may be "null"'),
  duration: z.number().int().nonnegative().describe('minutes (a file duration is in seconds)'),
  synopsis: z.string(),
  release_date: Timestamp,
  release_date_text: z.string().describe('yyyy-mm-dd, or ""'),
  cover_url: z.string(),
  scene_url: z.string(),
  members_url: z.string(),
  is_multipart: z.boolean(),
  star_rating: z.number().min(0).max(5).describe('0 to 5 in steps of 0.5; 0 = not rated'),
  favourite: z.boolean(),
  watchlist: z.boolean(),
  wishlist: z.boolean(),
  is_available: z.boolean().describe('has a video file'),
  is_accessible: z.boolean().describe('a video file is on a mounted volume'),
  is_watched: z.boolean(),
  is_scripted: z.boolean(),
  added_date: Timestamp.describe('creation time of the newest file'),
  last_opened: Timestamp,
  total_file_size: z.number().int().nonnegative().describe('bytes'),
  total_watch_time: z.number().int().nonnegative().describe('seconds'),
  has_preview: z.boolean().describe('a preview exists at /api/dms/preview/{scene_id}'),
  needs_update: z.boolean(),
  edits_applied: z.boolean(),
  trailer_type: z.string(),
  trailer_source: z.string().describe('JSON text or a URL'),
  passthrough: z.string().describe('JSON text of chroma-key settings, or ""'),
  trailerlist: z.boolean(),
  is_subscribed: z.boolean(),
  is_hidden: z.boolean(),
  legacy_scene_id: z.string(),
  script_published: Timestamp,
  ai_script: z.boolean(),
  human_script: z.boolean(),
  description: z.string().describe('always ""'),
  _score: z.number().describe('search relevance; set by /api/scene/search, else 0'),
  alternate_source: z
    .array(ExternalReferenceLink)
    .nullable()
    .describe('not preloaded: null; use GET /api/scene/alternate_source/{id}'),
});

/**
 * A scene (`models.Scene`) as /api/scene/list, GET /api/scene/{id}, search and the mutation calls return it:
 * every association preloaded, so `tags`, `cast`, `file`, `cuepoints` and `history` are arrays (the UI iterates
 * `cast` and `tags` without a null check).
 */
export const Scene = SceneFields.extend({
  tags: z.array(Tag),
  cast: z.array(CastActor),
  file: z.array(File).describe('the files of the scene (singular key on the wire)'),
  cuepoints: z.array(Cuepoint),
  history: z.array(History),
});
export type Scene = z.infer<typeof Scene>;

/** A scene as nested in an actor's `scenes`: associations are not preloaded and may be null. */
export const NestedScene = SceneFields.extend({
  tags: z.array(Tag).nullable(),
  cast: z.array(CastActor).nullable(),
  file: z.array(File).nullable(),
  cuepoints: z.array(Cuepoint).nullable(),
  history: z.array(History).nullable(),
});
export type NestedScene = z.infer<typeof NestedScene>;

export const SCENE_KEYS = Object.keys(Scene.shape) as (keyof Scene)[];
