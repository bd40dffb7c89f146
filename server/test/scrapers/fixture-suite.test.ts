import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { builtinDefinitionsDir } from '../../src/scrapers/definitions/builtin-dir';
import { DefinitionRegistry } from '../../src/scrapers/definitions/definition.registry';
import type { ScraperDefinition } from '../../src/scrapers/definitions/definition.schema';
import { scrapeSceneUrl } from '../../src/scrapers/engine/scrape-site';
import { normaliseUrl } from '../../src/scrapers/engine/scene-vars';
import type { ScrapedScene } from '../../src/scrapers/scraped-scene';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';
import {
  casePages,
  expectedScenes,
  FIXTURES_DIR,
  readCases,
  type FixtureCase,
} from './support/fixture-cases';
import { fixtureFetcher, fixtureHttp } from './support/fixture-fetcher';
import { FixtureSiteServer } from './support/fixture-site-server';
import { runEngine } from './support/run-engine';
import { sceneDiff } from './support/scene-diff';

/*
 * The generic fixture suite: every built-in definition is run against the hand-made pages of its fixture
 * folder (server/test/fixtures/scrapers/<definition-id>/cases.yaml), served by one local HTTP server through
 * the real HTTP layer, and the scenes are compared with the expected file by sceneId, field by field.
 */

const userDir = makeTempDir('fovea-fixture-suite-');
const registry = new DefinitionRegistry({
  builtinDir: builtinDefinitionsDir(),
  userDir,
  logger: { info: () => undefined, warn: () => undefined },
  onChange: () => undefined,
});
const infos = await registry.load();
const definitions = [
  ...new Map(registry.sites().map((entry) => [entry.definition.id, entry.definition])).values(),
];
const server = new FixtureSiteServer();

afterAll(async () => {
  await server.close();
  removeTempDir(userDir);
});

function fixtureFolders(): string[] {
  try {
    return readdirSync(FIXTURES_DIR).filter((name) => statSync(join(FIXTURES_DIR, name)).isDirectory());
  } catch {
    return [];
  }
}

async function runCase(
  definition: ScraperDefinition,
  fixtureCase: FixtureCase,
): Promise<{ scenes: ScrapedScene[]; notes: string[]; problems: string[] }> {
  const site = definition.sites.find((entry) => entry.id === fixtureCase.site);
  if (!site) {
    const problem = `site ${fixtureCase.site} is not a site of ${definition.id}`;
    return { scenes: [], notes: [problem], problems: [problem] };
  }
  const http = fixtureHttp(await server.serve(casePages(definition.id, fixtureCase)));
  const fetcher = fixtureFetcher(http, site.id, definition.http);
  const notes: string[] = [];
  // Unexpected rejects and unserved requests fail the case even when the scenes match.
  const problems: string[] = [];
  try {
    if (fixtureCase.mode === 'single') {
      try {
        const scene = await scrapeSceneUrl({
          definition,
          site,
          fetcher,
          url: fixtureCase.url ?? '',
          additionalInfo: fixtureCase.additional_info,
          signal: new AbortController().signal,
        });
        return { scenes: [scene], notes, problems };
      } catch (error) {
        notes.push(`the single-scene scrape failed: ${String(error)}`);
        return { scenes: [], notes, problems };
      }
    }
    const run = await runEngine({
      definition,
      site,
      fetcher,
      known: fixtureCase.known.map((url) => normaliseUrl(url, definition.scene.url_normalise)),
      stopAtKnown: fixtureCase.stop_at_known,
      limitScraping: fixtureCase.mode === 'limited',
    });
    if (run.error !== null) notes.push(`the run ended with ${String(run.error)}`);
    for (const reject of run.rejects) {
      const note = `rejected ${reject.url}: ${reject.reason}`;
      notes.push(note);
      if (!fixtureCase.expected_rejects.includes(reject.url)) problems.push(`unexpected: ${note}`);
    }
    const scripted = run.scriptUpdates.map((update) => update.sceneUrl);
    if (JSON.stringify(scripted) !== JSON.stringify(fixtureCase.script_updates)) {
      problems.push(
        `script updates ${JSON.stringify(scripted)}, expected ${JSON.stringify(fixtureCase.script_updates)}`,
      );
    }
    for (const url of fixtureCase.expected_rejects) {
      if (!run.rejects.some((reject) => reject.url === url)) problems.push(`expected a reject of ${url}`);
    }
    return { scenes: run.scenes, notes, problems };
  } finally {
    for (const miss of server.misses) {
      notes.push(`asked for a URL the case does not serve: ${miss}`);
      if (!fixtureCase.allow_unserved.includes(miss)) problems.push(`unserved: ${miss}`);
    }
    await http.close();
  }
}

describe('fixture suite: coverage', () => {
  it('has built-in definitions, all valid', () => {
    expect(infos.filter((info) => info.error !== '').map((info) => info.error)).toEqual([]);
    expect(definitions.length).toBeGreaterThan(0);
  });

  it('gives every built-in definition at least one case, each naming one of its sites', () => {
    const problems: string[] = [];
    for (const definition of definitions) {
      const cases = readCases(definition.id);
      if (cases === null) {
        problems.push(`${definition.id}: no server/test/fixtures/scrapers/${definition.id}/cases.yaml`);
        continue;
      }
      const siteIds = new Set(definition.sites.map((site) => site.id));
      for (const fixtureCase of cases) {
        if (!siteIds.has(fixtureCase.site))
          problems.push(`${definition.id}: case "${fixtureCase.name}" names ${fixtureCase.site}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('has no fixture folder without a built-in definition', () => {
    const ids = new Set(definitions.map((definition) => definition.id));
    expect(fixtureFolders().filter((folder) => !ids.has(folder))).toEqual([]);
  });
});

for (const definition of definitions) {
  const cases = readCases(definition.id) ?? [];
  describe(`fixture suite: ${definition.id}`, () => {
    for (const fixtureCase of cases) {
      it(`${fixtureCase.site} ${fixtureCase.mode}: ${fixtureCase.name}`, async () => {
        const { scenes, notes, problems } = await runCase(definition, fixtureCase);
        const diff = sceneDiff(scenes, expectedScenes(definition.id, fixtureCase));
        expect(diff.length === 0 ? problems : [...diff, '--- notes:', ...notes]).toEqual([]);
      });
    }
  });
}
