import { describe, expect, it } from 'vitest';
import { jsonEntries, jsonGet, jsonString, splitPath } from '../../../src/players/trailers/json-path';
import { goRegex, unescapeHtml, withBase } from '../../../src/players/trailers/trailer-extract';
import {
  heightFromQuality,
  parseTrailerScrape,
  trailerConfigKey,
} from '../../../src/players/trailers/trailer-source';

const doc = {
  name: { first: 'Tom', 'a.b': 'dotted' },
  age: 37,
  children: ['Sara', 'Alex', 'Jack'],
  friends: [
    { first: 'Dale', last: 'Murphy', age: 44, nets: ['ig', 'fb'] },
    { first: 'Roger', last: 'Craig', age: 68 },
    { first: 'Jane', last: 'Murphy', age: 47 },
  ],
  sceneAB12: { videos: [{ url: 'u1' }] },
};

describe('json-path (gjson subset)', () => {
  it('keys, indexes, escaped dots and missing paths', () => {
    expect(jsonGet(doc, 'name.first')).toBe('Tom');
    expect(jsonGet(doc, 'name.a\\.b')).toBe('dotted');
    expect(jsonGet(doc, 'children.1')).toBe('Alex');
    expect(jsonGet(doc, 'friends.0.nets.1')).toBe('fb');
    expect(jsonGet(doc, 'children.7')).toBeUndefined();
    expect(jsonGet(doc, 'name.last')).toBeUndefined();
    expect(jsonGet(doc, '')).toBeUndefined();
    expect(jsonGet(doc, 'age.x')).toBeUndefined();
  });

  it('wildcards match the first key in document order', () => {
    expect(jsonGet(doc, 'scene*.videos.0.url')).toBe('u1');
    expect(jsonGet(doc, 'chi?dren.0')).toBe('Sara');
    expect(jsonGet(doc, '*.first')).toBe('Tom');
  });

  it('# counts, #.key maps, #(...) queries', () => {
    expect(jsonGet(doc, 'friends.#')).toBe(3);
    expect(jsonGet(doc, 'friends.#.first')).toEqual(['Dale', 'Roger', 'Jane']);
    expect(jsonGet(doc, 'friends.#.nets')).toEqual([['ig', 'fb']]);
    expect(jsonGet(doc, 'friends.#(last=="Murphy").first')).toBe('Dale');
    expect(jsonGet(doc, 'friends.#(last=="Murphy")#.first')).toEqual(['Dale', 'Jane']);
    expect(jsonGet(doc, 'friends.#(age>45)#.last')).toEqual(['Craig', 'Murphy']);
    expect(jsonGet(doc, 'friends.#(age<=44).first')).toBe('Dale');
    expect(jsonGet(doc, 'friends.#(first%"R*").last')).toBe('Craig');
    expect(jsonGet(doc, 'friends.#(first!%"D*")#.first')).toEqual(['Roger', 'Jane']);
    expect(jsonGet(doc, 'friends.#(nets).first')).toBe('Dale');
    expect(jsonGet(doc, 'friends.#(last=="Nobody").first')).toBeUndefined();
    expect(jsonGet(doc, 'children.#(=="Jack")')).toBe('Jack');
  });

  it('splits on dots outside queries and quotes only', () => {
    expect(splitPath('a.#(b=="x.y").c')).toEqual(['a', '#(b=="x.y")', 'c']);
    expect(splitPath('a\\.b.c')).toEqual(['a\\.b', 'c']);
  });

  it('String() and ForEach like gjson', () => {
    expect(jsonString('x')).toBe('x');
    expect(jsonString(12.5)).toBe('12.5');
    expect(jsonString(true)).toBe('true');
    expect(jsonString(undefined)).toBe('');
    expect(jsonString(null)).toBe('');
    expect(jsonString({ a: 1 })).toBe('{"a":1}');
    expect(jsonEntries(['a', 'b'])).toEqual([
      ['0', 'a'],
      ['1', 'b'],
    ]);
    expect(jsonEntries({ k: 1 })).toEqual([['k', 1]]);
    expect(jsonEntries('solo')).toEqual([['', 'solo']]);
    expect(jsonEntries(undefined)).toEqual([]);
  });
});

describe('trailer source helpers', () => {
  it('the KV key is the core domain plus -trailers', () => {
    expect(trailerConfigKey('https://www.naughtyamerica.com/scene/1')).toBe('naughtyamerica-trailers');
    expect(trailerConfigKey('https://members.adulttime.com/x')).toBe('members.adulttime-trailers');
    expect(trailerConfigKey('http://www.com/')).toBe('www-trailers');
    expect(trailerConfigKey('https://localhost:8080/x')).toBe('localhost-trailers');
    expect(trailerConfigKey('not a url')).toBeNull();
  });

  it('reads a trailer_source: a URL, a JSON scrape (string fields only), or nothing', () => {
    expect(parseTrailerScrape(' https://x.com/a ')?.scene_url).toBe('https://x.com/a');
    const scrape = parseTrailerScrape('{"scene_url":"https://x.com","record_path":"a.b","content_path":7}');
    expect(scrape).toMatchObject({ scene_url: 'https://x.com', record_path: 'a.b', content_path: '' });
    expect(parseTrailerScrape('[1]')).toBeNull();
    expect(parseTrailerScrape('plain words')).toBeNull();
  });

  it('heights from quality labels', () => {
    expect(heightFromQuality('1080p')).toBe(1080);
    expect(heightFromQuality('h265-2880p')).toBe(2880);
    expect(heightFromQuality('4K')).toBe(0);
    expect(heightFromQuality('720pixels')).toBe(0);
    expect(heightFromQuality('Unknown')).toBe(0);
  });

  it('Go regular expressions, base URLs and HTML entities', () => {
    const regex = goRegex('(?i)src="(?P<u>[^"]+)"', true);
    expect([...'SRC="a" src="b"'.matchAll(regex)].map((m) => m.groups?.u)).toEqual(['a', 'b']);
    expect(() => goRegex('(open', false)).toThrow();
    expect(withBase('https://cdn.x/', '/v.mp4')).toBe('https://cdn.x/v.mp4');
    expect(withBase('https://cdn.x', '/v.mp4')).toBe('https://cdn.x/v.mp4');
    expect(withBase('https://cdn.x/', 'https://cdn.x/v.mp4')).toBe('https://cdn.x/v.mp4');
    expect(withBase('https://cdn.x/', '//other/v.mp4')).toBe('//other/v.mp4');
    expect(withBase('', 'v.mp4')).toBe('v.mp4');
    expect(unescapeHtml('a&amp;b &lt;&#39;&#x41;&gt; &unknown;')).toBe("a&b <'A> &unknown;");
  });
});
