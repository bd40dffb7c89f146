import { join } from 'node:path';
import type { CustomSiteList } from '@fovea/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customSiteEntries } from '../../src/custom-sites/custom-site-entry';
import type { CustomSiteRow } from '../../src/custom-sites/custom-site.repository';
import { parseCustomSiteUrl } from '../../src/custom-sites/custom-site-url';
import { builtinDefinitionsDir } from '../../src/scrapers/definitions/builtin-dir';
import { DefinitionRegistry } from '../../src/scrapers/definitions/definition.registry';
import { siteVariables } from '../../src/scrapers/engine/scene-vars';
import { mapResolver, renderTemplate } from '../../src/scrapers/engine/template';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

/*
 * The built-in aggregator definitions take a custom site as they take their own studios: every variable their
 * listing URLs need is there, and the site renders them with no empty variable.
 */

const SAMPLES: Record<CustomSiteList, string> = {
  slr: 'https://www.sexlikereal.com/studios/moon-lake-vr-3301',
  povr: 'https://povr.com/studios/moon-lake-vr',
  vrporn: 'https://vrporn.com/studio/moon-lake-vr/',
  realvr: 'https://realvr.com/vrpornstudio/moonlakevr-91',
  vrphub: 'https://vrphub.com/category/moon-lake-vr/',
  stashdb: 'https://stashdb.org/studios/5b1c1c86-7d0e-4e38-a4b4-5b5f1a3c2d11',
};

let root: string;
let registry: DefinitionRegistry;

beforeAll(async () => {
  root = makeTempDir('fovea-custom-aggregators-');
  const rows: CustomSiteRow[] = Object.values(SAMPLES).map((url) => {
    const parsed = parseCustomSiteUrl(url);
    if (!parsed.ok) throw new Error(parsed.message);
    return {
      ...parsed.value,
      name: 'Moon Lake VR',
      company: 'Moon Lake Media',
      avatar_url: '',
      master_site_id: '',
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
    };
  });
  registry = new DefinitionRegistry({
    builtinDir: builtinDefinitionsDir(),
    userDir: join(root, 'none'),
    logger: { info: () => undefined, warn: () => undefined },
    onChange: () => undefined,
    extraSites: () => Promise.resolve(customSiteEntries(rows)),
  });
  await registry.load();
});

afterAll(() => {
  registry.close();
  removeTempDir(root);
});

describe('custom sites on the built-in aggregator definitions', () => {
  it.each(Object.keys(SAMPLES))('%s renders its listing URLs from the custom site’s variables', (list) => {
    const custom = registry
      .sites()
      .find(({ site, custom }) => custom === true && site.id.endsWith(`-${list}`));
    expect(custom, `no custom ${list} site: is ${list}.yaml loaded?`).toBeDefined();
    if (!custom) return;
    expect(custom.definition.id).toBe(list);
    const builtinVars = new Set(
      custom.definition.sites
        .filter((site) => site.id !== custom.site.id && site.disabled_reason === undefined)
        .flatMap((site) => Object.keys(site.vars)),
    );
    const resolve = mapResolver(siteVariables(custom.site), { page: '1', offset: '0' });
    for (const request of custom.definition.listing.urls) {
      const templates = typeof request === 'string' ? [request] : [request.url, request.body ?? ''];
      for (const template of templates) {
        const rendered = renderTemplate(template, resolve);
        // Items and session values come from the site's answers, not from the site entry.
        const missing = rendered.missing.filter((name) => !/^(item|session)\./.test(name));
        expect(missing, `${list}: ${template}`).toEqual([]);
      }
    }
    // The variables every enabled built-in studio has are the ones a custom site must have too.
    const everyStudio = [...builtinVars].filter((name) =>
      custom.definition.sites
        .filter((site) => site.id !== custom.site.id && site.disabled_reason === undefined)
        .every((site) => Object.hasOwn(site.vars, name)),
    );
    for (const name of everyStudio) expect(custom.site.vars[name], `${list}: ${name}`).not.toBe('');
  });
});
