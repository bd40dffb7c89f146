import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtinDefinitionsDir } from '../../src/scrapers/definitions/builtin-dir';
import { parseDefinition } from '../../src/scrapers/definitions/definition-parse';
import type { ScraperDefinition, SiteEntry } from '../../src/scrapers/definitions/definition.schema';
import { templateVariables } from '../../src/scrapers/engine/template';

/*
 * The aggregator definitions' studio lists against the reference they were written from: the tables of
 * scraper-sites.md §3 (and the display names and default avatars of §1.2), kept as a fixture copy, are parsed
 * here, so a list that drifts from the reference fails.
 */

const REFERENCE = new URL('../fixtures/scrapers/aggregator-studio-lists.md', import.meta.url).pathname;

function reference(): string {
  return readFileSync(REFERENCE, 'utf8');
}

function definition(id: string): ScraperDefinition {
  const file = `${id}.yaml`;
  const parsed = parseDefinition(readFileSync(join(builtinDefinitionsDir(), file), 'utf8'), file, id);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.definition;
}

/** The text from the first line starting with `start` up to the next heading. */
function section(text: string, start: string): string {
  const from = text.indexOf(start);
  if (from === -1) throw new Error(`the reference has no "${start}"`);
  const rest = text.slice(from + start.length);
  const end = rest.search(/\n#{2,3} /);
  return end === -1 ? rest : rest.slice(0, end);
}

/** The rows of the first markdown table after `heading` in `text`, cells trimmed and unquoted. */
function tableRows(text: string, heading: string): string[][] {
  const at = text.indexOf(heading);
  if (at === -1) throw new Error(`the reference has no "${heading}"`);
  const lines = text.slice(at).split('\n');
  const first = lines.findIndex((line) => line.startsWith('|'));
  const rows: string[][] = [];
  for (const line of lines.slice(first + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim().replace(/^`(.*)`$/, '$1')),
    );
  }
  return rows;
}

const text = reference();

/** §1.2: default avatar per list ("SLR" → URL). */
const defaultAvatars = new Map(
  tableRows(section(text, '### 1.2'), '| list | default avatar |').map(([list = '', avatar = '']) => [
    list,
    avatar,
  ]),
);

/** §1.2: the official display-name suffix per list ("POVR" → " (POVR)"). */
const displaySuffixes = new Map(
  tableRows(section(text, '### 1.2'), '| list | official display name |').map(([list = '', display = '']) => [
    list,
    /<name>( \([^)]+\))/.exec(display)?.[1] ?? '',
  ]),
);

function siteOf(def: ScraperDefinition, id: string): SiteEntry | undefined {
  return def.sites.find((site) => site.id === id);
}

/** Template variables a site entry provides (its vars and the built-in ones). */
function provided(site: SiteEntry): Set<string> {
  return new Set([...Object.keys(site.vars), 'id', 'name', 'site', 'studio', 'domain', 'page', 'offset']);
}

/** The variables of a listing request: a URL template, or a request object's URL, body and headers. */
function requestVariables(request: ScraperDefinition['listing']['urls'][number]): string[] {
  if (typeof request === 'string') return templateVariables(request);
  return [request.url, request.body ?? '', ...Object.values(request.headers)].flatMap(templateVariables);
}

/** Every listing URL variable an enabled site needs is one of its own: custom entries work by vars alone. */
function unresolvedListingVars(def: ScraperDefinition): string[] {
  const missing: string[] = [];
  for (const site of def.sites.filter((entry) => entry.disabled_reason === undefined)) {
    const have = provided(site);
    for (const name of def.listing.urls.flatMap(requestVariables)) {
      if (!have.has(name)) missing.push(`${site.id}: {${name}}`);
    }
  }
  return missing;
}

describe('SLR studio list (scraper-sites §3.1)', () => {
  const slr = section(text, '### 3.1');
  const rows = tableRows(slr, '**Official SLR studio list**');
  // "Some official ids differ from the map's legacy slugs: `covert-japan` (map has `covertjapan`: 221), ..."
  const remapped = new Map(
    [...slr.matchAll(/`([\w-]+)` \([^)]*?`[\w-]+`: (\d+)\)/g)].map((match) => [match[1], match[2]]),
  );
  const def = definition('slr');

  it('has every studio of the table, and no other', () => {
    expect(rows.length).toBeGreaterThan(50);
    expect(def.sites.map((site) => site.id).sort()).toEqual(rows.map(([id = '']) => id).sort());
  });

  it('gives each studio the name, company, avatar, studio code and slug of the table', () => {
    const problems: string[] = [];
    for (const [id = '', name = '', company = '', code = '', avatar = ''] of rows) {
      const site = siteOf(def, id);
      if (!site) continue;
      const display = company === 'SexLikeReal' ? name : `${name}${displaySuffixes.get('SLR') ?? ''}`;
      const knownCode = /^\d+$/.test(code) ? code : (remapped.get(id) ?? '');
      const want = {
        name: display,
        site: name,
        studio: company || name,
        domain: 'sexlikereal.com',
        avatar: avatar || defaultAvatars.get('SLR'),
        studio_slug: id,
        code: knownCode === '' ? undefined : knownCode,
        disabled: knownCode === '',
      };
      const got = {
        name: site.name,
        site: site.site ?? site.name,
        studio: site.studio,
        domain: site.domain,
        avatar: site.avatar,
        studio_slug: site.vars.studio_slug,
        code: site.vars.code,
        disabled: site.disabled_reason !== undefined,
      };
      if (JSON.stringify(got) !== JSON.stringify(want)) {
        problems.push(`${id}: ${JSON.stringify(got)} != ${JSON.stringify(want)}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('needs no listing variable a site does not define', () => {
    expect(unresolvedListingVars(def)).toEqual([]);
  });
});

/** The POVR, VRPorn and RealVR tables: id, name, company, URL, avatar. */
const URL_LISTS = [
  { id: 'povr', list: 'POVR', heading: '### 3.2', table: 'Official POVR list' },
  { id: 'vrporn', list: 'VRPorn', heading: '### 3.3', table: 'Official VRPorn list' },
  { id: 'realvr', list: 'RealVR', heading: '### 3.4', table: 'Official RealVR list' },
] as const;

for (const entry of URL_LISTS) {
  describe(`${entry.list} studio list (scraper-sites ${entry.heading.slice(4)})`, () => {
    const rows = tableRows(section(text, entry.heading), entry.table);
    const def = definition(entry.id);

    it('has every studio of the table, and no other', () => {
      expect(rows.length).toBeGreaterThan(0);
      expect(def.sites.map((site) => site.id).sort()).toEqual(rows.map(([id = '']) => id).sort());
    });

    it('gives each studio the name, company, domain, avatar and slug of the table', () => {
      const problems: string[] = [];
      for (const [id = '', name = '', company = '', url = '', avatar = ''] of rows) {
        const site = siteOf(def, id);
        if (!site) continue;
        const studioUrl = new URL(url);
        const slug = studioUrl.pathname.replace(/\/+$/, '').split('/').pop() ?? '';
        const want = {
          id: slug.toLowerCase(),
          name: `${name}${displaySuffixes.get(entry.list) ?? ''}`,
          site: name,
          studio: company,
          domain: studioUrl.hostname,
          avatar: avatar.startsWith('http') ? avatar : defaultAvatars.get(entry.list),
          studio_slug: slug,
          disabled: false,
        };
        const got = {
          id: site.id,
          name: site.name,
          site: site.site ?? site.name,
          studio: site.studio,
          domain: site.domain,
          avatar: site.avatar,
          studio_slug: site.vars.studio_slug,
          disabled: site.disabled_reason !== undefined,
        };
        if (JSON.stringify(got) !== JSON.stringify(want)) {
          problems.push(`${id}: ${JSON.stringify(got)} != ${JSON.stringify(want)}`);
        }
      }
      expect(problems).toEqual([]);
    });

    it('needs no listing variable a site does not define', () => {
      expect(unresolvedListingVars(def)).toEqual([]);
    });
  });
}

describe('VRPHub studio list (scraper-sites §3.5)', () => {
  const vrphub = section(text, '### 3.5');
  const def = definition('vrphub');

  it('ships the studios the reference names (its official list is empty; its code knows two ids)', () => {
    expect(vrphub).toContain('The official list is empty');
    const hooks = /Code hooks exist for ids `([\w-]+)` and `([\w-]+)`/.exec(vrphub);
    expect(hooks).not.toBeNull();
    expect(def.sites.map((site) => site.id).sort()).toEqual([hooks?.[1], hooks?.[2]].sort());
  });

  it('names them as the reference names VRPHub studios, with the default avatar and their category', () => {
    const problems: string[] = [];
    for (const site of def.sites) {
      if (site.name !== `${site.site ?? site.name}${displaySuffixes.get('VRPHub') ?? ''}`) {
        problems.push(`${site.id}: name ${site.name}`);
      }
      if (site.avatar !== defaultAvatars.get('VRPHub')) problems.push(`${site.id}: avatar ${site.avatar}`);
      if (site.domain !== 'vrphub.com') problems.push(`${site.id}: domain ${site.domain}`);
      // The id an owner's custom entry for that category has (§1.2: `<last URL segment>-<list>`).
      if (`${site.vars.studio_slug ?? ''}-vrphub` !== site.id) {
        problems.push(`${site.id}: category ${site.vars.studio_slug ?? ''}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('needs no listing variable a site does not define', () => {
    expect(unresolvedListingVars(def)).toEqual([]);
  });
});

describe('aggregator site ids', () => {
  it('are unique over the five aggregator definitions', () => {
    const ids = ['slr', 'povr', 'vrporn', 'realvr', 'vrphub'].flatMap((id) =>
      definition(id).sites.map((site) => site.id),
    );
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  });
});
