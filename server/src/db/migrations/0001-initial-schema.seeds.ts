/** Rows the initial schema seeds: the reference system's default saved searches and cuepoint presets. */

const sceneFilter = (sort: string, lists: string[]) => ({
  dlState: 'available',
  cardSize: '1',
  lists,
  isAvailable: true,
  isAccessible: true,
  isHidden: false,
  isWatched: null,
  releaseMonth: '',
  cast: [],
  sites: [],
  tags: [],
  cuepoint: [],
  attributes: [],
  volume: 0,
  sort,
});

const actorFilter = (attributes: string[]) => ({
  dlState: 'any',
  cardSize: '1',
  lists: [],
  cast: [],
  sites: [],
  tags: [],
  attributes,
  jumpTo: '',
  min_age: 0,
  max_age: 100,
  min_height: 120,
  max_height: 220,
  min_weight: 25,
  max_weight: 150,
  min_count: 0,
  max_count: 150,
  min_avail: 0,
  max_avail: 150,
  min_rating: 0,
  max_rating: 5,
  min_scene_rating: 0,
  max_scene_rating: 5,
  sort: 'name_asc',
});

interface PlaylistSeed {
  name: string;
  type: 'scene' | 'actor';
  ordering: number;
  system: 0 | 1;
  deo: 0 | 1;
  params: object;
}

export const SEED_PLAYLISTS: readonly PlaylistSeed[] = [
  {
    name: 'Default',
    type: 'scene',
    ordering: -100,
    system: 1,
    deo: 0,
    params: sceneFilter('release_desc', []),
  },
  { name: 'Recent', type: 'scene', ordering: -49, system: 0, deo: 1, params: sceneFilter('added_desc', []) },
  {
    name: 'Favourite',
    type: 'scene',
    ordering: -48,
    system: 0,
    deo: 1,
    params: sceneFilter('release_desc', ['favourite']),
  },
  {
    name: 'Watchlist',
    type: 'scene',
    ordering: -47,
    system: 0,
    deo: 1,
    params: sceneFilter('release_desc', ['watchlist']),
  },
  { name: 'Default', type: 'actor', ordering: -100, system: 1, deo: 0, params: actorFilter([]) },
  {
    name: 'Possible Aka',
    type: 'actor',
    ordering: -99,
    system: 0,
    deo: 0,
    params: actorFilter(['Possible Aka']),
  },
];

export const SEED_CUEPOINTS = {
  positions: ['standing', 'sitting', 'laying', 'kneeling'],
  actions: [
    'handjob',
    'blowjob',
    'doggy',
    'cowgirl',
    'revcowgirl',
    'missionary',
    'titfuck',
    'anal',
    'cumshot',
    '69',
    'facesit',
  ],
};
