import type { ActorFields, CastActor } from '@fovea/contract';
import type { Selectable } from 'kysely';
import type { ActorsTable } from '../db/schema';
import { flag, toWireTime } from './wire-time';

export type ActorRow = Selectable<ActorsTable>;

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
