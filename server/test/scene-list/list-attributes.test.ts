import { SCENE_ATTRIBUTES } from '@fovea/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { removeTempDir } from '../helpers/temp-dir';
import { createTestApp } from '../helpers/test-app';
import { buildAttributeLibrary } from './attribute-library';
import { listIds, NamedScenes, sorted } from './scene-list-client';

/*
 * The attribute filter (xbvr-facts §4.4): every fixed attribute, the dynamic Resolution/Frame Rate/Codec
 * ones, and the prefixes (plain any-of, & must, ! not). The library (attribute-library.ts) is built in
 * groups, one site each, and every request is narrowed to the group's site, so each expectation is the exact
 * set of the group's scenes.
 */

let app: FoveaApp;
let scenes = new NamedScenes();
/** The scene names of each group (site). */
let groups = new Map<string, string[]>();

beforeAll(async () => {
  app = await createTestApp();
  ({ scenes, groups } = await buildAttributeLibrary(app));
});

afterAll(async () => {
  await app.close();
  removeTempDir(app.config.dataDir);
  removeTempDir(app.config.webDir);
});

/** The group's scenes that one request selects, by name. */
async function select(group: string, attributes: string[]): Promise<string[]> {
  return scenes.nameSet(await listIds(app, { dlState: 'any', sites: [group], attributes }));
}

/** [group, attribute, the group's scenes that have it]. */
const FIXED: [string, (typeof SCENE_ATTRIBUTES)[number], string[]][] = [
  ['files', 'Multiple Video Files', ['f_two']],
  [
    'files',
    'Single Video File',
    [
      'f_sbs',
      'f_mkx200',
      'f_tb',
      'f_mono',
      'f_rf52',
      'f_fisheye',
      'f_fish190',
      'f_mkx220',
      'f_vrca',
      'f_360mono',
      'f_alpha',
      'f_offline',
    ],
  ],
  ['files', 'Multiple Script Files', ['f_mkx200']],
  ['files', 'Single Script File', ['f_tb', 'f_scriptonly']],
  ['files', 'Has Hsp File', ['f_tb']],
  ['files', 'Has Subtitles File', ['f_tb']],
  ['flags', 'Is Favourite', ['g_fav', 'g_favwatch']],
  ['files', 'Is Scripted', ['f_mkx200', 'f_tb', 'f_scriptonly']],
  ['files', 'Missing', ['f_none', 'f_chroma', 'f_offline', 'f_scriptonly']],
  ['files', 'Is Passthrough', ['f_alpha', 'f_chroma']],
  ['files', 'Is Alpha Passthrough', ['f_alpha']],
  ['flags', 'In Watchlist', ['g_watch', 'g_favwatch']],
  ['flags', 'In Wishlist', ['g_wish']],
  ['ratings', 'Has Rating', ['r0.5', 'r1', 'r1.5', 'r2', 'r2.5', 'r3', 'r3.5', 'r4', 'r4.5', 'r5']],
  ['cues', 'Has Cuepoints', ['q_simple', 'q_hsp', 'q_both']],
  ['cues', 'Has Simple Cuepoints', ['q_simple', 'q_both']],
  ['cues', 'Has HSP Cuepoints', ['q_hsp', 'q_both']],
  ['flags', 'In Trailer List', ['g_trailer']],
  ['flags', 'Has Preview', ['g_preview']],
  ['flags', 'Has Subscription', ['g_sub']],
  ['ratings', 'Rating 0', ['r0']],
  ['ratings', 'Rating .5', ['r0.5']],
  ['ratings', 'Rating 1', ['r1']],
  ['ratings', 'Rating 1.5', ['r1.5']],
  ['ratings', 'Rating 2', ['r2']],
  ['ratings', 'Rating 2.5', ['r2.5']],
  ['ratings', 'Rating 3', ['r3']],
  ['ratings', 'Rating 3.5', ['r3.5']],
  ['ratings', 'Rating 4', ['r4']],
  ['ratings', 'Rating 4.5', ['r4.5']],
  ['ratings', 'Rating 5', ['r5']],
  ['cast', 'Cast 1', ['k1']],
  ['cast', 'Cast 2', ['k2']],
  ['cast', 'Cast 3', ['k3']],
  ['cast', 'Cast 4', ['k4']],
  ['cast', 'Cast 5', ['k5']],
  ['cast', 'Cast 6+', ['k6', 'k7']],
  ['cast', 'No Actor/Cast', ['k0']],
  ['files', 'Flat video', ['f_two']],
  ['files', 'FOV: 180°', ['f_sbs', 'f_mono', 'f_fisheye', 'f_alpha', 'f_offline']],
  ['files', 'FOV: 190°', ['f_rf52', 'f_fish190']],
  ['files', 'FOV: 200°', ['f_mkx200']],
  ['files', 'FOV: 220°', ['f_mkx220', 'f_vrca']],
  ['files', 'FOV: 360°', ['f_tb', 'f_360mono']],
  ['files', 'Projection Perspective', ['f_two']],
  ['files', 'Projection Equirectangular', ['f_sbs', 'f_mono', 'f_alpha', 'f_offline']],
  ['files', 'Projection Equirectangular360', ['f_tb', 'f_360mono']],
  ['files', 'Projection Fisheye', ['f_fisheye', 'f_fish190', 'f_rf52', 'f_mkx200', 'f_mkx220', 'f_vrca']],
  ['files', 'Mono', ['f_mono', 'f_360mono']],
  ['files', 'Top/Bottom', ['f_tb', 'f_offline']],
  [
    'files',
    'Side by Side',
    ['f_sbs', 'f_alpha', 'f_fisheye', 'f_fish190', 'f_rf52', 'f_mkx200', 'f_mkx220', 'f_vrca'],
  ],
  ['files', 'MKX200', ['f_mkx200']],
  ['files', 'MKX220', ['f_mkx220']],
  ['files', 'VRCA220', ['f_vrca']],
  ['cast', 'Has No Cup Size', ['k1']],
  ['cast', 'Has AA Cup Size', ['k2']],
  ['cast', 'Has A Cup Size', ['k3']],
  ['cast', 'Has B Cup Size', ['k4']],
  ['origin', 'POVR Scraper', ['o_povr']],
  ['origin', 'SLR Scraper', ['o_slr']],
  ['origin', 'Has Image', ['o_povr', 'o_vrphub']],
  ['origin', 'VRPHub Scraper', ['o_vrphub']],
  ['origin', 'VRPorn Scraper', ['o_vrporn']],
  ['origin', 'RealVR Scraper', ['o_realvr']],
  ['links', 'Stashdb Linked', ['l_stash']],
  ['links', 'Has Script Download', ['l_own', 'l_povr']],
  ['links', 'Has AI Generated Script', ['l_own', 'l_slr']],
  ['links', 'Has Human Generated Script', ['l_own', 'l_povr']],
  ['cast', 'Has Favourite Actor', ['k2', 'k7']],
  ['cast', 'Has Actor in Watchlist', ['k3']],
  [
    'links',
    'Available from Alternate Sites',
    ['l_povr', 'l_slr', 'l_vrporn', 'l_realvr', 'l_multi', 'l_plainalt'],
  ],
  ['links', 'Available from POVR', ['l_povr']],
  ['links', 'Available from VRPorn', ['l_vrporn']],
  ['links', 'Available from RealVR', ['l_realvr']],
  ['links', 'Available from SLR', ['l_slr', 'l_multi']],
  ['links', 'Multiple Scenes Available at an Alternate Site', ['l_multi']],
];

describe('fixed attributes', () => {
  it('are all covered here, each by a scene that has it and one that does not', () => {
    expect(sorted(FIXED.map(([, attribute]) => attribute))).toEqual(sorted(SCENE_ATTRIBUTES));
    for (const [group, attribute, expected] of FIXED) {
      const members = groups.get(group) ?? [];
      expect(expected.length, attribute).toBeGreaterThan(0);
      expect(
        expected.every((name) => members.includes(name)),
        attribute,
      ).toBe(true);
      expect(expected.length, attribute).toBeLessThan(members.length);
    }
  });

  it.each(FIXED)('%s: "%s" selects %j', async (group, attribute, expected) => {
    expect(await select(group, [attribute])).toEqual(sorted(expected));
    const without = (groups.get(group) ?? []).filter((name) => !expected.includes(name));
    expect(await select(group, [`!${attribute}`])).toEqual(sorted(without));
    expect(await select(group, [`&${attribute}`])).toEqual(sorted(expected));
  });
});

describe('dynamic attributes', () => {
  it.each([
    ['Resolution 2K', ['f_two']],
    ['Resolution 4K', ['f_mono', 'f_fisheye', 'f_fish190', 'f_360mono']],
    ['Resolution 5K', ['f_rf52']],
    ['Resolution 6K', ['f_mkx200', 'f_mkx220', 'f_vrca', 'f_alpha', 'f_offline']],
    ['Resolution 7K', []],
    ['Resolution 8K', ['f_sbs', 'f_tb']],
    ['Frame Rate 25 fps', ['f_mono']],
    ['Frame Rate 30 fps', ['f_two', 'f_tb']],
    ['Frame Rate 50 fps', ['f_rf52']],
    ['Frame Rate 60 fps', ['f_sbs', 'f_mkx200']],
    ['Frame Rate 24 fps', []],
    ['Codec hevc', ['f_sbs', 'f_mkx200', 'f_rf52']],
    ['Codec h264', ['f_two', 'f_tb']],
    ['Codec vp9', ['f_mono']],
    ['Codec av1', []],
  ])('"%s" selects %j', async (attribute, expected) => {
    expect(await select('files', [attribute])).toEqual(sorted(expected));
  });

  it('doubles the width of top/bottom videos: 3840 wide 360_tb is 8K, 3840 wide 360_mono is 4K', async () => {
    expect(await select('files', ['Resolution 8K'])).toContain('f_tb');
    expect(await select('files', ['Resolution 4K'])).toContain('f_360mono');
  });

  it('combine with the prefixes like fixed attributes', async () => {
    expect(await select('files', ['Resolution 8K', 'Resolution 2K'])).toEqual(['f_sbs', 'f_tb', 'f_two']);
    expect(await select('files', ['&Codec hevc', '&Frame Rate 60 fps'])).toEqual(['f_mkx200', 'f_sbs']);
    expect(await select('files', ['&Single Video File', '!Resolution 6K'])).toEqual(
      sorted(['f_sbs', 'f_tb', 'f_mono', 'f_rf52', 'f_fisheye', 'f_fish190', 'f_360mono']),
    );
    expect(await select('files', ['Mono', 'Top/Bottom', '!FOV: 360°'])).toEqual(['f_mono', 'f_offline']);
  });
});

describe('prefixes', () => {
  const FLAGS = ['g_plain', 'g_fav', 'g_watch', 'g_favwatch', 'g_wish', 'g_trailer', 'g_sub', 'g_preview'];

  it('ORs plain attributes', async () => {
    expect(await select('flags', ['Is Favourite', 'In Watchlist'])).toEqual([
      'g_fav',
      'g_favwatch',
      'g_watch',
    ]);
    expect(await select('flags', ['In Wishlist', 'Has Subscription', 'In Trailer List'])).toEqual([
      'g_sub',
      'g_trailer',
      'g_wish',
    ]);
  });

  it('ANDs & attributes, with each other and with the plain group', async () => {
    expect(await select('flags', ['&Is Favourite', '&In Watchlist'])).toEqual(['g_favwatch']);
    expect(await select('flags', ['In Wishlist', 'In Watchlist', '&Is Favourite'])).toEqual(['g_favwatch']);
    expect(await select('flags', ['&In Wishlist', '&Is Favourite'])).toEqual([]);
  });

  it('negates ! attributes', async () => {
    expect(await select('flags', ['!Is Favourite'])).toEqual(
      sorted(FLAGS.filter((name) => name !== 'g_fav' && name !== 'g_favwatch')),
    );
    expect(await select('flags', ['Is Favourite', '!In Watchlist'])).toEqual(['g_fav']);
    expect(await select('flags', ['!Is Favourite', '!In Watchlist'])).toEqual(
      sorted(['g_plain', 'g_wish', 'g_trailer', 'g_sub', 'g_preview']),
    );
  });

  it('ignores an attribute it does not know, in every mode', async () => {
    for (const unknown of [
      'Has Moon Phase',
      'Resolution K',
      'Codec ',
      'Frame Rate fast fps',
      'is favourite',
    ]) {
      expect(await select('flags', [unknown])).toEqual(sorted(FLAGS));
      expect(await select('flags', [`&${unknown}`])).toEqual(sorted(FLAGS));
      expect(await select('flags', [`!${unknown}`])).toEqual(sorted(FLAGS));
    }
    expect(await select('flags', ['Is Favourite', 'Has Moon Phase'])).toEqual(['g_fav', 'g_favwatch']);
  });
});

describe('script attributes and the alternate-source option', () => {
  it('look only at the scene itself when useAltSrcInScriptFilters is off', async () => {
    const put = (useAltSrcInScriptFilters: boolean) =>
      app.http.inject({
        method: 'PUT',
        url: '/api/options/interface/advanced',
        payload: { useAltSrcInScriptFilters },
      });
    expect((await put(false)).statusCode).toBe(200);
    try {
      for (const attribute of [
        'Has Script Download',
        'Has AI Generated Script',
        'Has Human Generated Script',
      ]) {
        expect(await select('links', [attribute]), attribute).toEqual(['l_own']);
      }
    } finally {
      expect((await put(true)).statusCode).toBe(200);
    }
    expect(await select('links', ['Has Script Download'])).toEqual(['l_own', 'l_povr']);
  });
});
