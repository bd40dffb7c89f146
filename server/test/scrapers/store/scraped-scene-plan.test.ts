import { describe, expect, it } from 'vitest';
import type { SceneRowData } from '../../../src/repositories/scene-write.repository';
import {
  castName,
  changedColumns,
  planNames,
  planSceneColumns,
  sceneLocks,
} from '../../../src/scrapers/store/scraped-scene-plan';
import { scraped } from './writer-fixture';

/* The pure rules of storing a scraped scene (the database side is in scraped-scene-writer.test.ts). */

const NOW = '2025-01-10T12:00:00.000Z';
const noLocks = () => sceneLocks([]);

describe('planNames', () => {
  it('takes the scraped names, ignoring case repeats, and replays the edits in order', () => {
    expect(planNames(['Anna', 'anna', 'Bea'], [], [])).toEqual(['Anna', 'Bea']);
    expect(planNames(['Anna', 'Bea'], [], ['-bea', '+Cleo', '-Cleo', '+Dee'])).toEqual(['Anna', 'Dee']);
  });

  it('keeps the stored names when the scrape has none', () => {
    expect(planNames([], ['Anna'], ['+Bea'])).toEqual(['Anna', 'Bea']);
  });
});

describe('castName', () => {
  it('removes dots and extra spaces', () => {
    expect(castName(' J.  Doe. ')).toBe('J Doe');
  });
});

describe('sceneLocks', () => {
  it('locks the edited columns with their last value, and collects cast, tags and match lists', () => {
    const locks = sceneLocks([
      { scene_id: 'a-1', action_type: 'edit', changed_column: 'title', new_value: 'One' },
      { scene_id: 'a-1', action_type: 'edit', changed_column: 'title', new_value: 'Two' },
      { scene_id: 'a-1', action_type: 'edit', changed_column: 'release_date_text', new_value: '' },
      { scene_id: 'a-1', action_type: 'edit', changed_column: 'tags', new_value: '+x' },
      { scene_id: 'a-1', action_type: 'match', changed_column: 'filenames_arr', new_value: '["a.mp4"]' },
    ]);
    expect([...locks.columns]).toEqual([
      ['title', 'Two'],
      ['release_date', ''],
    ]);
    expect(locks.tags).toEqual(['+x']);
    expect(locks.matches).toEqual([{ action: 'match', names: ['a.mp4'] }]);
    expect(locks.edited).toBe(true);
  });
});

describe('planSceneColumns', () => {
  it('for a new scene with journal edits, takes the journal values as the columns store them', () => {
    const locks = sceneLocks([
      { scene_id: 'testvr-1', action_type: 'edit', changed_column: 'release_date_text', new_value: '' },
      { scene_id: 'testvr-1', action_type: 'edit', changed_column: 'duration', new_value: '90' },
      { scene_id: 'testvr-1', action_type: 'edit', changed_column: 'is_multipart', new_value: 'true' },
    ]);
    const planned = planSceneColumns(scraped('1'), { stored: undefined, locks, subscribed: false, now: NOW });
    expect(planned).toMatchObject({ release_date: null, duration: 90, is_multipart: 1, edits_applied: 1 });
  });

  it('keeps the stored trailer when the scrape has none, and takes type and source together', () => {
    const stored = {
      ...planSceneColumns(scraped('2'), { stored: undefined, locks: noLocks(), subscribed: false, now: NOW }),
    };
    const row = { ...stored, id: 1, scene_id: 'testvr-2' } as unknown as SceneRowData;
    const none = planSceneColumns(scraped('2', { trailerType: '', trailerSrc: 'ignored' }), {
      stored: row,
      locks: noLocks(),
      subscribed: false,
      now: NOW,
    });
    expect(changedColumns(none, row)).toEqual({});
    const other = planSceneColumns(scraped('2', { trailerType: 'deovr', trailerSrc: 'https://x/deovr' }), {
      stored: row,
      locks: noLocks(),
      subscribed: false,
      now: NOW,
    });
    expect(changedColumns(other, row)).toEqual({ trailer_type: 'deovr', trailer_source: 'https://x/deovr' });
  });

  it('ignores a release date that is not YYYY-MM-DD, and repeats of an image', () => {
    const planned = planSceneColumns(
      scraped('3', { released: 'March 5, 2024', covers: ['https://c/1.jpg'], gallery: ['https://c/1.jpg'] }),
      { stored: undefined, locks: noLocks(), subscribed: true, now: NOW },
    );
    expect(planned.release_date).toBeNull();
    expect(JSON.parse(planned.images)).toEqual([{ url: 'https://c/1.jpg', type: 'cover', orientation: '' }]);
    expect(planned.is_subscribed).toBe(1);
  });
});
