import { BLANK_ACTOR_IMAGE } from '@fovea/contract';
import type { Actor, CountryEntry, WebOptions } from '@fovea/contract';
import { proxiedImage } from '../../components/proxied-image';

/** The image proxy size of actor cards (xbvr-facts §12). */
export const ACTOR_CARD_IMAGE_SIZE = '700x';

/** The prefix of an aka-group pseudo-actor's name ("aka:Jane Doe,Jane D"). */
const AKA_PREFIX = 'aka:';

/** The card image: the actor's image through the proxy, or the blank profile when there is none. */
export function actorCardImage(actor: Pick<Actor, 'image_url'>): string {
  const url = actor.image_url.trim();
  return url === '' ? BLANK_ACTOR_IMAGE : proxiedImage(url, ACTOR_CARD_IMAGE_SIZE);
}

/**
 * Age in whole years on `today` from a birth date (RFC 3339 or yyyy-mm-dd); null when unknown: the zero date
 * 0001-01-01, an unreadable date, or one in the future.
 */
export function actorAge(birthDate: string, today: Date = new Date()): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(birthDate);
  if (match === null) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year <= 1) return null;
  let age = today.getFullYear() - year;
  const beforeBirthday =
    today.getMonth() + 1 < month || (today.getMonth() + 1 === month && today.getDate() < day);
  if (beforeBirthday) age -= 1;
  return age >= 0 && age < 150 ? age : null;
}

/** True for an aka-group pseudo-actor (its name begins with "aka:"). */
export function isAkaGroupActor(actor: Pick<Actor, 'name'>): boolean {
  return actor.name.toLowerCase().startsWith(AKA_PREFIX);
}

/** The members an aka-group pseudo-actor's name lists ("aka:A,B" gives A and B); [] for a plain actor. */
export function akaMembers(actor: Pick<Actor, 'name'>): string[] {
  if (!isAkaGroupActor(actor)) return [];
  return actor.name
    .slice(AKA_PREFIX.length)
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
}

/** The names of the aka groups a (preloaded) actor belongs to; [] when not loaded. */
export function akaGroupNames(actor: Pick<Actor, 'aka_groups'>): string[] {
  return (actor.aka_groups ?? []).map((group) => group.name).filter((name) => name !== '');
}

/** Country entries by code, for the card flags. */
export function countriesByCode(countries: readonly CountryEntry[] | undefined): Map<string, CountryEntry> {
  return new Map((countries ?? []).map((country) => [country.code.toUpperCase(), country]));
}

/** The card image's aspect ratio and fit from the Web UI options (actorCardAspectRatio, actorCardScaleToFit). */
export interface ActorCardLook {
  ratio: string;
  fit: 'contain' | 'cover';
}

export function actorCardLook(
  web: Pick<WebOptions, 'actorCardAspectRatio' | 'actorCardScaleToFit'>,
): ActorCardLook {
  const [width, height] = web.actorCardAspectRatio.split(':');
  return { ratio: `${width ?? 1} / ${height ?? 1}`, fit: web.actorCardScaleToFit ? 'contain' : 'cover' };
}
