import { SceneFilterState, decodeFilterQuery, encodeFilterQuery } from '@fovea/contract';
import type { AlternateSourceItem } from '@fovea/contract';
import { describe, expect, it } from 'vitest';
import {
  chipFilter,
  currentSceneFilter,
  sceneListHash,
  sceneListUrl,
} from '../../../src/features/scene-details/scene-list-links';
import {
  ageAtRelease,
  alternateSceneData,
  alternateSceneSummary,
  galleryImages,
  releaseDay,
  scenePageUrl,
  sortedTags,
} from '../../../src/features/scene-details/scene-summary';
import { fileFacts, filesVideoFirst } from '../../../src/features/scene-details/scene-files';
import { detailsFile } from './details-fixtures';

describe('scene page link', () => {
  it('links a real page and not the made-up page of a custom scene', () => {
    const page = (scene_url: string) => scenePageUrl({ scene_url, scene_id: 'Custom-20240101000000' });
    expect(page('https://site.example/scene/12')).toBe('https://site.example/scene/12');
    expect(page(' https://site.example/scene/12 ')).toBe('https://site.example/scene/12');
    expect(page('http://localhost/Custom-20240101000000')).toBe('');
    expect(page('')).toBe('');
    expect(page('http://localhost/another-scene')).toBe('http://localhost/another-scene');
  });
});

describe('gallery images', () => {
  it('reads the images JSON text in order, skipping entries without a URL', () => {
    const images = JSON.stringify([
      { url: 'https://cdn/a.jpg', type: 'cover', orientation: 'landscape' },
      { url: '', type: 'gallery' },
      null,
      { url: 'https://cdn/b.jpg', type: 'gallery' },
    ]);
    expect(galleryImages({ images, cover_url: 'https://cdn/cover.jpg' }).map((i) => i.url)).toEqual([
      'https://cdn/a.jpg',
      'https://cdn/b.jpg',
    ]);
  });

  it('falls back to the cover for "null", invalid or empty images, and to nothing without a cover', () => {
    for (const images of ['null', '', 'not json', '[]']) {
      expect(galleryImages({ images, cover_url: 'https://cdn/cover.jpg' })).toEqual([
        { url: 'https://cdn/cover.jpg', type: 'cover' },
      ]);
    }
    expect(galleryImages({ images: 'null', cover_url: '' })).toEqual([]);
  });
});

describe('age in the scene', () => {
  it('counts whole years up to the release date', () => {
    expect(ageAtRelease('1990-06-15T00:00:00Z', '2020-06-14T00:00:00Z')).toBe(29);
    expect(ageAtRelease('1990-06-15T00:00:00Z', '2020-06-15T00:00:00Z')).toBe(30);
    expect(ageAtRelease('1990-06-15T00:00:00Z', '2020-12-01T00:00:00Z')).toBe(30);
  });

  it('is unknown for the zero birth date, a missing date or an unknown release', () => {
    expect(ageAtRelease('0001-01-01T00:00:00Z', '2020-01-01T00:00:00Z')).toBeNull();
    expect(ageAtRelease(undefined, '2020-01-01T00:00:00Z')).toBeNull();
    expect(ageAtRelease('1990-01-01T00:00:00Z', '0001-01-01T00:00:00Z')).toBeNull();
    expect(ageAtRelease('1990-01-01T00:00:00Z', '')).toBeNull();
  });

  it('shows the release day, or nothing when unknown', () => {
    expect(releaseDay('2024-05-06T00:00:00Z')).toBe('2024-05-06');
    expect(releaseDay('0001-01-01T00:00:00Z')).toBe('');
  });
});

describe('alternate-source scenes', () => {
  const item = (external_data: string): AlternateSourceItem => ({
    url: 'https://alt.example/1',
    site_icon: '',
    external_source: 'alternate scene alt',
    external_id: '1',
    external_data,
  });

  it('parses the external data, tolerating a null cast and missing fields', () => {
    const data = alternateSceneData(
      item(
        JSON.stringify({
          master_site_id: 'studio',
          MatchAchieved: 10000,
          query: 'title:"x"',
          scene: {
            title: 'Alt title',
            cast: null,
            site: 'Alt Site',
            duration: 31,
            release_date: '2023-01-02T00:00:00Z',
          },
        }),
      ),
    );
    expect(data.query).toBe('title:"x"');
    const summary = alternateSceneSummary(data);
    expect(summary).toMatchObject({
      title: 'Alt title',
      site: 'Alt Site',
      duration: 31,
      synopsis: '',
      images: '',
    });
    expect(summary.cast).toEqual([]);
    expect(summary.tags).toEqual([]);
  });

  it('reads cast and tags the alternate scene carries', () => {
    const data = alternateSceneData(
      item(
        JSON.stringify({
          master_site_id: 's',
          MatchAchieved: 1,
          query: '',
          scene: { title: 'T', cast: [{ id: 3, name: 'Jo' }], tags: [{ name: 'outdoor' }, 'junk'] },
        }),
      ),
    );
    const summary = alternateSceneSummary(data);
    expect(summary.cast).toEqual([{ id: 3, name: 'Jo', birth_date: undefined, image_url: undefined }]);
    expect(summary.tags).toEqual([{ name: 'outdoor' }]);
  });

  it('shows unreadable data as an untitled scene', () => {
    expect(alternateSceneData(item('{oops')).scene.title).toBe('');
    expect(alternateSceneSummary(alternateSceneData(item('[]'))).title).toBe('');
  });
});

describe('ordering', () => {
  it('sorts tags alphabetically only when the web option says so', () => {
    const tags = [{ name: 'b' }, { name: 'a' }];
    expect(sortedTags(tags, 'alphabetically').map((t) => t.name)).toEqual(['a', 'b']);
    expect(sortedTags(tags, 'by-tag-count').map((t) => t.name)).toEqual(['b', 'a']);
  });

  it('lists video files first', () => {
    const files = [
      detailsFile({ id: 1, type: 'script' }),
      detailsFile({ id: 2, type: 'video' }),
      detailsFile({ id: 3, type: 'subtitles' }),
      detailsFile({ id: 4, type: 'video' }),
    ];
    expect(filesVideoFirst(files).map((f) => f.id)).toEqual([2, 4, 1, 3]);
  });

  it('leaves unknown facts out of a file line', () => {
    expect(fileFacts(detailsFile())).toBe('1.2 GB (28 Mbps), 5760x2880 hevc, 180_sbs, 00:30:30, 2025-03-01');
    const bare = detailsFile({
      size: 1000,
      video_bitrate: 0,
      video_width: 0,
      video_height: 0,
      video_codec_name: '',
      projection: '',
      duration: 0,
      created_time: '0001-01-01T00:00:00Z',
    });
    expect(fileFacts(bare)).toBe('1 kB');
    expect(fileFacts(detailsFile({ type: 'script', size: 2048, duration: 0 }))).toBe('2 kB, 2025-03-01');
  });
});

describe('scene list links of the chips', () => {
  it('keeps the list choices of the current address and filters by the chip alone', () => {
    const current = SceneFilterState.parse({
      dlState: 'any',
      sort: 'title_asc',
      cast: ['X'],
      tags: ['&y'],
      attributes: ['VR'],
    });
    const hash = `#/?q=${encodeURIComponent(encodeFilterQuery(current))}`;
    const base = currentSceneFilter(hash);
    expect(base).toMatchObject({ dlState: 'any', sort: 'title_asc' });
    expect(chipFilter('tags', 'outdoor', base)).toMatchObject({
      dlState: 'any',
      sort: 'title_asc',
      cast: [],
      sites: [],
      attributes: [],
      tags: ['outdoor'],
    });
  });

  it('starts from the default filter elsewhere or with an unreadable q', () => {
    expect(currentSceneFilter('#/files')).toEqual(SceneFilterState.parse({}));
    expect(currentSceneFilter('#/?q=%%%')).toEqual(SceneFilterState.parse({}));
    expect(currentSceneFilter('')).toEqual(SceneFilterState.parse({}));
  });

  it('builds the hash route and the full address, round-tripping the filter', () => {
    const filter = chipFilter('cast', 'Zoë Ünïcode', SceneFilterState.parse({}));
    const hash = sceneListHash(filter);
    expect(hash.startsWith('#/?q=')).toBe(true);
    const q = new URLSearchParams(hash.slice(3)).get('q') ?? '';
    expect(decodeFilterQuery(q, SceneFilterState)).toEqual(filter);
    const url = sceneListUrl(filter, { origin: 'http://host:9999', pathname: '/ui/' } as Location);
    expect(url).toBe(`http://host:9999/ui/${hash}`);
  });
});
