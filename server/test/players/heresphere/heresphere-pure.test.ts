import { DEFAULT_OPTIONS, type HeresphereOptions } from '@fovea/contract';
import { describe, expect, it } from 'vitest';
import { heresphereView, sourceResolution } from '../../../src/players/heresphere/heresphere-projection';
import { dayOf } from '../../../src/players/heresphere/heresphere-tags';
import {
  fileUrl,
  heresphereThumbnail,
  subtitleLanguage,
  writeFlags,
} from '../../../src/players/heresphere/heresphere-video';
import { decodeBase64, planWrite, plansChange } from '../../../src/players/heresphere/heresphere-write-plan';

const NONE: HeresphereOptions = DEFAULT_OPTIONS.interfaces.heresphere;
const ALL: HeresphereOptions = {
  ...NONE,
  allow_file_deletes: true,
  allow_rating_updates: true,
  allow_favorite_updates: true,
  allow_hsp_data: true,
  allow_tag_updates: true,
  allow_cuepoint_updates: true,
  allow_watchlist_updates: true,
};

describe('projection table', () => {
  it.each([
    ['flat', 'perspective', 'mono', 180, 'Linear'],
    ['180_mono', 'equirectangular', 'mono', 180, 'Linear'],
    ['360_mono', 'equirectangular360', 'mono', 180, 'Linear'],
    ['180_sbs', 'equirectangular', 'sbs', 180, 'Linear'],
    ['360_tb', 'equirectangular360', 'tb', 180, 'Linear'],
    ['mkx200', 'fisheye', 'sbs', 200, 'MKX200'],
    ['mkx220', 'fisheye', 'sbs', 220, 'MKX220'],
    ['vrca220', 'fisheye', 'sbs', 220, 'VRCA220'],
    ['rf52', 'fisheye', 'sbs', 190, 'Linear'],
    ['fisheye190', 'fisheye', 'sbs', 190, 'Linear'],
    ['fisheye', 'fisheye', 'sbs', 180, 'Linear'],
    ['', 'equirectangular', 'sbs', 180, 'Linear'],
  ] as const)('%s → %s %s %i %s', (input, projection, stereo, fov, lens) => {
    expect(heresphereView(input)).toEqual({ projection, stereo, fov, lens });
  });

  it('lists 360° top-bottom sources at half their height', () => {
    expect(sourceResolution('360_tb', 4096)).toBe(2048);
    expect(sourceResolution('180_sbs', 2880)).toBe(2880);
  });
});

describe('small formats', () => {
  it('names subtitle languages in English from name.<code>.srt', () => {
    expect(subtitleLanguage('scene.de.srt')).toBe('German');
    expect(subtitleLanguage('scene.pt-BR.srt')).toBe('Brazilian Portuguese');
    expect(subtitleLanguage('scene.srt')).toBe('English');
  });

  it('keeps only full dates', () => {
    expect(dayOf('2024-05-01T10:00:00Z')).toBe('2024-05-01');
    expect(dayOf('0001-01-01T00:00:00Z')).toBeUndefined();
    expect(dayOf('2024')).toBeUndefined();
    expect(dayOf(null)).toBeUndefined();
  });

  it('builds proxy and file URLs', () => {
    expect(heresphereThumbnail('http://h:1', { id: 3, cover_url: 'https://cdn.x/a b.jpg' }, false)).toBe(
      'http://h:1/img/700x,jpeg/https:/cdn.x/a%20b.jpg',
    );
    expect(heresphereThumbnail('http://h:1', { id: 3, cover_url: 'https://cdn.x/a.jpg' }, true)).toBe(
      'http://h:1/imghm/3/https:/cdn.x/a.jpg',
    );
    // No cover, or the custom scenes' placeholder: the video frame, never through the heatmap thumbnail.
    expect(heresphereThumbnail('http://h:1', { id: 3, cover_url: '' }, true)).toBe(
      'http://h:1/api/dms/frame/3',
    );
    expect(
      heresphereThumbnail('http://h:1', { id: 3, cover_url: 'http://localhost/dont_cause_errors' }, true),
    ).toBe('http://h:1/api/dms/frame/3');
    expect(fileUrl('http://h', 5, '3 - A/B', true)).toBe('http://h/api/dms/file/5/3%20-%20A%2FB?dnt=true');
  });

  it('offers write flags only for what is allowed', () => {
    const options = structuredClone(DEFAULT_OPTIONS);
    expect(writeFlags(options)).toEqual({
      writeFavorite: false,
      writeRating: false,
      writeTags: false,
      writeHSP: false,
    });
    options.interfaces.heresphere = { ...NONE, allow_watchlist_updates: true, allow_hsp_data: true };
    expect(writeFlags(options)).toEqual({
      writeFavorite: false,
      writeRating: false,
      writeTags: true,
      writeHSP: true,
    });
  });
});

describe('planWrite', () => {
  const body = {
    rating: 3.7,
    isFavorite: true,
    tags: [
      { name: 'Category:Blonde' },
      { name: 'Category:blonde' },
      { name: 'Feature:Watchlist' },
      { name: 'Kiss', start: 1000, end: 2000, track: 0 },
    ],
    hsp: Buffer.from('hsp data').toString('base64'),
    deleteFile: true,
  };

  it('ignores everything while no permission is on', () => {
    const plan = planWrite(body, NONE, 10_000);
    expect(plan).toEqual({ deleteFiles: false });
    expect(plansChange(plan)).toBe(false);
  });

  it('applies every allowed field', () => {
    const plan = planWrite(body, ALL, 10_000);
    expect(plan).toEqual({
      rating: 3.5,
      favourite: true,
      tags: ['blonde'],
      watchlist: true,
      trailerlist: false,
      cuepoints: {
        hsp: [{ track: 0, name: 'Kiss', time_start: 1, time_end: 2, rating: 0 }],
        keepSimple: true,
      },
      hsp: Buffer.from('hsp data'),
      deleteFiles: true,
    });
    expect(plansChange(plan)).toBe(true);
  });

  it('follows each switch alone', () => {
    expect(Object.keys(planWrite(body, { ...NONE, allow_rating_updates: true }, 0))).toEqual([
      'deleteFiles',
      'rating',
    ]);
    expect(planWrite(body, { ...NONE, allow_tag_updates: true }, 0).tags).toEqual(['blonde']);
    expect(
      planWrite(body, { ...NONE, allow_cuepoint_updates: true, retain_non_hsp_cuepoints: false }, 0).cuepoints
        ?.keepSimple,
    ).toBe(false);
    expect(planWrite(body, { ...NONE, allow_file_deletes: true }, 0).deleteFiles).toBe(true);
    expect(planWrite({ tags: [] }, { ...NONE, allow_tag_updates: true }, 0).tags).toEqual([]);
    expect(planWrite({ rating: 3 }, { ...NONE, allow_tag_updates: true }, 0).tags).toBeUndefined();
  });

  it('refuses hsp data that is not base64', () => {
    expect(() => planWrite({ hsp: 'not base64!' }, ALL, 0)).toThrow(
      'hsp must be the base64 text of the .hsp file',
    );
    expect(decodeBase64('aGk=')?.toString()).toBe('hi');
  });
});
