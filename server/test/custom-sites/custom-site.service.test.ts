import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { CustomSiteRepository } from '../../src/custom-sites/custom-site.repository';
import { CustomSiteService } from '../../src/custom-sites/custom-site.service';
import { createTestApp } from '../helpers/test-app';

/* The rules of CustomSiteService on a real database, with the loaded definitions stood in for. */

let app: FoveaApp;
let service: CustomSiteService;
let refreshes: number;
const defined = new Map<string, { definitionId: string; custom: boolean }>();
const masters = new Map<string, string>([
  ['main-studio', ''],
  ['alt-studio', 'main-studio'],
]);

const body = (values: Partial<Record<string, string>> = {}) => ({
  scraperUrl: 'https://www.sexlikereal.com/studios/glow-vr-2270',
  scraperName: 'Glow VR',
  scraperCompany: '',
  scraperAvatar: '',
  masterSiteId: '',
  ...values,
});

beforeAll(async () => {
  app = await createTestApp();
  service = new CustomSiteService({
    repo: new CustomSiteRepository(app.database.db),
    definitions: {
      hasDefinition: (id) => id === 'slr',
      siteOwner: (id) => defined.get(id) ?? null,
    },
    sites: {
      row: (id) => {
        const master = masters.get(id);
        return Promise.resolve(master === undefined ? undefined : { id, master_site_id: master });
      },
    },
    refresh: () => {
      refreshes += 1;
      return Promise.resolve();
    },
  });
});

beforeEach(() => {
  refreshes = 0;
  defined.clear();
});

afterAll(async () => {
  await app.close();
});

describe('CustomSiteService', () => {
  it('saves with the company defaulting to the name, then refreshes the definitions', async () => {
    const saved = await service.save(body({ scraperAvatar: ' https://x.test/a.png ' }));
    expect(saved).toMatchObject({
      id: 'glow-vr-2270-slr',
      list: 'slr',
      company: 'Glow VR',
      avatar_url: 'https://x.test/a.png',
      has_scraper: false,
    });
    expect(refreshes).toBe(1);
    defined.set('glow-vr-2270-slr', { definitionId: 'slr', custom: true });
    const edited = await service.save(body({ scraperCompany: 'Glow Media', masterSiteId: 'main-studio' }));
    expect(edited).toMatchObject({ company: 'Glow Media', master_site_id: 'main-studio', has_scraper: true });
    expect((await service.list()).map((site) => site.id)).toEqual(['glow-vr-2270-slr']);
  });

  it('refuses, without saving or refreshing, what cannot become a site', async () => {
    const refusals: [Partial<Record<string, string>>, number, RegExp][] = [
      [{ scraperUrl: 'https://povr.com/studios/x' }, 409, /definition "povr" is not loaded/],
      [{ scraperUrl: 'https://www.sexlikereal.com/studios/x-1?x=1' }, 400, /query string/],
      [
        { scraperUrl: 'https://www.sexlikereal.com/studios/new-5', masterSiteId: 'alt-studio' },
        400,
        /itself/,
      ],
      [
        { scraperUrl: 'https://www.sexlikereal.com/studios/new-5', masterSiteId: 'nope' },
        400,
        /no site nope/,
      ],
      [
        { scraperUrl: 'https://www.sexlikereal.com/studios/new-5', masterSiteId: 'new-5-slr' },
        400,
        /own main/,
      ],
    ];
    for (const [values, status, message] of refusals) {
      await expect(service.save(body(values))).rejects.toMatchObject({ statusCode: status, message });
    }
    defined.set('taken-7-slr', { definitionId: 'slr', custom: false });
    await expect(
      service.save(body({ scraperUrl: 'https://www.sexlikereal.com/studios/taken-7' })),
    ).rejects.toMatchObject({ statusCode: 409, message: /already used by the scraper definition "slr"/ });
    expect(refreshes).toBe(0);
    expect(await service.list()).toHaveLength(1);
  });

  it('deletes a site (404 for an unknown one) and refreshes', async () => {
    await expect(service.delete('nope-slr')).rejects.toMatchObject({ statusCode: 404 });
    expect(refreshes).toBe(0);
    await service.delete('glow-vr-2270-slr');
    expect(refreshes).toBe(1);
    expect(await service.list()).toEqual([]);
  });
});
