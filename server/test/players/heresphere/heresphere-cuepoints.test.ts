import type { Cuepoint } from '@fovea/contract';
import { describe, expect, it } from 'vitest';
import { cuepointTags, cuepointsFromTags } from '../../../src/players/heresphere/heresphere-cuepoints';

let nextId = 1;
const cue = (
  name: string,
  start: number,
  track: number | null = null,
  end: number | null = null,
): Cuepoint => ({
  id: nextId++,
  track,
  name,
  time_start: start,
  time_end: end,
  rating: 0,
});

const base = { multitrack: false, multitrackCast: false, castNames: [], durationMs: 600_000 };

describe('cuepointTags', () => {
  it('converts simple cuepoints: each ends 1 ms before the next, the last at the end of the video', () => {
    const tags = cuepointTags([cue('standing-blowjob', 30), cue('intro', 0), cue('cowgirl', 95.5)], base);
    expect(tags).toEqual([
      { name: 'intro', start: 0, end: 29_999, track: 0, rating: 0 },
      { name: 'standing-blowjob', start: 30_000, end: 95_499, track: 0, rating: 0 },
      { name: 'cowgirl', start: 95_500, end: 600_000, track: 0, rating: 0 },
    ]);
  });

  it('sends HereSphere cuepoints as they are when the scene has any (simple ones are then left out)', () => {
    const tags = cuepointTags([cue('intro', 0), cue('Kiss', 12, 1, 20), cue('Talk', 2, 0, 8)], base);
    expect(tags).toEqual([
      { name: 'Talk', start: 2000, end: 8000, track: 0, rating: 0 },
      { name: 'Kiss', start: 12_000, end: 20_000, track: 1, rating: 0 },
    ]);
  });

  it('puts positions and actions on tracks of their own with multitrack_cuepoints, merging repeats', () => {
    const tags = cuepointTags([cue('standing-blowjob', 0), cue('standing-handjob', 10), cue('cowgirl', 20)], {
      ...base,
      multitrack: true,
      durationMs: 30_000,
    });
    expect(tags).toEqual([
      { name: 'standing', start: 0, end: 19_999, track: 0, rating: 0 },
      { name: 'cowgirl', start: 20_000, end: 30_000, track: 0, rating: 0 },
      { name: 'blowjob', start: 0, end: 9_999, track: 1, rating: 0 },
      { name: 'handjob', start: 10_000, end: 19_999, track: 1, rating: 0 },
    ]);
  });

  it('moves cast names to a Talent: track per actor with multitrack_cast_cuepoints', () => {
    const options = { ...base, multitrackCast: true, castNames: ['Jane Doe', 'Ann'], durationMs: 20_000 };
    const tags = cuepointTags([cue('cowgirl-jane doe', 0), cue('missionary-Ann', 10)], options);
    expect(tags).toEqual([
      { name: 'cowgirl', start: 0, end: 9_999, track: 0, rating: 0 },
      { name: 'missionary', start: 10_000, end: 20_000, track: 0, rating: 0 },
      { name: 'Talent:Jane Doe', start: 0, end: 9_999, track: 1, rating: 0 },
      { name: 'Talent:Ann', start: 10_000, end: 20_000, track: 2, rating: 0 },
    ]);
    // Without the switch the names stay whole.
    expect(cuepointTags([cue('cowgirl-jane doe', 0)], { ...options, multitrackCast: false })[0]?.name).toBe(
      'cowgirl-jane doe',
    );
  });
});

describe('cuepointsFromTags', () => {
  it('takes unprefixed tags with a start and Talent: tags that do not span the video; renumbers tracks', () => {
    const cuepoints = cuepointsFromTags(
      [
        { name: 'Category:Blonde' },
        { name: 'Talent:Jane' },
        { name: 'Talent:Jane', start: 0, end: 600_000 },
        { name: 'Talent:Ann', start: 5000, end: 9000, track: 7 },
        { name: 'Kiss', start: 1000, end: 4000, track: 3, rating: 4 },
        { name: 'Hold', start: 500, end: 100, track: 3 },
        { name: 'No start' },
        { name: 'Feature:Watchlist', start: 0, end: 10 },
      ],
      600_000,
    );
    expect(cuepoints).toEqual([
      { track: 0, name: 'Hold', time_start: 0.5, time_end: 0.5, rating: 0 },
      { track: 0, name: 'Kiss', time_start: 1, time_end: 4, rating: 4 },
      { track: 1, name: 'Ann', time_start: 5, time_end: 9, rating: 0 },
    ]);
  });

  it('round-trips the tags it sends', () => {
    const sent = cuepointTags([cue('Talk', 2, 0, 8), cue('Kiss', 12, 1, 20)], base);
    expect(cuepointsFromTags(sent, 600_000)).toEqual([
      { track: 0, name: 'Talk', time_start: 2, time_end: 8, rating: 0 },
      { track: 1, name: 'Kiss', time_start: 12, time_end: 20, rating: 0 },
    ]);
  });
});
