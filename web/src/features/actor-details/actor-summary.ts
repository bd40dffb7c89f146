import { AKA_PREFIX, ZERO_TIME, cmToFeetInches, cmToInches, kgToLbs } from '@fovea/contract';
import type { Actor, ActorFields, ActorUrl, ExternalReferenceLink } from '@fovea/contract';

/** A JSON text list of strings (aliases, tattoos, piercings, image_arr); anything else gives []. */
export function jsonStrings(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value)) return [];
    return value.filter((item): item is string => typeof item === 'string' && item.trim() !== '');
  } catch {
    return [];
  }
}

/** The actor's `urls` JSON text as {url, type} entries (entries without a url are left out). */
export function actorUrls(text: string): ActorUrl[] {
  try {
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value)) return [];
    const urls: ActorUrl[] = [];
    for (const item of value) {
      if (typeof item !== 'object' || item === null) continue;
      const { url, type } = item as { url?: unknown; type?: unknown };
      if (typeof url === 'string' && url.trim() !== '') {
        urls.push({ url, type: typeof type === 'string' ? type : '' });
      }
    }
    return urls;
  } catch {
    return [];
  }
}

/** An actor-scraper source: a url whose type ends in "scrape" (e.g. "vrhush scrape"). */
export const isScraperUrl = (entry: ActorUrl): boolean => entry.type.trim().toLowerCase().endsWith('scrape');

/** The pictures of the carousel: image_arr, else the main image alone; none when neither is set. */
export function actorImages(actor: Pick<ActorFields, 'image_arr' | 'image_url'>): string[] {
  const images = jsonStrings(actor.image_arr);
  if (images.length > 0) return images;
  return actor.image_url.trim() === '' ? [] : [actor.image_url];
}

export const isAkaActor = (actor: Pick<ActorFields, 'name'>): boolean => actor.name.startsWith(AKA_PREFIX);

/** The birth day as yyyy-mm-dd, or null when unknown (0001-01-01). */
export function birthDay(birthDate: string): string | null {
  if (birthDate === '' || birthDate === ZERO_TIME || birthDate.startsWith('0001-01-01')) return null;
  const day = birthDate.slice(0, 10);
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : null;
}

/** Whole years from the birth day to `today`, or null when the birth date is unknown. */
export function ageOn(birthDate: string, today: Date = new Date()): number | null {
  const day = birthDay(birthDate);
  if (day === null) return null;
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - year;
  const beforeBirthday =
    today.getUTCMonth() + 1 < month || (today.getUTCMonth() + 1 === month && today.getUTCDate() < date);
  if (beforeBirthday) age -= 1;
  return age >= 0 ? age : null;
}

/** "2015-2020", "2015-", "-2020", or "" when neither year is known. */
export function activeYears(actor: Pick<ActorFields, 'start_year' | 'end_year'>): string {
  if (actor.start_year <= 0 && actor.end_year <= 0) return '';
  const from = actor.start_year > 0 ? String(actor.start_year) : '';
  const to = actor.end_year > 0 ? String(actor.end_year) : '';
  return `${from}-${to}`;
}

/** "170 cm", plus "5' 7\"" with imperial units; "" when unknown. */
export function heightText(cm: number, imperial: boolean): string {
  if (cm <= 0) return '';
  if (!imperial) return `${cm} cm`;
  const { feet, inches } = cmToFeetInches(cm);
  return `${cm} cm · ${feet}' ${inches}"`;
}

/** "55 kg", plus "121 lb" with imperial units; "" when unknown. */
export function weightText(kg: number, imperial: boolean): string {
  if (kg <= 0) return '';
  return imperial ? `${kg} kg · ${kgToLbs(kg)} lb` : `${kg} kg`;
}

type MeasurementFields = Pick<ActorFields, 'band_size' | 'cup_size' | 'waist_size' | 'hip_size'>;

/** The known sizes joined band+cup-waist-hip in one unit ("" when no size is known). */
function joinSizes(m: MeasurementFields, size: (cm: number) => number, cup: string): string {
  const parts: string[] = [];
  const bust = `${m.band_size > 0 ? String(size(m.band_size)) : ''}${cup}`;
  if (bust !== '') parts.push(bust);
  if (m.waist_size > 0) parts.push(String(size(m.waist_size)));
  if (m.hip_size > 0) parts.push(String(size(m.hip_size)));
  return parts.join('-');
}

/**
 * The known measurements with their unit, as entered: the editor takes inches with the cup letter, so
 * "34C-24-34 in" (the cm values stored give back the inches typed); without imperial units the cm follow
 * ("34C-24-34 in · 86-61-86 cm"). A cup alone is just the letter; "" when nothing is known.
 */
export function measurementsText(m: MeasurementFields, imperial: boolean): string {
  const sized = m.band_size > 0 || m.waist_size > 0 || m.hip_size > 0;
  if (!sized) return m.cup_size;
  const inches = `${joinSizes(m, cmToInches, m.cup_size)} in`;
  return imperial ? inches : `${inches} · ${joinSizes(m, (cm) => cm, '')} cm`;
}

/** The day part (yyyy-mm-dd) of a timestamp, or "" when unknown. */
export const dayOf = (timestamp: string): string => birthDay(timestamp) ?? '';

/** An external reference's address, or "" when it has none. */
export const extrefUrl = (link: ExternalReferenceLink): string => link.external_reference.external_url;

/** The main picture of an actor tile (the blank profile when none). */
export function tileImage(actor: Pick<Actor, 'image_url'>, blank: string): string {
  return actor.image_url.trim() === '' ? blank : actor.image_url;
}
