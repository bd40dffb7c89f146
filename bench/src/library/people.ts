import type { CatalogueRow } from '../../../server/src/repositories/bulk-insert.repository';
import type { Prng } from './prng';
import { randomDate, randomTime } from './prng';
import {
  BREAST_TYPES,
  CUP_SIZES,
  ETHNICITIES,
  EYE_COLORS,
  FIRST_NAMES,
  HAIR_COLORS,
  LAST_NAMES,
  NATIONALITIES,
} from './vocabulary';

export interface AkaGroupSpec {
  id: number;
  /** The pseudo-actor `aka:<Name1>,<Name2>` the cast filter offers for the group. */
  actorId: number;
  name: string;
  members: number[];
}

export interface ActorCatalogue {
  rows: CatalogueRow<'actors'>[];
  /** Actor ids by popularity rank (rank 0 appears in the most scenes). */
  byRank: number[];
  akas: AkaGroupSpec[];
}

const MALE_NAMES = new Set(['Max', 'Leo', 'Nick', 'Tom', 'Alex', 'Sam', 'Ryan', 'Jack', 'Mark']);
const json = (value: unknown): string => JSON.stringify(value);

/** `count` actors named "Firstname Lastname" (each name once), some with details and user flags. */
export function makeActors(prng: Prng, count: number, akaGroups: number): ActorCatalogue {
  const combos = prng.permutation(FIRST_NAMES.length * LAST_NAMES.length);
  const rows: CatalogueRow<'actors'>[] = [];
  for (let i = 0; i < count; i++) {
    const combo = combos[i % combos.length] ?? 0;
    const first = FIRST_NAMES[combo % FIRST_NAMES.length] ?? 'Anna';
    const last = LAST_NAMES[Math.floor(combo / FIRST_NAMES.length)] ?? 'Doe';
    const name =
      i < combos.length ? `${first} ${last}` : `${first} ${last} ${Math.floor(i / combos.length) + 1}`;
    rows.push(actorRow(prng, i + 1, name, MALE_NAMES.has(first)));
  }
  const byRank = prng.permutation(count).map((index) => index + 1);

  const akas: AkaGroupSpec[] = [];
  for (let g = 0; g < akaGroups && count > 10; g++) {
    // Two or three popular-ish actors known under several names.
    const members = prng.distinct(prng.int(2, 3), Math.min(count, 400)).map((rank) => byRank[rank] ?? 1);
    const names = members.map((id) => rows[id - 1]?.name ?? '').sort();
    const actorId = count + g + 1;
    rows.push({ id: actorId, name: `aka:${names.join(',')}`, is_aka_group: 1 });
    akas.push({ id: g + 1, actorId, name: names.join(', '), members });
  }
  return { rows, byRank, akas };
}

function actorRow(prng: Prng, id: number, name: string, male: boolean): CatalogueRow<'actors'> {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const created = new Date(randomTime(prng, '2019-01-01', '2026-06-30')).toISOString();
  const row: CatalogueRow<'actors'> = {
    id,
    name,
    gender: male ? 'male' : 'female',
    created_at: created,
    updated_at: created,
  };
  if (prng.chance(0.8)) {
    row.image_url = `https://images.example/actors/${slug}.jpg`;
    row.image_arr = json([row.image_url, `https://images.example/actors/${slug}-2.jpg`]);
  }
  if (!male && prng.chance(0.7)) {
    row.cup_size = prng.pick(CUP_SIZES);
    row.band_size = prng.int(30, 38) * 2;
    row.breast_type = prng.pick(BREAST_TYPES);
  }
  if (prng.chance(0.7)) row.hair_color = prng.pick(HAIR_COLORS);
  if (prng.chance(0.5)) row.eye_color = prng.pick(EYE_COLORS);
  if (prng.chance(0.8)) row.nationality = prng.pick(NATIONALITIES);
  if (prng.chance(0.5)) row.ethnicity = prng.pick(ETHNICITIES);
  if (prng.chance(0.6)) row.birth_date = randomDate(prng, '1975-01-01', '2004-12-31');
  if (prng.chance(0.5)) {
    row.height = male ? prng.int(170, 195) : prng.int(150, 182);
    row.weight = male ? prng.int(65, 95) : prng.int(42, 70);
  }
  if (prng.chance(0.3)) row.start_year = prng.int(2008, 2024);
  if (prng.chance(0.2)) row.tattoos = json(['left shoulder', 'lower back'].slice(0, prng.int(1, 2)));
  if (prng.chance(0.2)) row.piercings = json(['navel']);
  if (prng.chance(0.15)) row.aliases = json([`${name.split(' ')[0] ?? name} ${prng.pick(LAST_NAMES)}`]);
  if (prng.chance(0.2)) row.biography = `${name} started performing in VR productions and enjoys travel.`;
  if (prng.chance(0.1)) row.star_rating = prng.int(1, 10) / 2;
  if (prng.chance(0.02)) row.favourite = 1;
  if (prng.chance(0.03)) row.watchlist = 1;
  if (prng.chance(0.3))
    row.urls = json([{ url: `https://profiles.example/${slug}`, type: 'profiles scrape' }]);
  return row;
}

export function akaRows(akas: AkaGroupSpec[]): {
  akas: CatalogueRow<'akas'>[];
  members: CatalogueRow<'actor_akas'>[];
} {
  return {
    akas: akas.map((aka) => ({ id: aka.id, name: aka.name, aka_actor_id: aka.actorId })),
    members: akas.flatMap((aka) => aka.members.map((actorId) => ({ aka_id: aka.id, actor_id: actorId }))),
  };
}
