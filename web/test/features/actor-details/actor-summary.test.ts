import { describe, expect, it } from 'vitest';
import {
  activeYears,
  actorImages,
  actorUrls,
  ageOn,
  birthDay,
  heightText,
  isScraperUrl,
  jsonStrings,
  measurementsText,
  weightText,
} from '../../../src/features/actor-details/actor-summary';
import { sceneRatingAverage } from '../../../src/features/actor-details/ActorFlagBar';

describe('actor summary', () => {
  it('reads JSON text lists, leaving out blanks and anything not a string list', () => {
    expect(jsonStrings('["a", "", " ", "b"]')).toEqual(['a', 'b']);
    expect(jsonStrings('')).toEqual([]);
    expect(jsonStrings('{"a":1}')).toEqual([]);
    expect(jsonStrings('not json')).toEqual([]);
  });

  it('reads the urls with their type and tells the scraper sources', () => {
    const urls = actorUrls(
      JSON.stringify([
        { url: 'https://vrhush.example/model/a', type: 'vrhush scrape' },
        { url: 'https://social.example/a', type: 'twitter' },
        { url: '', type: 'x' },
        { url: 'https://no-type.example' },
      ]),
    );
    expect(urls).toEqual([
      { url: 'https://vrhush.example/model/a', type: 'vrhush scrape' },
      { url: 'https://social.example/a', type: 'twitter' },
      { url: 'https://no-type.example', type: '' },
    ]);
    expect(urls.filter(isScraperUrl).map((entry) => entry.url)).toEqual(['https://vrhush.example/model/a']);
    expect(actorUrls('')).toEqual([]);
  });

  it('shows image_arr, else the main image alone', () => {
    expect(actorImages({ image_arr: '["a","b"]', image_url: 'b' })).toEqual(['a', 'b']);
    expect(actorImages({ image_arr: '[]', image_url: 'main' })).toEqual(['main']);
    expect(actorImages({ image_arr: '', image_url: '' })).toEqual([]);
  });

  it('gives the birth day and age, nothing for the zero date', () => {
    expect(birthDay('1995-08-01T00:00:00Z')).toBe('1995-08-01');
    expect(birthDay('0001-01-01T00:00:00Z')).toBeNull();
    const today = new Date('2026-07-31T12:00:00Z');
    expect(ageOn('1995-08-01T00:00:00Z', today)).toBe(30);
    expect(ageOn('1995-08-01T00:00:00Z', new Date('2026-08-01T00:00:00Z'))).toBe(31);
    expect(ageOn('0001-01-01T00:00:00Z', today)).toBeNull();
  });

  it('writes the active years, height, weight and measurements (imperial only when asked)', () => {
    expect(activeYears({ start_year: 2015, end_year: 2020 })).toBe('2015-2020');
    expect(activeYears({ start_year: 2015, end_year: 0 })).toBe('2015-');
    expect(activeYears({ start_year: 0, end_year: 0 })).toBe('');
    expect(heightText(170, false)).toBe('170 cm');
    expect(heightText(170, true)).toBe('170 cm · 5\' 7"');
    expect(heightText(0, true)).toBe('');
    expect(weightText(55, false)).toBe('55 kg');
    expect(weightText(55, true)).toBe('55 kg · 121 lb');
    const m = { band_size: 86, cup_size: 'C', waist_size: 61, hip_size: 86 };
    expect(measurementsText(m, false)).toBe('34C-24-34 in · 86-61-86 cm');
    expect(measurementsText(m, true)).toBe('34C-24-34 in');
    // What was typed in inches reads back the same: 34D-24-36 is stored as 86, 61 and 91 cm.
    const typed = { band_size: 86, cup_size: 'D', waist_size: 61, hip_size: 91 };
    expect(measurementsText(typed, true)).toBe('34D-24-36 in');
    expect(measurementsText({ band_size: 0, cup_size: '', waist_size: 61, hip_size: 91 }, false)).toBe(
      '24-36 in · 61-91 cm',
    );
    expect(measurementsText({ band_size: 0, cup_size: 'D', waist_size: 0, hip_size: 0 }, false)).toBe('D');
    expect(measurementsText({ band_size: 0, cup_size: '', waist_size: 0, hip_size: 0 }, true)).toBe('');
  });

  it('reads the scene rating average', () => {
    expect(sceneRatingAverage({ scene_rating_average: '3.75' })).toBe(3.75);
    expect(sceneRatingAverage({ scene_rating_average: '' })).toBeNull();
  });
});
