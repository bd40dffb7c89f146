import { parseSceneAttribute, type SceneAttribute } from '@fovea/contract';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import {
  altScriptPublished,
  countIs,
  flagSet,
  inaccessible,
  isSet,
  ratingAbove,
  ratingIs,
  sceneIdPrefix,
} from './indexed-tests';
import { SMALL_LIST } from './list-sets';
import { anyOf, columns, idsFrom, not, type Condition } from './scene-condition';

/*
 * The condition of every scene-list attribute (xbvr-facts §4.4) on `scenes s`. Counts, flags and availability
 * come from the denormalised status columns; file, cast and external-reference facts are sets of scene ids
 * from indexed subqueries.
 */

export type { Condition } from './scene-condition';

export interface AttributeContext {
  /** advanced.useAltSrcInScriptFilters: script attributes also look at linked alternate sources. */
  altSourceScripts: boolean;
}

/** A test on the rows of a joined table (`files f`, `actors a`). */
type RowTest = RawBuilder<SqlBool>;
const rows = (text: TemplateStringsArray, ...values: unknown[]): RowTest => sql<SqlBool>(text, ...values);

/** Scenes with a video file that satisfies `where` (on `files f`). */
const videoFile = (where: RowTest): Condition =>
  idsFrom`SELECT f.scene_id AS scene_id FROM files f WHERE f.type = 'video' AND f.scene_id IS NOT NULL AND ${where}`;

const projectionIn = (...projections: string[]): Condition =>
  videoFile(rows`f.projection IN (${sql.join(projections)})`);

/** Scenes whose cast has an actor satisfying `where` (on `actors a`; aka pseudo-actors excluded). */
const castActor = (where: RowTest): Condition =>
  idsFrom`SELECT sc.scene_id AS scene_id FROM scene_cast sc JOIN actors a ON a.id = sc.actor_id WHERE a.is_aka_group = 0 AND ${where}`;

/** Scenes linked to an external reference whose source matches `source` (LIKE). */
const linkedTo = (source: string): Condition =>
  idsFrom`SELECT l.internal_db_id AS scene_id FROM external_reference_links l WHERE l.internal_table = 'scenes' AND l.match_type <> -1 AND l.external_source LIKE ${source}`;

/** Scenes linked to an alternate scene of a site whose name carries the aggregator suffix, e.g. "(POVR)". */
const alternateFrom = (suffix: string): Condition =>
  idsFrom`SELECT l.internal_db_id AS scene_id FROM external_reference_links l JOIN sites st ON st.id = substr(l.external_source, 17)
    WHERE l.internal_table = 'scenes' AND l.match_type <> -1 AND l.external_source LIKE 'alternate scene %' AND st.name LIKE ${`%${suffix}%`}`;

const CUSTOM_COVER_PLACEHOLDER = 'http://localhost/dont_cause_errors';

function fixedAttribute(name: SceneAttribute, context: AttributeContext): Condition {
  switch (name) {
    case 'Multiple Video Files':
      return countIs('video_file_count', '>', 1);
    case 'Single Video File':
      return countIs('video_file_count', '=', 1);
    case 'Multiple Script Files':
      return countIs('script_file_count', '>', 1);
    case 'Single Script File':
      return countIs('script_file_count', '=', 1);
    case 'Has Hsp File':
      return countIs('hsp_file_count', '>', 0);
    case 'Has Subtitles File':
      return countIs('subtitles_file_count', '>', 0);
    case 'Is Favourite':
      return flagSet('favourite');
    case 'Is Scripted':
      return flagSet('is_scripted');
    case 'Missing':
      return inaccessible();
    case 'Is Passthrough':
      return anyOf([columns`s.chroma_key NOT IN ('', '{}', 'null')`, videoFile(rows`f.has_alpha = 1`)]);
    case 'Is Alpha Passthrough':
      return videoFile(rows`f.has_alpha = 1`);
    case 'In Watchlist':
      return flagSet('watchlist');
    case 'In Wishlist':
      return flagSet('wishlist');
    case 'Has Rating':
      return ratingAbove(0);
    case 'Has Cuepoints':
      return countIs('cuepoint_count', '>', 0);
    case 'Has Simple Cuepoints':
      return columns`s.cuepoint_count > s.hsp_cuepoint_count`;
    case 'Has HSP Cuepoints':
      return countIs('hsp_cuepoint_count', '>', 0);
    case 'In Trailer List':
      return flagSet('trailerlist');
    case 'Has Preview':
      return flagSet('has_preview');
    case 'Has Subscription':
      return flagSet('is_subscribed');
    case 'Rating 0':
    case 'Rating .5':
    case 'Rating 1':
    case 'Rating 1.5':
    case 'Rating 2':
    case 'Rating 2.5':
    case 'Rating 3':
    case 'Rating 3.5':
    case 'Rating 4':
    case 'Rating 4.5':
    case 'Rating 5':
      return ratingIs(Number(name.slice('Rating '.length)));
    case 'Cast 1':
    case 'Cast 2':
    case 'Cast 3':
    case 'Cast 4':
    case 'Cast 5':
      return countIs('cast_count', '=', Number(name.slice('Cast '.length)));
    case 'Cast 6+':
      return countIs('cast_count', '>=', 6);
    case 'No Actor/Cast':
      return countIs('cast_count', '=', 0);
    case 'Flat video':
    case 'Projection Perspective':
      return projectionIn('flat');
    case 'FOV: 180°':
      return projectionIn('180_mono', '180_sbs', '180_tb', 'fisheye');
    case 'FOV: 190°':
      return projectionIn('rf52', 'fisheye190');
    case 'FOV: 200°':
      return projectionIn('mkx200');
    case 'FOV: 220°':
      return projectionIn('mkx220', 'vrca220');
    case 'FOV: 360°':
      return projectionIn('360_mono', '360_tb');
    case 'Projection Equirectangular':
      return projectionIn('180_mono', '180_sbs', '180_tb');
    case 'Projection Equirectangular360':
      return projectionIn('360_mono', '360_tb');
    case 'Projection Fisheye':
      return projectionIn('fisheye', 'fisheye190', 'rf52', 'mkx200', 'mkx220', 'vrca220');
    case 'Mono':
      return projectionIn('180_mono', '360_mono');
    case 'Top/Bottom':
      return projectionIn('180_tb', '360_tb');
    case 'Side by Side':
      return projectionIn('180_sbs', 'fisheye', 'fisheye190', 'rf52', 'mkx200', 'mkx220', 'vrca220');
    case 'MKX200':
      return projectionIn('mkx200');
    case 'MKX220':
      return projectionIn('mkx220');
    case 'VRCA220':
      return projectionIn('vrca220');
    case 'Has No Cup Size':
      return castActor(rows`a.gender IN ('', 'female', 'Female') AND a.cup_size = ''`);
    case 'Has AA Cup Size':
      return castActor(rows`a.cup_size = 'AA'`);
    case 'Has A Cup Size':
      return castActor(rows`a.cup_size = 'A'`);
    case 'Has B Cup Size':
      return castActor(rows`a.cup_size = 'B'`);
    case 'POVR Scraper':
      return sceneIdPrefix('povr-');
    case 'SLR Scraper':
      return sceneIdPrefix('slr-');
    case 'VRPHub Scraper':
      return sceneIdPrefix('vrphub-');
    case 'VRPorn Scraper':
      return sceneIdPrefix('vrporn-');
    case 'RealVR Scraper':
      return sceneIdPrefix('realvr-');
    case 'Has Image':
      return columns`(s.cover_url <> '' AND s.cover_url <> ${CUSTOM_COVER_PLACEHOLDER})`;
    case 'Stashdb Linked':
      return linkedTo('stashdb scene');
    case 'Has Script Download':
      return context.altSourceScripts
        ? anyOf([isSet('script_published'), altScriptPublished()])
        : isSet('script_published');
    case 'Has AI Generated Script':
      return context.altSourceScripts
        ? anyOf([flagSet('ai_script'), flagSet('alt_ai_script')])
        : flagSet('ai_script');
    case 'Has Human Generated Script':
      return context.altSourceScripts
        ? anyOf([flagSet('human_script'), flagSet('alt_human_script')])
        : flagSet('human_script');
    case 'Has Favourite Actor':
      return castActor(rows`a.favourite = 1`);
    case 'Has Actor in Watchlist':
      return castActor(rows`a.watchlist = 1`);
    case 'Available from Alternate Sites':
      return linkedTo('alternate scene %');
    case 'Available from POVR':
      return alternateFrom('(POVR)');
    case 'Available from VRPorn':
      return alternateFrom('(VRPorn)');
    case 'Available from RealVR':
      return alternateFrom('(RealVR)');
    case 'Available from SLR':
      return alternateFrom('(SLR)');
    case 'Multiple Scenes Available at an Alternate Site':
      return idsFrom`SELECT l.internal_db_id AS scene_id FROM external_reference_links l
        WHERE l.internal_table = 'scenes' AND l.match_type <> -1 AND l.external_source LIKE 'alternate scene %'
        GROUP BY l.internal_db_id, l.external_source HAVING count(*) > 1`;
  }
}

/** The file facts an attribute name may test ("Resolution 8K", "Frame Rate 60", "Codec HEVC"). */
const FILE_FACTS = {
  resolution: 'f.resolution_k',
  frameRate: 'f.fps_class',
  codec: 'f.video_codec_name',
} as const;
type FileFact = keyof typeof FILE_FACTS;
const FILE_FACT_KINDS = Object.keys(FILE_FACTS) as FileFact[];

/**
 * Attribute names (without prefix) as the distinct tests they make: fixed attributes, and the values of each
 * file fact. A name the server does not know (an old saved search) is left out, and does not filter.
 */
export interface AttributeTerms {
  fixed: SceneAttribute[];
  files: Record<FileFact, (number | string)[]>;
}

export function attributeTerms(names: readonly string[]): AttributeTerms {
  const fixed = new Set<SceneAttribute>();
  const files = { resolution: new Set<number>(), frameRate: new Set<number>(), codec: new Set<string>() };
  for (const name of names) {
    const parsed = parseSceneAttribute(name);
    if (parsed?.kind === 'fixed') fixed.add(parsed.name);
    else if (parsed?.kind === 'resolution') files.resolution.add(parsed.k);
    else if (parsed?.kind === 'frameRate') files.frameRate.add(parsed.fps);
    else if (parsed?.kind === 'codec') files.codec.add(parsed.codec);
  }
  return {
    fixed: [...fixed],
    files: { resolution: [...files.resolution], frameRate: [...files.frameRate], codec: [...files.codec] },
  };
}

/**
 * Scenes with a video file whose fact is one of `values`: a few as one indexed set each (as a single value
 * is), many as one JSON list whose values are each looked up in the fact's index.
 */
function fileFactIn(kind: FileFact, values: readonly (number | string)[]): Condition {
  const column = sql.ref(FILE_FACTS[kind]);
  if (values.length <= SMALL_LIST) return anyOf(values.map((value) => videoFile(rows`${column} = ${value}`)));
  return idsFrom`SELECT f.scene_id AS scene_id FROM json_each(${JSON.stringify(values)}) v
    CROSS JOIN files f ON ${column} = v.value AND f.type = 'video' AND f.scene_id IS NOT NULL`;
}

/** Scenes with, for each of `values`, a video file with that fact (a scene may have several files). */
function fileFactEach(kind: FileFact, values: readonly (number | string)[]): Condition {
  if (values.length === 1) return fileFactIn(kind, values);
  const column = sql.ref(FILE_FACTS[kind]);
  return idsFrom`SELECT f.scene_id AS scene_id FROM json_each(${JSON.stringify(values)}) v
    CROSS JOIN files f ON ${column} = v.value AND f.type = 'video' AND f.scene_id IS NOT NULL
    GROUP BY f.scene_id HAVING count(DISTINCT ${column}) = ${values.length}`;
}

/** One condition per distinct test; a file fact's values make one condition (any of them). */
function anyTests(terms: AttributeTerms, context: AttributeContext): Condition[] {
  return [
    ...terms.fixed.map((name) => fixedAttribute(name, context)),
    ...FILE_FACT_KINDS.filter((kind) => terms.files[kind].length > 0).map((kind) =>
      fileFactIn(kind, terms.files[kind]),
    ),
  ];
}

/** Scenes with any of the attributes; null when none is known. */
export function anyAttribute(terms: AttributeTerms, context: AttributeContext): Condition | null {
  const tests = anyTests(terms, context);
  return tests.length > 0 ? anyOf(tests) : null;
}

/** Conditions that together require every attribute. */
export function everyAttribute(terms: AttributeTerms, context: AttributeContext): Condition[] {
  return [
    ...terms.fixed.map((name) => fixedAttribute(name, context)),
    ...FILE_FACT_KINDS.filter((kind) => terms.files[kind].length > 0).map((kind) =>
      fileFactEach(kind, terms.files[kind]),
    ),
  ];
}

/** Conditions that together exclude every attribute. */
export const noAttribute = (terms: AttributeTerms, context: AttributeContext): Condition[] =>
  anyTests(terms, context).map(not);
