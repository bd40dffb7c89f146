import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { customSiteEntries } from '../../src/custom-sites/custom-site-entry';
import type { CustomSiteRow } from '../../src/custom-sites/custom-site.repository';
import { DefinitionRegistry } from '../../src/scrapers/definitions/definition.registry';
import type { SiteEntry } from '../../src/scrapers/definitions/definition.schema';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';
import { aggregatorDefinition } from './aggregator-site';

/* The registry's third source: custom sites appended to their aggregator's definition on every load. */

let root: string;
let registry: DefinitionRegistry;
let rows: CustomSiteRow[];
let failing: boolean;
const warnings: string[] = [];

const row = (id: string, list: CustomSiteRow['list'], url: string): CustomSiteRow => ({
  id,
  list,
  url,
  name: id,
  company: 'Company',
  avatar_url: '',
  master_site_id: '',
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
});

beforeEach(() => {
  root = makeTempDir('fovea-custom-registry-');
  mkdirSync(join(root, 'builtin'));
  mkdirSync(join(root, 'user'));
  writeFileSync(join(root, 'builtin', 'povr.yaml'), aggregatorDefinition());
  rows = [];
  failing = false;
  warnings.length = 0;
  registry = new DefinitionRegistry({
    builtinDir: join(root, 'builtin'),
    userDir: join(root, 'user'),
    logger: { info: () => undefined, warn: (_details, message) => warnings.push(message) },
    onChange: () => undefined,
    extraSites: () => {
      if (failing) return Promise.reject(new Error('database gone'));
      return Promise.resolve(customSiteEntries(rows));
    },
  });
});

afterEach(() => {
  registry.close();
  removeTempDir(root);
});

describe('custom sites in the definition registry', () => {
  it('appends them to their aggregator’s definition, marked custom, with their URL variables', async () => {
    rows = [row('moon-povr', 'povr', 'https://povr.com/studios/moon')];
    const infos = await registry.load();
    expect(infos.find((info) => info.id === 'povr')?.site_ids).toEqual(['house-studio', 'moon-povr']);
    const moon = registry.site('moon-povr');
    // The definition's file stays built-in for the HTTP layer (no private addresses); the site is custom.
    expect(moon).toMatchObject({ builtin: true, custom: true });
    expect(moon?.site.vars).toEqual({ studio_slug: 'moon' });
    expect(moon?.definition.sites.map((site: SiteEntry) => site.id)).toEqual(['house-studio', 'moon-povr']);
    expect(registry.site('house-studio')).toMatchObject({ builtin: true });
    expect(registry.site('house-studio')?.custom).toBeUndefined();
    expect(registry.site('house-studio')?.definition).toBe(moon?.definition);
    expect(Object.isFrozen(moon?.definition.sites)).toBe(true);
  });

  it('follows the rows on reload, and leaves out sites without a definition or with a taken id', async () => {
    rows = [row('moon-povr', 'povr', 'https://povr.com/studios/moon')];
    await registry.load();
    rows = [
      row('glow-slr', 'slr', 'https://www.sexlikereal.com/studios/glow-12'),
      { ...row('house-studio', 'povr', 'https://povr.com/studios/house-studio'), name: 'Impostor' },
    ];
    await registry.reload();
    expect(registry.site('moon-povr')).toBeNull();
    expect(registry.site('glow-slr')).toBeNull();
    expect(registry.site('house-studio')?.site.name).toBe('House Studio (POVR)');
    expect(warnings.some((message) => message.includes('house-studio left out of povr'))).toBe(true);
  });

  it('keeps the definitions when the custom sites cannot be read', async () => {
    failing = true;
    await registry.load();
    expect(registry.site('house-studio')).not.toBeNull();
    expect(warnings).toContain('scraper definitions: the extra sites could not be read');
  });
});
