import { SCENE_SORT_KEYS, SceneDlState, type SceneListRequestInput } from '@fovea/contract';
import type { Probes } from './probes';

/** One scene-list request of the mix. */
export interface ListCase {
  name: string;
  body: SceneListRequestInput;
}

/** One GET of the mix; `path` takes the sample number so calls can vary (scene ids). */
export interface GetCase {
  name: string;
  /** `actors-full`: actor calls in the reference shape (with scenes), reported without a budget. */
  group: 'filters' | 'search' | 'scene' | 'actors-full';
  path: (sample: number) => string;
}

/** What the list UI sends for a download-state tab (DL_STATE_FLAGS), plus the rest of the filter. */
function request(dlState: SceneListRequestInput['dlState'], rest: SceneListRequestInput = {}) {
  const flags = {
    any: { isAvailable: null, isAccessible: null },
    available: { isAvailable: true, isAccessible: true },
    downloaded: { isAvailable: true, isAccessible: null },
    missing: { isAvailable: false, isAccessible: null },
    hidden: { isAvailable: null, isAccessible: null },
  }[dlState ?? 'available'];
  return { dlState, ...flags, limit: 80, offset: 0, sort: 'release_desc' as const, ...rest };
}

/** The default view of the scenes page (the available tab, newest first). */
export const defaultView = (): SceneListRequestInput => request('available');

/** The fixed mix of scene-list requests (design §7: every filter and sort, deep offsets, counts included). */
export function listCases(p: Probes): ListCase[] {
  const cases: ListCase[] = [];
  const add = (name: string, body: SceneListRequestInput) => cases.push({ name, body });

  add('default view (available, release_desc)', defaultView());
  for (const sort of SCENE_SORT_KEYS) add(`sort ${sort} (any)`, request('any', { sort }));
  for (const dlState of SceneDlState.options) add(`dlState ${dlState}`, request(dlState));
  for (const list of ['favourite', 'watchlist', 'wishlist', 'scripted'] as const) {
    add(`lists ${list} (any)`, request('any', { lists: [list] }));
  }
  add('lists favourite+watchlist (any)', request('any', { lists: ['favourite', 'watchlist'] }));
  add('isWatched true (any)', request('any', { isWatched: true }));
  add('isWatched false', request('available', { isWatched: false }));
  add(`releaseMonth ${p.releaseMonth} (any)`, request('any', { releaseMonth: p.releaseMonth }));
  add('volume 1 (downloaded)', request('downloaded', { volume: 1 }));
  add('volume 2 (any)', request('any', { volume: 2 }));

  add('cast popular (any)', request('any', { cast: [p.cast.popular] }));
  add('cast rare (any)', request('any', { cast: [p.cast.rare] }));
  add('cast popular OR middle (any)', request('any', { cast: [p.cast.popular, p.cast.middle] }));
  add('cast &popular &second (any)', request('any', { cast: [`&${p.cast.popular}`, `&${p.cast.second}`] }));
  add('cast !popular (any)', request('any', { cast: [`!${p.cast.popular}`] }));
  if (p.cast.aka) add('cast aka group (any)', request('any', { cast: [p.cast.aka] }));

  add('tag popular (any)', request('any', { tags: [p.tags.popular] }));
  add('tag popular (available)', request('available', { tags: [p.tags.popular] }));
  add('tag rare (any)', request('any', { tags: [p.tags.rare] }));
  add('tag middle OR rare (any)', request('any', { tags: [p.tags.middle, p.tags.rare] }));
  add('tag &popular &second (any)', request('any', { tags: [`&${p.tags.popular}`, `&${p.tags.second}`] }));
  add('tag &popular &middle (any)', request('any', { tags: [`&${p.tags.popular}`, `&${p.tags.middle}`] }));
  add('tag !popular (any)', request('any', { tags: [`!${p.tags.popular}`] }));
  add('tag !popular (available)', request('available', { tags: [`!${p.tags.popular}`] }));
  if (p.tags.group) add('tag group (any)', request('any', { tags: [p.tags.group] }));

  add('site popular (any)', request('any', { sites: [p.sites.popular] }));
  add('site rare (any)', request('any', { sites: [p.sites.rare] }));
  add('site two (any)', request('any', { sites: [p.sites.popular, p.sites.second] }));
  add('site !popular (any)', request('any', { sites: [`!${p.sites.popular}`] }));

  add('cuepoint plain "blowjob" (any)', request('any', { cuepoint: ['blowjob'] }));
  add('cuepoint "standing*" (any)', request('any', { cuepoint: ['standing*'] }));
  add('cuepoint exact quoted (any)', request('any', { cuepoint: ['"standing-blowjob"'] }));
  add('cuepoint &* (any)', request('any', { cuepoint: ['&*'] }));
  add('cuepoint !* (any)', request('any', { cuepoint: ['!*'] }));

  // Lists longer than a few entries are matched as sets from one JSON parameter (issue 19).
  const padded = (count: number, first: string[]) =>
    Array.from({ length: count }, (_, index) => first[index] ?? `no such entry ${index}`);
  add('site 20 of them (any)', request('any', { sites: padded(20, [p.sites.popular, p.sites.second]) }));
  add('cuepoint 20 values (any)', request('any', { cuepoint: padded(20, ['blowjob', 'standing*']) }));
  add('tag 20 excluded (any)', request('any', { tags: padded(20, [p.tags.popular]).map((t) => `!${t}`) }));

  const attributes: [string, string[]][] = [
    ['Is Favourite', ['Is Favourite']],
    ['Has Cuepoints', ['Has Cuepoints']],
    ['Has HSP Cuepoints', ['Has HSP Cuepoints']],
    ['Multiple Video Files', ['Multiple Video Files']],
    ['Cast 3', ['Cast 3']],
    ['No Actor/Cast', ['No Actor/Cast']],
    ['Rating 4', ['Rating 4']],
    ['Resolution 8K', ['Resolution 8K']],
    ['Frame Rate 60 fps', ['Frame Rate 60 fps']],
    ['Codec hevc', ['Codec hevc']],
    ['Projection Fisheye', ['Projection Fisheye']],
    ['FOV: 190°', ['FOV: 190°']],
    ['Side by Side', ['Side by Side']],
    ['Has B Cup Size', ['Has B Cup Size']],
    ['Has Favourite Actor', ['Has Favourite Actor']],
    ['POVR Scraper', ['POVR Scraper']],
    ['Stashdb Linked', ['Stashdb Linked']],
    ['Available from Alternate Sites', ['Available from Alternate Sites']],
    ['Has Script Download', ['Has Script Download']],
    ['8K OR 7K OR Codec av1', ['Resolution 8K', 'Resolution 7K', 'Codec av1']],
    ['&Has Rating !Is Scripted', ['&Has Rating', '!Is Scripted']],
  ];
  for (const [name, values] of attributes)
    add(`attributes ${name} (any)`, request('any', { attributes: values }));
  add('attributes Resolution 8K (available)', request('available', { attributes: ['Resolution 8K'] }));

  add('random, offset 0 (any)', request('any', { sort: 'random' }));
  add('random, offset 40000 (any)', request('any', { sort: 'random', offset: 40_000 }));
  add('release_desc, offset 40000 (any)', request('any', { offset: 40_000 }));
  add('title_asc, offset 40000 (any)', request('any', { sort: 'title_asc', offset: 40_000 }));
  add('random, offset 5000 (available)', request('available', { sort: 'random', offset: 5_000 }));

  if (p.savedSearch) {
    add('saved search text (combined)', { ...(JSON.parse(p.savedSearch) as object), limit: 80, offset: 0 });
  }
  add(
    'combined: tags, cast, site, attrs, month',
    request('any', {
      tags: [p.tags.popular, p.tags.second, `!${p.tags.middle}`],
      cast: [`!${p.cast.popular}`],
      sites: [`!${p.sites.popular}`],
      attributes: ['Has Rating', '&Resolution 8K'],
      lists: ['watchlist'],
      sort: 'rating_desc',
    }),
  );
  return cases;
}

/** GET calls: the filter options, quick-find searches and scene details. */
export function getCases(p: Probes): GetCase[] {
  const word = p.title.split(' ')[0] ?? 'sunset';
  const phrase = p.title.split(' ').slice(0, 2).join(' ');
  const search = (name: string, q: string): GetCase => ({
    name: `search ${name}`,
    group: 'search',
    path: () => `/api/scene/search?q=${encodeURIComponent(q)}`,
  });
  return [
    { name: 'filters', group: 'filters', path: () => '/api/scene/filters' },
    { name: 'actor filters', group: 'filters', path: () => '/api/actor/filters' },
    { name: 'actor countrylist', group: 'filters', path: () => '/api/actor/countrylist' },
    search('word', word.toLowerCase()),
    search('two words', 'sunset picnic'),
    search('phrase', `"${phrase}"`),
    search('title:', `+title:${word.toLowerCase()}`),
    search('cast:', `cast:"${p.castName}"`),
    search('site:', `+site:${p.sites.popular.split(' ')[0] ?? ''}`),
    search('id:', `+id:${p.sceneId}`),
    search('duration range', 'sunset duration:>=30 duration:<=40'),
    search('released range', 'released:>="2024-01-01" released:<="2024-01-31"'),
    search('URL', p.sceneUrl),
    search('filename', p.filename),
    {
      name: 'actor get (with scenes)',
      group: 'actors-full',
      path: (sample) => `/api/actor/${p.actorIds[sample % p.actorIds.length] ?? 1}`,
    },
    {
      name: 'scene get',
      group: 'scene',
      path: (sample) => `/api/scene/${p.sceneIds[sample % p.sceneIds.length] ?? 1}`,
    },
  ];
}
