import { StashdbSceneResult } from '@fovea/contract';
import { describe, expect, it } from 'vitest';
import { recognisedCast } from '../../src/services/stashdb-link.service';
import { stashFingerprint } from '../../src/services/stashdb-fingerprint-match.service';
import { nameKeys, parseNameList, simplifyName, studioSearchName } from '../../src/stashdb/stashdb-names';
import {
  RANK_POINTS,
  comparableUrl,
  rankScenes,
  titleSimilarity,
  weighScene,
  type LocalSceneFacts,
} from '../../src/stashdb/stashdb-ranking';
import {
  directLookupId,
  formatDuration,
  stashReleaseDate,
  toSceneResult,
} from '../../src/stashdb/stashdb-scene-result';
import { StashScene } from '../../src/stashdb/stashdb.schemas';
import { stashPerformer, stashScene } from '../helpers/stashdb-server';

const UUID = '3c5d1c2e-6a7b-4c8d-9e0f-1a2b3c4d5e6f';

const facts = (values: Partial<LocalSceneFacts> = {}): LocalSceneFacts => ({
  title: 'Morning Coffee',
  site: 'SLR Originals (SLR)',
  studio: 'SexLikeReal',
  releaseDate: '2024-03-10',
  durationMinutes: 40,
  sceneUrl: 'https://www.sexlikereal.com/scenes/morning-coffee-123',
  cast: [nameKeys(['Jane Doe', 'Janie']), nameKeys(['Ann Other'])],
  ...values,
});

/** A bare candidate: nothing in common with the facts. */
const bare = (values: Partial<ReturnType<typeof stashScene>> = {}) =>
  StashScene.parse(stashScene({ title: 'Zzz', ...values }));

describe('names', () => {
  it('simplifies to lowercase letters and digits, accents dropped', () => {
    expect(simplifyName('Chloé Doe-Smith 2')).toBe('chloedoesmith2');
    expect(simplifyName(' -- ')).toBe('');
    expect(nameKeys(['A B', 'a-b', '', '!'])).toEqual(new Set(['ab']));
  });

  it('reads alias lists leniently', () => {
    expect(parseNameList('["A", 3, "B"]')).toEqual(['A', 'B']);
    expect(parseNameList('not json')).toEqual([]);
    expect(parseNameList('{"a":1}')).toEqual([]);
  });

  it('strips a trailing qualifier from a site name', () => {
    expect(studioSearchName('SLR Originals (SLR)')).toBe('SLR Originals');
    expect(studioSearchName('VRBangers')).toBe('VRBangers');
    expect(studioSearchName('A (b) C')).toBe('A (b) C');
  });
});

describe('direct lookups and result fields', () => {
  it('recognises a StashDB id or scene URL', () => {
    expect(directLookupId(` ${UUID.toUpperCase()} `)).toBe(UUID);
    expect(directLookupId(`https://stashdb.org/scenes/${UUID}`)).toBe(UUID);
    expect(directLookupId(`https://stashdb.org/scenes/${UUID}/edit?x=1`)).toBe(UUID);
    expect(directLookupId(`https://stashdb.org/performers/${UUID}`)).toBeNull();
    expect(directLookupId('morning coffee')).toBeNull();
    expect(directLookupId(`${UUID}0`)).toBeNull();
  });

  it('formats durations and dates', () => {
    expect(formatDuration(3723)).toBe('01:02:03');
    expect(formatDuration(59.6)).toBe('00:01:00');
    expect(formatDuration(0)).toBe('');
    expect(formatDuration(null)).toBe('');
    expect(stashReleaseDate({ release_date: '2024-03-10', date: '2020-01-01' })).toBe('2024-03-10');
    expect(stashReleaseDate({ release_date: null, date: '2020-01-02' })).toBe('2020-01-02');
    expect(stashReleaseDate({ release_date: '2024-03', date: null })).toBe('');
  });

  it('maps a scene to the wire result', () => {
    const jane = stashPerformer('Jane Doe');
    const scene = StashScene.parse(
      stashScene({
        id: UUID,
        title: 'Morning Coffee',
        details: 'Text',
        release_date: '2024-03-10',
        duration: 2400,
        images: [
          { url: 'https://cdn.example.com/1.jpg', width: 1, height: 1 },
          { url: 'https://cdn.example.com/2.jpg', width: 1, height: 1 },
        ],
        studio: { id: 's', name: 'SLR Originals', parent: null },
        performers: [{ as: null, performer: jane }],
      }),
    );
    const result = toSceneResult(scene, 1234.4, 'https://stashdb.org');
    expect(StashdbSceneResult.parse(result)).toEqual({
      Url: `https://stashdb.org/scenes/${UUID}`,
      ImageUrl: 'https://cdn.example.com/1.jpg',
      Performers: [{ Name: 'Jane Doe', Url: `https://stashdb.org/performers/${jane.id}` }],
      Title: 'Morning Coffee',
      Studio: 'SLR Originals',
      Duration: '00:40:00',
      Description: 'Text',
      Weight: 1234,
      Date: '2024-03-10',
      Id: UUID,
    });
    expect(toSceneResult(bare({ title: null }), 0, 'https://x.org')).toMatchObject({
      ImageUrl: '',
      Performers: [],
      Title: '',
      Studio: '',
      Duration: '',
      Description: '',
      Date: '',
    });
  });

  it('pads an OpenSubtitles hash to the 16 digits StashDB stores', () => {
    expect(stashFingerprint('abc123')).toBe('0000000000abc123');
    expect(stashFingerprint('8E245D9679D31E12')).toBe('8e245d9679d31e12');
  });
});

describe('weighing a candidate', () => {
  it('scores title similarity from 0 to 1, ignoring case and punctuation', () => {
    expect(titleSimilarity('Morning Coffee!', 'morning coffee')).toBe(1);
    expect(titleSimilarity('Morning Coffee', 'Afternoon Tea')).toBeLessThan(0.3);
    const close = titleSimilarity('Morning Coffee', 'Morning Coffee Part 2');
    expect(close).toBeGreaterThan(0.7);
    expect(close).toBeLessThan(1);
    expect(titleSimilarity('', 'x')).toBe(0);
  });

  it('compares URLs without scheme, www, fragment and trailing slash', () => {
    expect(comparableUrl('HTTPS://www.Site.com/a/b/#top')).toBe('site.com/a/b');
    expect(comparableUrl('http://site.com/a/b')).toBe('site.com/a/b');
  });

  it('adds each agreement', () => {
    const local = facts();
    expect(weighScene(bare(), local, '')).toBe(0);
    expect(weighScene(bare({ title: 'Morning Coffee' }), local, '')).toBe(RANK_POINTS.title);
    expect(weighScene(bare({ title: 'Evening Tea' }), local, 'evening tea')).toBe(RANK_POINTS.title);
    expect(weighScene(bare({ release_date: '2024-03-10' }), local, '')).toBe(RANK_POINTS.sameDate);
    expect(weighScene(bare({ date: '2024-03-12' }), local, '')).toBe(RANK_POINTS.nearDate);
    expect(weighScene(bare({ release_date: '2024-03-20' }), local, '')).toBe(RANK_POINTS.closeDate);
    expect(weighScene(bare({ release_date: '2024-05-20' }), local, '')).toBe(0);
    expect(weighScene(bare({ duration: 40 * 60 + 50 }), local, '')).toBe(RANK_POINTS.duration);
    expect(weighScene(bare({ duration: 42 * 60 }), local, '')).toBe(0);
    const studio = (name: string, parent: string | null = null) => ({
      id: 's',
      name,
      parent: parent === null ? null : { id: 'p', name: parent },
    });
    expect(weighScene(bare({ studio: studio('SLR Originals') }), local, '')).toBe(RANK_POINTS.sameStudio);
    expect(weighScene(bare({ studio: studio('Other', 'SexLikeReal') }), local, '')).toBe(
      RANK_POINTS.sameStudio,
    );
    const cast = [
      { as: null, performer: stashPerformer('Janie') },
      { as: 'Ann Other', performer: stashPerformer('Someone Else') },
      { as: null, performer: stashPerformer('Jane Doe', { aliases: ['Janie'] }) },
    ];
    expect(weighScene(bare({ performers: cast }), local, '')).toBe(2 * RANK_POINTS.performer);
    const url = { url: 'http://sexlikereal.com/scenes/morning-coffee-123/', site: { id: 'x', name: 'SLR' } };
    expect(weighScene(bare({ urls: [url] }), local, '')).toBe(RANK_POINTS.sameUrl);
    expect(weighScene(bare({ urls: [url] }), facts({ sceneUrl: '' }), '')).toBe(0);
  });

  it('ranks heaviest first, then newest, drops deleted scenes and keeps the limit', () => {
    const local = facts();
    const exact = bare({ id: 'a', title: 'Morning Coffee', release_date: '2024-03-10' });
    const older = bare({ id: 'b', title: 'Zzz', release_date: '2020-01-01' });
    const newer = bare({ id: 'c', title: 'Zzz', release_date: '2023-01-01' });
    const deleted = bare({ id: 'd', title: 'Morning Coffee', deleted: true });
    const ranked = rankScenes([older, exact, deleted, newer], local, '');
    expect(ranked.map((entry) => entry.scene.id)).toEqual(['a', 'c', 'b']);
    expect(ranked[0]?.weight).toBe(RANK_POINTS.title + RANK_POINTS.sameDate);
    expect(rankScenes([older, exact, newer], local, '', 2)).toHaveLength(2);
  });
});

describe('recognising the cast', () => {
  it('pairs performers with actors by simplified name, alias or appearance name', () => {
    const jane = stashPerformer('Jane Doe');
    const ann = stashPerformer('Anna Other', { aliases: ['Ann Other'] });
    const chloe = stashPerformer('Someone', { aliases: [] });
    const stranger = stashPerformer('Stranger');
    const scene = StashScene.parse(
      stashScene({
        performers: [
          { as: null, performer: jane },
          { as: null, performer: ann },
          { as: 'Chloé', performer: chloe },
          { as: null, performer: stranger },
          { as: null, performer: jane },
        ],
      }),
    );
    const cast = [
      { id: 1, name: 'jane-doe', aliases: '[]' },
      { id: 2, name: 'Ann', aliases: '["Ann Other"]' },
      { id: 3, name: 'Chloe', aliases: 'broken' },
      { id: 4, name: 'Nobody', aliases: '[]' },
    ];
    const links = recognisedCast(scene, cast, 'https://stashdb.org');
    expect(links.map((link) => [link.performer.external_id, link.actor.id])).toEqual([
      [jane.id, 1],
      [ann.id, 2],
      [chloe.id, 3],
    ]);
    expect(links[0]?.performer).toEqual({
      external_id: jane.id,
      external_url: `https://stashdb.org/performers/${jane.id}`,
      external_date: null,
      external_data: expect.any(String),
    });
    expect(JSON.parse(links[0]?.performer.external_data ?? '')).toEqual(jane);
  });
});
