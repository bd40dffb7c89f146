/** TanStack Query keys, one place for every domain, so features can invalidate each other's data. */
export const optionsKeys = {
  all: ['options'] as const,
  state: ['options', 'state'] as const,
  storage: ['options', 'storage'] as const,
  versionCheck: ['options', 'version-check'] as const,
  /** GET /api/options/funscripts/count. */
  funscriptCount: ['options', 'funscripts', 'count'] as const,
};

export const libraryKeys = {
  summary: ['library', 'summary'] as const,
};

export const filesKeys = {
  all: ['files'] as const,
  page: (request: object) => ['files', 'page', request] as const,
};

export const sceneSearchKeys = {
  all: ['scene-search'] as const,
  query: (q: string) => ['scene-search', q] as const,
};

export const sceneKeys = {
  all: ['scenes'] as const,
  /** Infinite pages of POST /api/scene/list for one request (without offset/limit). */
  list: (request: object) => ['scenes', 'list', request] as const,
  lists: ['scenes', 'list'] as const,
  filters: ['scenes', 'filters'] as const,
  /** GET /api/scene/{id}, by numeric id. */
  detail: (id: number) => ['scenes', 'detail', id] as const,
  details: ['scenes', 'detail'] as const,
  alternateSources: (id: number) => ['scenes', 'alternate-sources', id] as const,
  searchFields: (id: number) => ['scenes', 'search-fields', id] as const,
  cuepointOptions: ['scenes', 'cuepoint-options'] as const,
};

export const stashdbKeys = {
  all: ['stashdb'] as const,
  /** GET /api/extref/stashdb/search/{id}?q= for one scene and search text. */
  sceneSearch: (sceneId: number, q: string) => ['stashdb', 'scene-search', sceneId, q] as const,
  /** GET /api/extref/stashdb/searchactor/{id}?q= for one actor and search text. */
  actorSearch: (actorId: number, q: string) => ['stashdb', 'actor-search', actorId, q] as const,
};

export const playlistKeys = {
  all: ['playlists'] as const,
  scene: ['playlists', 'scene'] as const,
  actor: ['playlists', 'actor'] as const,
};

export const actorKeys = {
  all: ['actors'] as const,
  /** Every loaded page of POST /api/actor/list starts with this prefix. */
  lists: ['actors', 'list'] as const,
  /** Every page of POST /api/actor/list for one request (without offset, limit and jumpTo). */
  list: (request: object) => ['actors', 'list', request] as const,
  /** One page of POST /api/actor/list: a request (without offset, limit and jumpTo) at an offset. */
  page: (request: object, offset: number, limit: number) =>
    ['actors', 'list', request, offset, limit] as const,
  /** GET /api/actor/filters: the sidebar's choices. */
  filters: ['actors', 'filters'] as const,
  /** GET /api/actor/{id}, by numeric id. */
  detail: (id: number) => ['actors', 'detail', id] as const,
  details: ['actors', 'detail'] as const,
  akas: (id: number) => ['actors', 'akas', id] as const,
  colleagues: (id: number) => ['actors', 'colleagues', id] as const,
  allColleagues: ['actors', 'colleagues'] as const,
  extrefs: (id: number) => ['actors', 'extrefs', id] as const,
  /** GET /api/actor/countrylist: every country with its flag. */
  countries: ['actors', 'countries'] as const,
};

export const authKeys = {
  all: ['auth'] as const,
  /** GET /api/auth/status: whether a login is set and this browser has a session. */
  status: ['auth', 'status'] as const,
  /** GET /api/auth/api-keys. */
  apiKeys: ['auth', 'api-keys'] as const,
};
