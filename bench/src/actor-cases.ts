import { ACTOR_SORT_KEYS, type ActorListRequestInput } from '@fovea/contract';
import type { Probes } from './probes';

/**
 * One actor-list request of the mix. `screen` calls are what Fovea's own Actors screen sends (with_scenes
 * false: each actor's `scenes` is [], the cards use the counts) and are held to the list budget; the others
 * are the reference shape (every actor with its scenes), timed for comparison.
 */
export interface ActorListCase {
  name: string;
  screen: boolean;
  body: ActorListRequestInput;
}

/** The Actors screen's request: page size 18 (card size S), name order, no scenes. */
const screen = (rest: ActorListRequestInput = {}): ActorListRequestInput => ({
  sort: 'name_asc',
  offset: 0,
  limit: 18,
  with_scenes: false,
  ...rest,
});

/** The fixed mix of actor-list requests: the default page, every sort, ranges, attributes and jumps. */
export function actorListCases(p: Probes): ActorListCase[] {
  const cases: ActorListCase[] = [];
  const add = (name: string, body: ActorListRequestInput, onScreen = true) =>
    cases.push({ name: `actors ${name}`, screen: onScreen, body: onScreen ? screen(body) : body });

  add('default (name_asc)', {});
  add('default, full form (with scenes)', { sort: 'name_asc', offset: 0, limit: 18 }, false);
  for (const sort of ACTOR_SORT_KEYS) add(`sort ${sort}`, { sort });
  add('name_asc, offset 9000', { offset: 9_000 });
  add('scene_release_desc, offset 5000', { sort: 'scene_release_desc', offset: 5_000 });

  add('jumpTo M', { jumpTo: 'M' });
  add('jumpTo W/X/Y/Z (name_desc)', { jumpTo: 'W/X/Y/Z', sort: 'name_desc' });

  add('range age 25-35', { min_age: 25, max_age: 35 });
  add('range height 160-175', { min_height: 160, max_height: 175 });
  add('range weight 50-60', { min_weight: 50, max_weight: 60 });
  add('range count 20+', { min_count: 20 });
  add('range avail 1-10', { min_avail: 1, max_avail: 10 });
  add('range rating 3+', { min_rating: 3 });
  add('range scene_rating 3-4.5', { min_scene_rating: 3, max_scene_rating: 4.5 });
  add('ranges combined, scene_count_desc', {
    min_age: 20,
    max_age: 40,
    min_height: 150,
    max_height: 180,
    min_count: 5,
    sort: 'scene_count_desc',
  });

  add('lists favourite', { lists: ['favourite'] });
  add('lists watchlist', { lists: ['watchlist'] });
  add('cast popular OR middle', { cast: [p.cast.popular, p.cast.middle] });
  add('cast !popular', { cast: [`!${p.cast.popular}`] });
  add('site popular', { sites: [p.sites.popular] });
  add('site &popular &second', { sites: [`&${p.sites.popular}`, `&${p.sites.second}`] });
  add('site !popular', { sites: [`!${p.sites.popular}`] });

  const attributes: [string, string[]][] = [
    ['Is Favourite', ['Is Favourite']],
    ['Has Rating', ['Has Rating']],
    ['Rating 4', ['Rating 4']],
    ['Has Image', ['Has Image']],
    ['Has Tattoo', ['Has Tattoo']],
    ['Aka Group', ['Aka Group']],
    ['In An Aka Group', ['In An Aka Group']],
    ['Possible Aka', ['Possible Aka']],
    ['Has Stashdb Link', ['Has Stashdb Link']],
    ['No Cup Size', ['No Cup Size']],
    ['Cup Size D', ['Cup Size D']],
    ['Hair Color Blonde OR Red', ['Hair Color Blonde', 'Hair Color Red']],
    ['Nationality Czechia', ['Nationality Czechia']],
    ['&Has Image !Has Rating &Gender Female', ['&Has Image', '!Has Rating', '&Gender Female']],
  ];
  for (const [name, values] of attributes) add(`attributes ${name}`, { attributes: values });
  add('combined: attributes, ranges, site, scene_rating_desc', {
    attributes: ['Has Image', 'Cup Size C', 'Cup Size D'],
    min_age: 21,
    max_height: 175,
    sites: [`!${p.sites.popular}`],
    sort: 'scene_rating_desc',
  });
  return cases;
}
