import { ZERO_TIME, type Actor, type ActorFields, type CastActor, type NestedScene } from '@fovea/contract';
import type { Selectable } from 'kysely';
import type { ActorsTable } from '../db/schema';
import { toScene, type SceneRow } from './scene.mapper';
import { flag, toWireTime } from './wire-time';

export type ActorRow = Selectable<ActorsTable>;

/** The owner's flags and the profile of an actor, as both the wire and a content bundle carry them. */
export function actorProfileFields(row: ActorRow) {
  return {
    star_rating: row.star_rating,
    favourite: flag(row.favourite),
    watchlist: flag(row.watchlist),
    needs_update: flag(row.needs_update),
    birth_date: toWireTime(row.birth_date),
    nationality: row.nationality,
    ethnicity: row.ethnicity,
    eye_color: row.eye_color,
    hair_color: row.hair_color,
    height: row.height,
    weight: row.weight,
    cup_size: row.cup_size,
    band_size: row.band_size,
    waist_size: row.waist_size,
    hip_size: row.hip_size,
    breast_type: row.breast_type,
    start_year: row.start_year,
    end_year: row.end_year,
    tattoos: row.tattoos,
    piercings: row.piercings,
    biography: row.biography,
    aliases: row.aliases,
    gender: row.gender,
    urls: row.urls,
  };
}

/** The scalar actor fields of the wire (xbvr-wire §3.1) from a row. */
export function toActorFields(row: ActorRow): ActorFields {
  return {
    id: row.id,
    created_at: toWireTime(row.created_at),
    updated_at: toWireTime(row.updated_at),
    name: row.name,
    count: row.count,
    avail_count: row.avail_count,
    image_url: row.image_url,
    image_arr: row.image_arr,
    ...actorProfileFields(row),
    scene_rating_average: formatSceneRatingAverage(row.scene_rating_average),
  };
}

/** "3.75"-style text of the average scene rating; "" when no scene is rated. */
export function formatSceneRatingAverage(value: number | null): string {
  if (value === null || !Number.isFinite(value) || value <= 0) return '';
  return String(Math.round(value * 100) / 100);
}

/** An actor as nested in a scene's cast (associations not preloaded). */
export function toCastActor(row: ActorRow): CastActor {
  return { ...toActorFields(row), scenes: null, aka_groups: null };
}

/** A scene as nested in an actor's `scenes`: its own associations are not loaded (null). */
export function toActorNestedScene(row: SceneRow): NestedScene {
  const empty = { tags: [], cast: [], file: [], cuepoints: [], history: [] };
  return { ...toScene(row, empty), tags: null, cast: null, file: null, cuepoints: null, history: null };
}

/** An actor with its (non-hidden, newest first) scenes; aka groups are not preloaded. */
export function toActorWithScenes(row: ActorRow, scenes: readonly SceneRow[]): Actor {
  return { ...toActorFields(row), scenes: scenes.map(toActorNestedScene), aka_groups: null };
}

/** The zero actor (id 0, zero values) the reference answers for an unknown actor and after a delete. */
export function zeroActor(): Actor {
  return {
    id: 0,
    created_at: ZERO_TIME,
    updated_at: ZERO_TIME,
    name: '',
    count: 0,
    avail_count: 0,
    image_url: '',
    image_arr: '',
    star_rating: 0,
    favourite: false,
    watchlist: false,
    needs_update: false,
    birth_date: ZERO_TIME,
    nationality: '',
    ethnicity: '',
    eye_color: '',
    hair_color: '',
    height: 0,
    weight: 0,
    cup_size: '',
    band_size: 0,
    waist_size: 0,
    hip_size: 0,
    breast_type: '',
    start_year: 0,
    end_year: 0,
    tattoos: '',
    piercings: '',
    biography: '',
    aliases: '',
    gender: '',
    urls: '',
    scene_rating_average: '',
    scenes: [],
    aka_groups: null,
  };
}
