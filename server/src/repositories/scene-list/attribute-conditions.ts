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
import { anyOf, columns, idsFrom, type Condition } from './scene-condition';

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

/**
 * The condition of one attribute name (without prefix); null for a name the server does not know (an old
 * saved search), which then does not filter.
 */
export function attributeCondition(name: string, context: AttributeContext): Condition | null {
  const parsed = parseSceneAttribute(name);
  if (parsed === null) return null;
  switch (parsed.kind) {
    case 'fixed':
      return fixedAttribute(parsed.name, context);
    case 'resolution':
      return videoFile(rows`f.resolution_k = ${parsed.k}`);
    case 'frameRate':
      return videoFile(rows`f.fps_class = ${parsed.fps}`);
    case 'codec':
      return videoFile(rows`f.video_codec_name = ${parsed.codec}`);
  }
}
