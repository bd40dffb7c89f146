import { z } from 'zod';

/*
 * The records of a content bundle (xbvr-facts §10): XBVR's v2.1 backup keys, so a bundle written by Fovea is
 * read by XBVR and the other way round. Every record is `loose()`: unknown keys are kept (and ignored), and
 * every field except the natural key is optional, so a bundle from any XBVR version reads. Values are read
 * tolerantly (Go writes booleans as true/false, times as RFC 3339 with Go's zero time for "none").
 *
 * Fovea's additions are marked "Fovea:"; XBVR ignores them. They make a Fovea-to-Fovea round trip exact.
 */

/** A JSON boolean, also accepted as 0/1 (older exports and hand-made bundles). */
export const BundleBool = z.codec(z.union([z.boolean(), z.literal(0), z.literal(1)]), z.boolean(), {
  decode: (value) => value === true || value === 1,
  encode: (value) => value,
});
/** A number, also accepted as a numeric string. */
export const BundleNumber = z.codec(z.union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/)]), z.number(), {
  decode: (value) => Number(value),
  encode: (value) => value,
});
/** An RFC 3339 time or date as Go writes it; Go's zero time "0001-01-01T00:00:00Z" (or "") means none. */
export const BundleTime = z.string().max(64);
/** Text of a bounded size: 1 MB per field at most (trailer sources and external data are the biggest). */
const Text = z.string().max(1_000_000);
const Short = z.string().max(2_000);

const opt = <T extends z.ZodType>(schema: T) => schema.optional();

/** A tag inside a scene or a tag group: only its name travels. */
export const BundleTag = z.object({ name: Short }).loose();
export type BundleTag = z.infer<typeof BundleTag>;

/** An actor (the `actors` section, and each `cast` entry of a scene: full actor objects). Keyed by name. */
export const BundleActor = z
  .object({
    name: Short.min(1),
    image_url: opt(Short),
    /** JSON text: a list of URLs. */
    image_arr: opt(Text),
    star_rating: opt(BundleNumber),
    favourite: opt(BundleBool),
    watchlist: opt(BundleBool),
    birth_date: opt(BundleTime),
    nationality: opt(Short),
    ethnicity: opt(Short),
    eye_color: opt(Short),
    hair_color: opt(Short),
    height: opt(BundleNumber),
    weight: opt(BundleNumber),
    cup_size: opt(Short),
    band_size: opt(BundleNumber),
    waist_size: opt(BundleNumber),
    hip_size: opt(BundleNumber),
    breast_type: opt(Short),
    start_year: opt(BundleNumber),
    end_year: opt(BundleNumber),
    /** JSON text: a list of strings. */
    tattoos: opt(Text),
    /** JSON text: a list of strings. */
    piercings: opt(Text),
    biography: opt(Text),
    /** JSON text: a list of strings. */
    aliases: opt(Text),
    gender: opt(Short),
    /** JSON text: a list of `{url, type}`. */
    urls: opt(Text),
    /** Fovea: the actor's needs_update flag. */
    needs_update: opt(BundleBool),
  })
  .loose();
export type BundleActor = z.infer<typeof BundleActor>;

/** A scene of the `scenes` section (files, cuepoints and history travel in their own sections). */
export const BundleScene = z
  .object({
    scene_id: Short.min(1),
    created_at: opt(BundleTime),
    updated_at: opt(BundleTime),
    title: opt(Text),
    scene_type: opt(Short),
    scraper_id: opt(Short),
    studio: opt(Short),
    site: opt(Short),
    tags: z.array(BundleTag).max(10_000).nullish(),
    cast: z.array(BundleActor).max(10_000).nullish(),
    /** JSON text: expected filenames. */
    filenames_arr: opt(Text),
    /** JSON text: a list of `{url, type, orientation}`. */
    images: opt(Text),
    /** Minutes. */
    duration: opt(BundleNumber),
    synopsis: opt(Text),
    release_date: opt(BundleTime),
    release_date_text: opt(Short),
    cover_url: opt(Short),
    scene_url: opt(Short),
    members_url: opt(Short),
    is_multipart: opt(BundleBool),
    star_rating: opt(BundleNumber),
    favourite: opt(BundleBool),
    watchlist: opt(BundleBool),
    wishlist: opt(BundleBool),
    is_watched: opt(BundleBool),
    added_date: opt(BundleTime),
    last_opened: opt(BundleTime),
    /** Seconds. */
    total_watch_time: opt(BundleNumber),
    trailer_type: opt(Short),
    trailer_source: opt(Text),
    /** The chroma-key JSON (column chroma_key). */
    passthrough: opt(Text),
    trailerlist: opt(BundleBool),
    /** No backup tag in XBVR, so its Go field name. */
    IsSubscribed: opt(BundleBool),
    is_hidden: opt(BundleBool),
    legacy_scene_id: opt(Short),
    script_published: opt(BundleTime),
    ai_script: opt(BundleBool),
    human_script: opt(BundleBool),
    /** Fovea: the scene's needs_update and edits_applied flags. */
    needs_update: opt(BundleBool),
    edits_applied: opt(BundleBool),
  })
  .loose();
export type BundleScene = z.infer<typeof BundleScene>;

/** A file (inside `sceneFileLinks`, and Fovea's `unmatchedFiles`); keyed by path + filename. */
export const BundleFile = z
  .object({
    /** The directory (for put.io, the put.io file id). */
    path: Short,
    filename: Short.min(1),
    size: opt(BundleNumber),
    oshash: opt(Short),
    created_time: opt(BundleTime),
    updated_time: opt(BundleTime),
    type: opt(z.enum(['video', 'script', 'hsp', 'subtitles'])),
    video_width: opt(BundleNumber),
    video_height: opt(BundleNumber),
    video_bitrate: opt(BundleNumber),
    video_avgfps_val: opt(BundleNumber),
    video_codec_name: opt(Short),
    /** Seconds (XBVR's video_duration). */
    duration: opt(BundleNumber),
    projection: opt(Short),
    has_alpha: opt(BundleBool),
    is_selected_script: opt(BundleBool),
    /** Fovea: the file's stereo mode, field of view and whether the owner set the projection. */
    stereo_mode: opt(Short),
    fov: opt(BundleNumber),
    projection_is_manual: opt(BundleBool),
    /** Fovea: the raw average frame rate, e.g. "30000/1001". */
    video_avg_frame_rate: opt(Short),
    /**
     * Fovea: the path of the storage location the file is on (put.io: "Put.io (<user>)"). A restore attaches the
     * file to that location when it exists; without it, to the location whose path is the longest prefix of `path`.
     */
    volume: opt(Short),
  })
  .loose();
export type BundleFile = z.infer<typeof BundleFile>;

export const BundleSceneFiles = z
  .object({ scene_id: Short.min(1), files: z.array(BundleFile).max(10_000).nullish() })
  .loose();
export type BundleSceneFiles = z.infer<typeof BundleSceneFiles>;

export const BundleCuepoint = z
  .object({
    time_start: BundleNumber,
    time_end: z.union([BundleNumber, z.null()]).optional(),
    /** null/absent = a simple cuepoint; a number = a HereSphere track. */
    track: z.union([BundleNumber, z.null()]).optional(),
    name: Short,
    rating: opt(BundleNumber),
  })
  .loose();
export type BundleCuepoint = z.infer<typeof BundleCuepoint>;

export const BundleSceneCuepoints = z
  .object({ scene_id: Short.min(1), cuepoints: z.array(BundleCuepoint).max(100_000).nullish() })
  .loose();
export type BundleSceneCuepoints = z.infer<typeof BundleSceneCuepoints>;

export const BundleHistory = z
  .object({
    time_start: BundleTime,
    time_end: opt(BundleTime),
    /** Seconds. */
    duration: opt(BundleNumber),
    created_at: opt(BundleTime),
  })
  .loose();
export type BundleHistory = z.infer<typeof BundleHistory>;

export const BundleSceneHistory = z
  .object({ scene_id: Short.min(1), history: z.array(BundleHistory).max(100_000).nullish() })
  .loose();
export type BundleSceneHistory = z.infer<typeof BundleSceneHistory>;

/** One entry of the scene edit journal; cast and tags values are "+name" or "-name". */
export const BundleAction = z
  .object({
    action_type: z.enum(['edit', 'match', 'unmatch']),
    changed_column: Short,
    new_value: opt(Text),
    /** Fovea: when the edit was made. */
    created_at: opt(BundleTime),
  })
  .loose();
export type BundleAction = z.infer<typeof BundleAction>;

export const BundleSceneActions = z
  .object({ scene_id: Short.min(1), actions: z.array(BundleAction).max(100_000).nullish() })
  .loose();
export type BundleSceneActions = z.infer<typeof BundleSceneActions>;

/** An aka group: its pseudo-actor ("aka:…") and its member actors. Keyed by name. */
export const BundleAka = z
  .object({
    name: Short.min(1),
    aka_actor: BundleActor.nullish(),
    actors: z.array(BundleActor).max(1_000).nullish(),
  })
  .loose();
export type BundleAka = z.infer<typeof BundleAka>;

/** A tag group: its pseudo-tag ("tag group:…") and its member tags. Keyed by name. */
export const BundleTagGroup = z
  .object({
    name: Short.min(1),
    tag_group_tag: BundleTag.nullish(),
    tags: z.array(BundleTag).max(10_000).nullish(),
  })
  .loose();
export type BundleTagGroup = z.infer<typeof BundleTagGroup>;

/** A link of an external reference to a scene, actor or site, re-resolved by its name id on restore. */
export const BundleExtRefLink = z
  .object({
    internal_table: z.enum(['scenes', 'actors', 'sites']),
    internal_db_id: opt(BundleNumber),
    /** scene_id, actor name or site id; "deleted" for a link the owner deleted. */
    internal_name_id: Short,
    external_source: opt(Short),
    external_id: opt(Short),
    match_type: opt(BundleNumber),
    udf_datetime1: opt(BundleTime),
  })
  .loose();
export type BundleExtRefLink = z.infer<typeof BundleExtRefLink>;

/** An external reference (StashDB scene/performer, alternate scene, actor profile). Keyed by source + id. */
export const BundleExtRef = z
  .object({
    external_source: Short.min(1),
    external_id: Short.min(1),
    external_url: opt(Short),
    external_date: opt(BundleTime),
    external_data: opt(Text),
    udf_bool1: opt(BundleBool),
    udf_bool2: opt(BundleBool),
    udf_datetime1: opt(BundleTime),
    xbvr_links: z.array(BundleExtRefLink).max(10_000).nullish(),
  })
  .loose();
export type BundleExtRef = z.infer<typeof BundleExtRef>;

/** One entry of the actor edit journal. */
export const BundleActionActor = z
  .object({
    created_at: opt(BundleTime),
    action_type: z.enum(['edit', 'delete', 'add', 'setimage']),
    source: opt(Short),
    changed_column: Short,
    new_value: opt(Text),
  })
  .loose();
export type BundleActionActor = z.infer<typeof BundleActionActor>;

export const BundleActorActions = z
  .object({ actor_name: Short.min(1), action_actors: z.array(BundleActionActor).max(100_000).nullish() })
  .loose();
export type BundleActorActions = z.infer<typeof BundleActorActions>;

/** A storage location. XBVR gives these fields no backup tag, so they travel under their Go names. */
export const BundleVolume = z
  .object({
    Type: z.enum(['local', 'putio']).default('local'),
    Path: Short.min(1),
    /** The put.io token; Fovea writes it only in a bundle that includes the settings. */
    Metadata: opt(Text),
    LastScan: opt(BundleTime),
    IsEnabled: opt(BundleBool),
    IsAvailable: opt(BundleBool),
  })
  .loose();
export type BundleVolume = z.infer<typeof BundleVolume>;

/** A saved search (scene or actor list). Keyed by name + type. */
export const BundlePlaylist = z
  .object({
    name: Short.min(1),
    ordering: opt(BundleNumber),
    is_system: opt(BundleBool),
    is_deo_enabled: opt(BundleBool),
    is_smart: opt(BundleBool),
    playlist_type: z.enum(['scene', 'actor']).default('scene'),
    search_params: opt(Text),
  })
  .loose();
export type BundlePlaylist = z.infer<typeof BundlePlaylist>;

/** A site's switches. XBVR identifies sites by name; Fovea also writes its id. */
export const BundleSite = z
  .object({
    name: Short.min(1),
    /** Fovea: the site id (XBVR's bundles carry the name only). */
    id: opt(Short),
    is_enabled: opt(BundleBool),
    subscribed: opt(BundleBool),
    limit_scraping: opt(BundleBool),
    master_site_id: opt(Short),
    matching_params: opt(Text),
    scrape_stash: opt(BundleBool),
  })
  .loose();
export type BundleSite = z.infer<typeof BundleSite>;

/**
 * Fovea: a custom site, an aggregator studio the owner added (the `foveaCustomSites` key, written with `sites`;
 * XBVR keeps these in its scrapers.json and ignores the key). Keyed by its studio URL, from which its site id
 * and aggregator follow, so a restore creates or edits it as the custom-site form would.
 */
export const BundleCustomSite = z
  .object({
    url: Short.min(1),
    name: Short.min(1),
    /** The Studio value of its scenes ("" = the name). */
    company: opt(Short),
    /** "" = the aggregator's icon. */
    avatar_url: opt(Short),
    /** "" for a main site; else the site it is an alternate source of. */
    master_site_id: opt(Short),
  })
  .loose();
export type BundleCustomSite = z.infer<typeof BundleCustomSite>;

/** A key-value row of the `config` section: `config` (the options), `cuepoints`, collector configs, … */
export const BundleKv = z.object({ key: Short.min(1), value: Text }).loose();
export type BundleKv = z.infer<typeof BundleKv>;

/** A scene of a v1 bundle: XBVR's ScrapedScene with its JSON names (xbvr-facts §7.2). */
export const BundleV1Scene = z
  .object({
    _id: Short.min(1),
    xbvr_site: opt(Short),
    scene_id: opt(Short),
    scene_type: opt(Short),
    title: opt(Text),
    studio: opt(Short),
    site: opt(Short),
    covers: z.array(Short).max(1_000).nullish(),
    gallery: z.array(Short).max(10_000).nullish(),
    tags: z.array(Short).max(10_000).nullish(),
    cast: z.array(Short).max(10_000).nullish(),
    filename: z.array(Short).max(10_000).nullish(),
    duration: opt(BundleNumber),
    synopsis: opt(Text),
    released: opt(Short),
    homepage_url: opt(Short),
    members_url: opt(Short),
    trailer_type: opt(Short),
    trailer_source: opt(Text),
    chromakey: opt(Text),
    has_script_Download: opt(BundleBool),
    ai_script: opt(BundleBool),
    human_script: opt(BundleBool),
    master_site_id: opt(Short),
  })
  .loose();
export type BundleV1Scene = z.infer<typeof BundleV1Scene>;

/**
 * The record schema of each top-level array of a bundle, in the order XBVR writes them. `manualSceneMatches`
 * is declared by XBVR but never filled, so it is read and ignored. `unmatchedFiles` and `foveaCustomSites` are
 * Fovea's: files no scene claims (XBVR's bundle carries matched files only) and the owner's custom sites.
 */
export const BundleSections = {
  volumes: BundleVolume,
  playlists: BundlePlaylist,
  sites: BundleSite,
  scenes: BundleScene,
  sceneFileLinks: BundleSceneFiles,
  sceneCuepoints: BundleSceneCuepoints,
  sceneHistory: BundleSceneHistory,
  actions: BundleSceneActions,
  akas: BundleAka,
  tagGroups: BundleTagGroup,
  externalReferences: BundleExtRef,
  actors: BundleActor,
  actionActors: BundleActorActions,
  config: BundleKv,
  unmatchedFiles: BundleFile,
  foveaCustomSites: BundleCustomSite,
} as const;
export type BundleSection = keyof typeof BundleSections;
export const BUNDLE_SECTIONS = Object.keys(BundleSections) as BundleSection[];
export type BundleRecord<S extends BundleSection> = z.infer<(typeof BundleSections)[S]>;

/** One record of a bundle with its section: what readers (file, XBVR database) yield and the restore applies. */
export type BundleEntry = { [S in BundleSection]: { section: S; record: BundleRecord<S> } }[BundleSection];

export const BUNDLE_VERSION = '2.1';
export const BUNDLE_V1_VERSION = '1';
/** The file a backup writes, offered at /download/<name>. */
export const BUNDLE_FILE_NAME = 'xbvr-content-bundle.json';
