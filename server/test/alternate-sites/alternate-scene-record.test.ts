import { describe, expect, it } from 'vitest';
import {
  alternateFacts,
  alternateRecord,
  alternateSiteId,
  withLinkState,
} from '../../src/alternate-sites/alternate-scene-record';
import { emptyScrapedScene } from '../../src/scrapers/scraped-scene';

const scene = {
  ...emptyScrapedScene('mirror'),
  sceneId: 'mirror-7',
  title: 'Quiet Morning',
  site: 'Quiet Studio (Mirror)',
  cast: ['Ada Lane'],
  covers: ['https://img.example/7.jpg'],
  filenames: ['mirror_7.mp4'],
  released: '2026-02-03',
  duration: 33,
  homepageUrl: 'https://mirror.example/scene/7',
  humanScript: true,
  masterSiteId: 'quiet',
};

describe('alternate scene records', () => {
  it('keeps the scene as the reference stores it', () => {
    const record = alternateRecord(scene);
    expect(record).toMatchObject({
      external_source: 'alternate scene mirror',
      external_id: 'mirror-7',
      external_url: 'https://mirror.example/scene/7',
      external_date: '2026-02-03T00:00:00Z',
      udf_bool1: 1,
      udf_bool2: 0,
    });
    const data = JSON.parse(record.external_data) as Record<string, unknown> & {
      scene: Record<string, unknown>;
    };
    expect(data).toMatchObject({ master_site_id: 'quiet', MatchAchieved: -1, query: '' });
    expect(data.scene).toMatchObject({
      title: 'Quiet Morning',
      cast: [{ id: 0, name: 'Ada Lane' }],
      filenames_arr: '["mirror_7.mp4"]',
      cover_url: 'https://img.example/7.jpg',
    });
    expect(alternateSiteId(record.external_source)).toBe('mirror');
    expect(alternateSiteId('stashdb scene')).toBeNull();
  });

  it('keeps the link state of an earlier scrape, and reads the facts back', () => {
    const linked = withLinkState(alternateRecord(scene).external_data, 'title:"quiet morning"', 12);
    const again = JSON.parse(
      alternateRecord({ ...scene, title: 'Quiet Morning (4K)' }, linked).external_data,
    ) as {
      MatchAchieved: number;
      query: string;
    };
    expect(again).toMatchObject({ MatchAchieved: 12, query: 'title:"quiet morning"' });
    expect(alternateFacts(linked)).toEqual({
      masterSiteId: 'quiet',
      facts: {
        title: 'Quiet Morning',
        cast: ['Ada Lane'],
        released: '2026-02-03',
        duration: 33,
        synopsis: '',
      },
    });
    expect(alternateFacts('not json').facts.title).toBe('');
  });
});
