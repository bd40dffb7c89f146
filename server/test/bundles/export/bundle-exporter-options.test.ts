import { BUNDLE_INCLUDE_KEYS, type BundleIncludeKey } from '@fovea/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ExportHarness,
  XBVR_KEY_ORDER,
  quietHooks,
  sceneIds,
  type ArrayKey,
  type Json,
} from './export-harness';

const h = new ExportHarness();
beforeAll(() => h.setUp());
afterAll(() => h.tearDown());

/** The bundle keys each include switch governs. */
const SWITCHED: Record<BundleIncludeKey, ArrayKey[]> = {
  inclScenes: ['scenes'],
  inclHistory: ['sceneHistory'],
  inclLinks: ['sceneFileLinks', 'unmatchedFiles'],
  inclCuepoints: ['sceneCuepoints'],
  inclActions: ['actions'],
  inclPlaylists: ['playlists'],
  inclActorAkas: ['akas'],
  inclTagGroups: ['tagGroups'],
  inclVolumes: ['volumes'],
  inclExtRefs: ['externalReferences'],
  inclSites: ['sites', 'foveaCustomSites'],
  inclActors: ['actors'],
  inclActorActions: ['actionActors'],
  inclConfig: ['config'],
};

describe('BundleExporter: options', () => {
  it.each(BUNDLE_INCLUDE_KEYS)(
    '%s off writes its sections as [] and leaves the others whole',
    async (key) => {
      const { bundle } = await h.exportBundle({ inclConfig: true, [key]: false });
      expect(Object.keys(bundle)).toEqual(XBVR_KEY_ORDER);
      for (const section of Object.values(SWITCHED).flat()) {
        if (SWITCHED[key].includes(section)) expect(bundle[section], section).toEqual([]);
        else expect(bundle[section]?.length, section).toBeGreaterThan(0);
      }
    },
  );

  it('leaves the put.io token out of a bundle without the settings', async () => {
    const { bundle, text } = await h.exportBundle();
    expect(bundle.config).toEqual([]);
    expect(bundle.volumes[0]).not.toHaveProperty('Metadata');
    expect(text).not.toContain(h.library.token);
  });

  it('with allSites off takes only scenes of enabled sites, in every per-scene section', async () => {
    const { bundle } = await h.exportBundle({ allSites: false });
    expect(sceneIds(bundle.scenes)).toEqual(['sitea-1', 'mine-1']);
    expect(sceneIds(bundle.sceneFileLinks)).toEqual(['sitea-1']);
    expect(sceneIds(bundle.sceneCuepoints)).toEqual(['sitea-1', 'mine-1']);
    expect(sceneIds(bundle.sceneHistory)).toEqual(['sitea-1']);
    expect(sceneIds(bundle.actions)).toEqual(['sitea-1']);
    expect(bundle.unmatchedFiles).toEqual([]);
    expect(bundle.sites).toHaveLength(3);
  });

  it('with onlyIncludeOfficalSites leaves out the scenes of "(Custom …)" sites', async () => {
    const { bundle } = await h.exportBundle({ onlyIncludeOfficalSites: true });
    expect(sceneIds(bundle.scenes)).toEqual(['sitea-1', 'siteb-1']);
    expect(sceneIds(bundle.sceneCuepoints)).toEqual(['sitea-1']);
    expect(sceneIds(bundle.actions)).toEqual(['sitea-1', 'siteb-1']);
  });

  it('with a saved search takes only its scenes and their rows', async () => {
    h.playlistCalls.length = 0;
    const { bundle, result } = await h.exportBundle({ playlistId: 7 });
    expect(h.playlistCalls).toEqual([7]);
    expect(sceneIds(bundle.scenes)).toEqual(['sitea-1', 'siteb-1']);
    expect(sceneIds(bundle.sceneHistory)).toEqual(['sitea-1']);
    expect(sceneIds(bundle.actions)).toEqual(['sitea-1', 'siteb-1']);
    expect(bundle.unmatchedFiles).toEqual([]);
    expect(bundle.actors.length).toBe(2);
    expect(result.tally.get('scenes').added).toBe(2);
  });

  it('combines a saved search with the site scope', async () => {
    const { bundle } = await h.exportBundle({ playlistId: 7, allSites: false });
    expect(sceneIds(bundle.scenes)).toEqual(['sitea-1']);
  });

  it.each([
    ['', ['alt-manual', 'alt-deleted', 'uuid-1'], [2, 1, 1]],
    ['all', ['alt-manual', 'alt-deleted', 'uuid-1'], [2, 1, 1]],
    ['manual_matched', ['alt-manual'], [1]],
    ['deleted_match', ['alt-deleted'], [1]],
  ] as const)(
    'extRefSubset "%s" takes %j with only the links of the subset',
    async (subset, ids, linkCounts) => {
      const { bundle } = await h.exportBundle({ extRefSubset: subset });
      expect(bundle.externalReferences.map((ref) => ref.external_id)).toEqual(ids);
      expect(bundle.externalReferences.map((ref) => (ref.xbvr_links as Json[]).length)).toEqual(linkCounts);
      if (subset === 'manual_matched') {
        expect(bundle.externalReferences[0]?.xbvr_links).toEqual([
          expect.objectContaining({ match_type: 99999 }),
        ]);
      }
      if (subset === 'deleted_match') {
        expect(bundle.externalReferences[0]?.xbvr_links).toEqual([
          expect.objectContaining({ match_type: -1, internal_name_id: 'deleted' }),
        ]);
      }
    },
  );
});

describe('BundleExporter: pages', () => {
  it.each([
    ['the whole library', { inclConfig: true }],
    ['a site scope', { allSites: false }],
    ['a saved search', { playlistId: 3 }],
    ['a link subset', { extRefSubset: 'manual_matched' }],
  ] as const)(
    'writes the same bundle for %s in pages of one row as in one page',
    async (_name, overrides) => {
      const whole = await h.exportBundle(overrides);
      const paged = await h.exportBundle(overrides, quietHooks(), 1);
      expect(paged.bundle).toEqual(whole.bundle);
      expect(paged.result.tally.sections()).toEqual(whole.result.tally.sections());
    },
  );
});
