import { describe, expect, it } from 'vitest';
import {
  Actor,
  ActorAkasResponse,
  ActorEditBody,
  ActorEditExtrefsBody,
  ActorListRequest,
  ActorToggleBody,
  AkaActorListBody,
  AkaResponse,
  CastActor,
  EditLinkBody,
  MATCH_TYPE_DELETED,
  MATCH_TYPE_MANUAL,
  parseMeasurements,
  TagGroupResponse,
} from '../src';
import { actor, actorEditBodyJson, castActor } from './fixtures/wire-examples';

describe('actor responses', () => {
  it('parses an actor whose nested scenes have null associations', () => {
    const parsed = Actor.parse(actor);
    expect(parsed.scenes[0]?.tags).toBeNull();
    expect(parsed.scenes[0]?.file).toBeNull();
  });

  it('requires scenes to be an array on a listed actor', () => {
    expect(Actor.safeParse({ ...actor, scenes: null }).success).toBe(false);
  });

  it('parses akas answers with null lists', () => {
    const akas = ActorAkasResponse.parse({ aka_groups: null, actors: [castActor], possible_akas: null });
    expect(akas.actors).toHaveLength(1);
  });

  it('parses aka and tag-group answers', () => {
    const aka = {
      id: 1,
      name: 'Ann,Anna',
      aka_actor_id: 50,
      aka_actor: { ...castActor, name: 'aka:Ann,Anna' },
      actors: [castActor],
    };
    expect(AkaResponse.parse({ status: '', akas: aka }).akas.aka_actor.name).toBe('aka:Ann,Anna');
    const tag = { id: 3, scenes: null, name: 'tag group:kink', clean: '', count: 0 };
    const group = { id: 1, name: 'kink', tag_group_tag_id: 3, tag_group_tag: tag, tags: [tag] };
    expect(TagGroupResponse.parse({ status: 'Tag Group Not Found', tag_group: group }).status).not.toBe('');
    expect(CastActor.safeParse({ ...castActor, scenes: [] }).success).toBe(false);
  });
});

describe('actor list request', () => {
  it('fills the wire defaults', () => {
    expect(ActorListRequest.parse({})).toMatchObject({
      sort: 'name_asc',
      limit: 18,
      offset: 0,
      min_age: 0,
      max_age: 100,
      min_height: 120,
      max_height: 220,
      min_weight: 25,
      max_weight: 150,
      max_count: 150,
      max_avail: 150,
      max_rating: 5,
      max_scene_rating: 5,
      jumpTo: '',
    });
  });

  it('parses the reference UI body', () => {
    const body = {
      dlState: 'available',
      cardSize: '2',
      lists: ['watchlist'],
      cast: ['!John Roe'],
      sites: ['&SLR Originals'],
      tags: [],
      attributes: ['!Has Tattoo', 'Cup Size C'],
      jumpTo: 'M',
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
      max_scene_rating: 4.75,
      sort: 'scene_count_desc',
      offset: 36,
      limit: 18,
    };
    expect(ActorListRequest.parse(body).max_scene_rating).toBe(4.75);
    expect(ActorListRequest.parse({ jumpTo: 'Q/R' }).jumpTo).toBe('Q/R');
  });

  it.each([
    ['an unknown sort key', { sort: 'scene_count_asc' }],
    ['a height below the range', { min_height: 100 }],
    ['a rating off the half steps', { min_rating: 1.25 }],
    ['a scene rating off the quarter steps', { max_scene_rating: 4.1 }],
    ['min above max', { min_age: 50, max_age: 30 }],
    ['a negative offset', { offset: -18 }],
    ['a two-letter jump', { jumpTo: 'AB' }],
  ])('rejects %s', (_what, body) => {
    expect(ActorListRequest.safeParse(body).success).toBe(false);
  });
});

describe('actor mutations', () => {
  it('accepts the whole actor plus UI-only keys as an edit body', () => {
    const parsed = ActorEditBody.parse(JSON.parse(actorEditBodyJson));
    expect(parsed.measurements).toBe('34C-24-35');
    expect(parsed['feet']).toBe(5);
    expect(parsed['imageArray']).toEqual(['https://cdn.example.com/jane.jpg']);
  });

  it.each([
    // "34-24-35" has the echo's shape: the server decides it against the stored values.
    ['bad measurements', { measurements: '34C/24/35' }],
    ['a future start year', { start_year: new Date().getFullYear() + 1 }],
    ['a string height', { height: '168' }],
    ['urls that are not a list of {url,type}', { urls: '["https://x.example"]' }],
    ['aliases that are not JSON', { aliases: 'Jana D' }],
    ['a date-only birth date', { birth_date: '1995-04-12' }],
  ])('rejects an edit with %s', (_what, patch) => {
    expect(ActorEditBody.safeParse({ ...JSON.parse(actorEditBodyJson), ...patch }).success).toBe(false);
  });

  it('accepts a cleared birth date and cleared measurements', () => {
    expect(ActorEditBody.safeParse({ birth_date: null, measurements: '' }).success).toBe(true);
  });

  it('converts measurements to cm', () => {
    expect(parseMeasurements('36c-24-36')).toEqual({
      cup_size: 'C',
      band_size: 91,
      waist_size: 61,
      hip_size: 91,
    });
    expect(parseMeasurements('36C-24')).toBeNull();
  });

  it('toggles favourite, watchlist and needs_update only', () => {
    expect(ActorToggleBody.safeParse({ actor_id: 42, list: 'needs_update' }).success).toBe(true);
    expect(ActorToggleBody.safeParse({ actor_id: 42, list: 'wishlist' }).success).toBe(false);
    expect(ActorToggleBody.safeParse({ actor_id: -1, list: 'favourite' }).success).toBe(false);
  });

  it('takes a bare array of http(s) URLs for extrefs', () => {
    expect(ActorEditExtrefsBody.safeParse(['https://stashdb.org/performers/1']).success).toBe(true);
    expect(ActorEditExtrefsBody.safeParse({ urls: [] }).success).toBe(false);
    expect(ActorEditExtrefsBody.safeParse(['javascript:alert(1)']).success).toBe(false);
  });

  it('needs two entries to make an aka group', () => {
    expect(AkaActorListBody.safeParse({ actorList: ['Ann', 'Anna'] }).success).toBe(true);
    expect(AkaActorListBody.safeParse({ actorList: ['Ann'] }).success).toBe(false);
  });
});

describe('extref links', () => {
  const base = {
    external_source: 'alternate scene povr-wankzvr',
    external_id: 'povr-1',
    internal_table: 'scenes',
  };

  it('accepts a relink and a never-link body', () => {
    const relink = {
      ...base,
      internal_db_id: 1001,
      internal_name_id: 'slr-12345',
      match_type: MATCH_TYPE_MANUAL,
    };
    expect(EditLinkBody.safeParse(relink).success).toBe(true);
    const unlink = {
      ...base,
      internal_db_id: 0,
      internal_name_id: 'deleted',
      match_type: MATCH_TYPE_DELETED,
    };
    expect(EditLinkBody.safeParse(unlink).success).toBe(true);
  });

  it('rejects a half-deleted link', () => {
    const body = { ...base, internal_db_id: 1001, internal_name_id: 'slr-12345', match_type: -1 };
    expect(EditLinkBody.safeParse(body).success).toBe(false);
  });
});
