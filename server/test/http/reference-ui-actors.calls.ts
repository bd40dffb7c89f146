import { expect } from 'vitest';
import { ACTOR_LIST_BODY, ACTOR_READS, under, type Reads, type WireCall } from './reference-ui-wire';

/* The reference UI's actor screens, akas and tag groups (xbvr-wire §3, §4). */

const GROUP_ANSWER: Reads = ['status', 'akas.aka_actor.name'];
const TAG_GROUP_ANSWER: Reads = [
  'status',
  'tag_group.tag_group_tag.name',
  'tag_group.name',
  'tag_group.tags[]',
];

/** The actor object spread with the UI-only keys of EditActor.vue (§3.7). */
const actorEditBody = (actor: Record<string, unknown>, country: string) => ({
  ...actor,
  birth_date: '1995-04-12T00:00:00Z',
  nationality: country,
  height: 168,
  weight: 54,
  imageArray: [],
  aliasArray: ['Wire A'],
  tattooArray: [],
  piercingArray: [],
  urlArray: [],
  aliases: '["Wire A"]',
  measurements: '34C-24-36',
  feet: 5,
  inches: 6,
  lbs: 119,
});

export const ACTOR_CALLS: WireCall[] = [
  {
    ui: '§3.2 store/actorList.js (sliders untouched)',
    method: 'POST',
    url: '/api/actor/list',
    body: () => ACTOR_LIST_BODY,
    reads: ['results', 'offset', 'actors[]', ...under('actors[].', ACTOR_READS)],
    keep: (answer) => {
      // The actor without a birth date is not dropped by the untouched age slider.
      const names = (answer as { actors: { name: string }[] }).actors.map((actor) => actor.name);
      expect(names).toEqual(expect.arrayContaining(['Wire Ann', 'Wire Bea']));
    },
  },
  {
    ui: '§3.3 store/actorList.js',
    method: 'GET',
    url: '/api/actor/filters',
    reads: ['cast[]', 'sites[]', 'attributes[]'],
  },
  { ui: '§3.4 ActorDetails.vue', method: 'GET', url: '/api/actor/{ann}', reads: ACTOR_READS },
  {
    ui: '§3.4 actors/List.vue deep link by name',
    method: 'GET',
    url: '/api/actor/Wire-Nobody',
    reads: ['id'],
  },
  {
    ui: '§3.5 store/actorList.js',
    method: 'POST',
    url: '/api/actor/toggle',
    body: (ids) => ({ actor_id: ids.ann, list: 'favourite' }),
    reads: [],
  },
  {
    ui: '§3.6 ActorDetails.vue',
    method: 'POST',
    url: '/api/actor/rate/{ann}',
    body: () => ({ rating: 4 }),
    reads: [],
  },
  {
    ui: '§3.11 ActorDetails.vue, EditActor.vue',
    method: 'GET',
    url: '/api/actor/countrylist',
    reads: ['[]', '[].code', '[].name', '[].flag_url'],
    keep: (answer, ids) => {
      // EditActor.vue offers these names and sends the one picked.
      const countries = answer as { code: string; name: string }[];
      ids.country = countries.find((country) => country.code === 'CZ')?.name ?? '';
    },
  },
  {
    ui: '§4.1 ActorDetails.vue',
    method: 'POST',
    url: '/api/aka/create',
    body: () => ({ actorList: ['Wire Ann', 'Wire Bea'] }),
    reads: GROUP_ANSWER,
    keep: (answer, ids) => {
      ids.akaName = (answer as { akas: { aka_actor: { name: string } } }).akas.aka_actor.name;
    },
  },
  {
    ui: '§3.12 ActorDetails.vue',
    method: 'GET',
    url: '/api/actor/akas/{ann}',
    reads: [
      'aka_groups?[]',
      'actors[]',
      'possible_akas?[]',
      ...under('aka_groups?[].', ACTOR_READS),
      ...under('actors[].', ACTOR_READS),
      ...under('possible_akas?[].', ACTOR_READS),
    ],
  },
  {
    ui: '§4.1 actors/Filters.vue',
    method: 'POST',
    url: '/api/aka/add',
    body: (ids) => ({ actorList: [ids.akaName, 'Wire Cleo'] }),
    reads: GROUP_ANSWER,
  },
  {
    ui: '§4.1 actors/Filters.vue',
    method: 'POST',
    url: '/api/aka/remove',
    body: () => ({ actorList: ['aka:Wire Ann,Wire Bea,Wire Cleo', 'Wire Cleo'] }),
    reads: ['status'],
  },
  {
    ui: '§3.12 ActorDetails.vue',
    method: 'GET',
    url: '/api/actor/colleagues/{ann}',
    reads: ['[]', ...under('[].', ACTOR_READS)],
  },
  {
    ui: '§3.8 EditActor.vue (a bare array)',
    method: 'POST',
    url: '/api/actor/edit_extrefs/{ann}',
    body: () => [
      'https://stashdb.org/performers/0b7c7b39-0000-4000-8000-00000000aaaa',
      'https://www.example.com/model/x',
    ],
    reads: ['[]', '[].external_source', '[].external_reference.external_url'],
  },
  {
    ui: '§3.13 ActorDetails.vue, EditActor.vue',
    method: 'GET',
    url: '/api/actor/extrefs/{ann}',
    reads: [
      '[]',
      '[].external_source',
      '[].external_reference.external_url',
      '[].external_reference.external_date',
    ],
  },
  {
    ui: '§3.10 ActorDetails.vue',
    method: 'POST',
    url: '/api/actor/setimage',
    body: (ids) => ({ actor_id: ids.ann, url: 'https://images.test/ann.jpg' }),
    reads: ACTOR_READS,
  },
  {
    ui: '§3.10 ActorDetails.vue (JSON body on DELETE)',
    method: 'DELETE',
    url: '/api/actor/delimage',
    body: (ids) => ({ actor_id: ids.ann, url: 'https://images.test/ann.jpg' }),
    reads: ACTOR_READS,
    keep: (answer, ids) => {
      ids.annJson = JSON.stringify(answer);
    },
  },
  {
    ui: '§3.7 EditActor.vue (the whole actor spread)',
    method: 'POST',
    url: '/api/actor/edit/{ann}',
    body: (ids) =>
      actorEditBody(JSON.parse(String(ids.annJson)) as Record<string, unknown>, String(ids.country)),
    reads: ['id', 'name'],
  },
  {
    ui: '§3.4 EditActor.vue (an actor with no facts)',
    method: 'GET',
    url: '/api/actor/{bea}',
    reads: ACTOR_READS,
    keep: (answer, ids) => {
      ids.beaJson = JSON.stringify(answer);
    },
  },
  {
    ui: '§3.7 EditActor.vue (no birth date, no measurements, zero sizes)',
    method: 'POST',
    url: '/api/actor/edit/{bea}',
    body: (ids) => ({
      ...(JSON.parse(String(ids.beaJson)) as Record<string, unknown>),
      birth_date: null,
      imageArray: [],
      aliasArray: [],
      tattooArray: [],
      piercingArray: [],
      urlArray: [],
      measurements: '0-0-0',
      feet: 0,
      inches: 0,
      lbs: 0,
    }),
    reads: ['id', 'name'],
  },
  {
    ui: '§4.2 scenes/Filters.vue',
    method: 'POST',
    url: '/api/tag_group/create',
    body: () => ({ name: 'Wire Group', tagList: ['wire tag'] }),
    reads: TAG_GROUP_ANSWER,
  },
  {
    ui: '§4.2 scenes/Filters.vue',
    method: 'POST',
    url: '/api/tag_group/add',
    body: () => ({ tagList: ['tag group:Wire Group', 'pov'] }),
    reads: ['status'],
  },
  {
    ui: '§4.2 scenes/Filters.vue',
    method: 'POST',
    url: '/api/tag_group/remove',
    body: () => ({ tagList: ['tag group:Wire Group', 'pov'] }),
    reads: ['status'],
  },
  {
    ui: '§4.2 scenes/Filters.vue',
    method: 'POST',
    url: '/api/tag_group/rename',
    body: () => ({ name: 'Wire Renamed', tagList: ['tag group:Wire Group'] }),
    reads: ['status', 'tag_group.tag_group_tag.name'],
  },
  {
    ui: '§4.2 scenes/Filters.vue (name unencoded)',
    method: 'GET',
    url: '/api/tag_group/tag group:Wire Renamed',
    reads: ['status', 'tag_group.name', 'tag_group.tags[]', 'tag_group.tags[].name'],
  },
  {
    ui: '§4.2 scenes/Filters.vue',
    method: 'POST',
    url: '/api/tag_group/delete',
    body: () => ({ name: 'Wire Renamed' }),
    reads: [],
  },
  {
    ui: '§4.1 actors/Filters.vue',
    method: 'POST',
    url: '/api/aka/delete',
    body: (ids) => ({ name: ids.akaName }),
    reads: [],
  },
  { ui: '§3.9 EditActor.vue', method: 'DELETE', url: '/api/actor/delete/{cleo}', reads: ['id'] },
];
