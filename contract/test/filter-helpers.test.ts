import { describe, expect, it } from 'vitest';
import {
  ActorFilterState,
  addFilterEntry,
  base64Decode,
  base64Encode,
  cycleActorFilterEntry,
  cycleEntryAt,
  cycleSceneFilterEntry,
  decodeFilterQuery,
  encodeFilterQuery,
  removeFilterEntry,
  SceneFilterState,
  splitFilterEntry,
  THREE_WAY_CYCLE,
} from '../src';

const clicks = (start: string, step: (entry: string) => string, n: number) => {
  const seen = [start];
  for (let i = 0; i < n; i++) seen.push(step(seen[seen.length - 1] ?? ''));
  return seen;
};

describe('filter cycling', () => {
  it('cycles scene cast, tags, cuepoints and attributes include -> & -> ! -> include', () => {
    for (const field of ['cast', 'tags', 'cuepoint', 'attributes'] as const) {
      expect(clicks('Jane', (e) => cycleSceneFilterEntry(field, e), 3)).toEqual([
        'Jane',
        '&Jane',
        '!Jane',
        'Jane',
      ]);
    }
  });

  it('toggles scene sites between include and exclude', () => {
    expect(clicks('WankzVR', (e) => cycleSceneFilterEntry('sites', e), 2)).toEqual([
      'WankzVR',
      '!WankzVR',
      'WankzVR',
    ]);
    expect(cycleSceneFilterEntry('sites', '&WankzVR')).toBe('WankzVR');
  });

  it('toggles actor cast two ways and cycles actor sites and attributes three ways', () => {
    expect(clicks('Jane', (e) => cycleActorFilterEntry('cast', e), 2)).toEqual(['Jane', '!Jane', 'Jane']);
    expect(clicks('Has Tattoo', (e) => cycleActorFilterEntry('attributes', e), 3)).toEqual([
      'Has Tattoo',
      '&Has Tattoo',
      '!Has Tattoo',
      'Has Tattoo',
    ]);
    expect(cycleActorFilterEntry('sites', '&SLR')).toBe('!SLR');
  });

  it('keeps names that contain prefix characters after the first', () => {
    expect(splitFilterEntry('!&Co')).toEqual({ mode: 'exclude', name: '&Co' });
    expect(cycleSceneFilterEntry('tags', '!&Co')).toBe('&Co');
  });

  it('cycles one entry of a list without touching the others', () => {
    const list = ['a', '&b', '!c'];
    expect(cycleEntryAt(list, 1, THREE_WAY_CYCLE)).toEqual(['a', '!b', '!c']);
    expect(cycleEntryAt(list, 5, THREE_WAY_CYCLE)).toEqual(list);
    expect(list).toEqual(['a', '&b', '!c']);
  });

  it('adds a name once, whatever mode it already has, and removes every mode', () => {
    expect(addFilterEntry(['!Jane'], 'Jane')).toEqual(['!Jane']);
    expect(addFilterEntry(['Ann'], 'Jane')).toEqual(['Ann', 'Jane']);
    expect(removeFilterEntry(['!Jane', 'Ann', '&Jane'], 'Jane')).toEqual(['Ann']);
  });
});

describe('q route parameter', () => {
  const state = {
    dlState: 'available',
    cast: ['&Zoë Ñuñez', '!Дарья', '美咲'],
    tags: ['tag group:kink'],
    sites: ['!WankzVR'],
    attributes: ['FOV: 180°'],
    sort: 'release_desc',
  };

  it('round-trips a filter state with non-ASCII names', () => {
    const q = encodeFilterQuery(state);
    expect(q).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(decodeFilterQuery(q)).toEqual(state);
  });

  it('matches the reference encoding (base64 of the UTF-8 bytes)', () => {
    // btoa(unescape(encodeURIComponent('{"cast":["Zoë"]}')))
    expect(encodeFilterQuery({ cast: ['Zoë'] })).toBe('eyJjYXN0IjpbIlpvw6siXX0=');
    expect(decodeFilterQuery('eyJjYXN0IjpbIlpvw6siXX0=')).toEqual({ cast: ['Zoë'] });
  });

  it('tolerates missing padding, URL-safe characters and "+" turned into a space', () => {
    const q = encodeFilterQuery({ s: '>>>???' });
    expect(q).toContain('+');
    expect(decodeFilterQuery(q.replace(/=+$/, ''))).toEqual({ s: '>>>???' });
    expect(decodeFilterQuery(q.replace(/\+/g, '-').replace(/\//g, '_'))).toEqual({ s: '>>>???' });
    expect(decodeFilterQuery(q.replace(/\+/g, ' '))).toEqual({ s: '>>>???' });
  });

  it.each([
    ['an empty string', ''],
    ['characters outside base64', 'not base64!'],
    ['a truncated quantum', 'eyJjY'],
    ['base64 of text that is not JSON', base64Encode([...'hello'].map((c) => c.charCodeAt(0)))],
    ['base64 of invalid UTF-8', base64Encode([0x7b, 0xff, 0xfe, 0x7d])],
    ['base64 of a JSON array', encodeFilterQuery([1, 2])],
    ['base64 of JSON null', encodeFilterQuery(null)],
  ])('returns null for %s', (_what, q) => {
    expect(decodeFilterQuery(q)).toBeNull();
  });

  it('validates against a schema and fills defaults', () => {
    const q = encodeFilterQuery({ cast: ['Jane'] });
    expect(decodeFilterQuery(q, SceneFilterState)?.sort).toBe('release_desc');
    expect(decodeFilterQuery(q, ActorFilterState)?.sort).toBe('name_asc');
    expect(decodeFilterQuery(encodeFilterQuery({ sort: 'nonsense' }), SceneFilterState)).toBeNull();
  });

  it('round-trips arbitrary bytes through base64', () => {
    const bytes = Array.from({ length: 256 }, (_, i) => i);
    for (let n = 0; n <= 5; n++)
      expect(base64Decode(base64Encode(bytes.slice(0, 250 + n)))).toEqual(bytes.slice(0, 250 + n));
  });
});
