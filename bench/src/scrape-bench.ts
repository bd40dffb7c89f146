// The scraper figures of `npm run bench` (issue 17): parse time per scene page, and the time to write 1,000
// scraped scenes into the bench library (100k scenes by default).
//
// - Parse: every built-in definition's single-scene fixture (server/test/fixtures/scrapers/<id>/cases.yaml)
//   scraped PARSE_ROUNDS times through the real engine, with its pages served from memory (no network in the
//   figure) and HTML pages grown to a real page's size (about 250 KB of related scenes, state JSON and CSS):
//   milliseconds per scene page, per definition. Target: under 5 ms a page.
// - Write: SCENES_WRITTEN generated scenes (3 cast, 8 tags, a cover and 10 gallery images each; half the cast
//   new actors) written through the scrape writer in batches of 100, as a scrape does; then the same scenes
//   again (nothing changed) and once more with a new title and tags (all updated). Target: under 1 s per
//   1,000 scenes. The scenes are deleted again afterwards.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { parse } from 'yaml';
import { createApp } from '../../server/src/app';
import { findProjectRoot } from '../../server/src/config/app-info';
import { ScrapedSceneWriteRepository } from '../../server/src/repositories/scraped-scene-write.repository';
import { builtinDefinitionsDir } from '../../server/src/scrapers/definitions/builtin-dir';
import {
  DefinitionRegistry,
  type RegisteredSite,
} from '../../server/src/scrapers/definitions/definition.registry';
import { scrapeSceneUrl } from '../../server/src/scrapers/engine/scrape-site';
import { ScrapeHttpError, type ScrapeFetcher } from '../../server/src/scrapers/http/scrape-fetcher';
import { emptyScrapedScene, type ScrapedScene } from '../../server/src/scrapers/scraped-scene';
import { ScrapedSceneWriter } from '../../server/src/scrapers/store/scraped-scene-writer.service';
import { benchConfig } from './bench-config';

export const PARSE_TARGET_MS = 5;
export const WRITE_TARGET_MS = 1000;
const PARSE_ROUNDS = Number(process.env.BENCH_PARSE_ROUNDS ?? 100);
const SCENES_WRITTEN = Number(process.env.BENCH_SCRAPE_SCENES ?? 1000);
const BATCH = 100;

interface FixtureCase {
  mode: string;
  site: string;
  url?: string;
  pages: { url: string; file: string }[];
}

/**
 * What a real studio scene page carries besides the scene (about 250 KB): a grid of related scenes (500
 * cards, 2,500 elements), an inline JSON state script and inline CSS, as such pages do.
 */
const PADDING =
  `<section class="fovea-bench-pad">${Array.from(
    { length: 500 },
    (_, n) =>
      `<div class="fovea-bench-item"><a href="/bench/${n}"><img src="https://cdn.bench.example/${n}.jpg" alt="Related ${n}"><span>Related scene ${n}</span></a><p>About related scene ${n}.</p></div>`,
  ).join('\n')}</section>` +
  `<script>window.__BENCH_STATE__=${JSON.stringify(
    Array.from({ length: 900 }, (_, n) => ({
      id: n,
      title: `Scene ${n}`,
      url: `https://bench.example/${n}`,
      tags: ['a', 'b'],
    })),
  )}</script>` +
  `<style>${'.fovea-bench-item{color:#eee;margin:0 auto;padding:1px 2px}\n'.repeat(1500)}</style>`;

/** The page grown to a real page's size: the padding before </body> (HTML only). */
function realSize(text: string): string {
  const at = text.lastIndexOf('</body>');
  return at < 0 ? text : text.slice(0, at) + PADDING + text.slice(at);
}

/** A fetcher answering from files in memory, so the figure is the engine's alone. */
function memoryFetcher(pages: Map<string, string>): ScrapeFetcher {
  return {
    fetch: async (url) => {
      const text = pages.get(url);
      if (text === undefined) throw new ScrapeHttpError(`no fixture page for ${url}`, url, 404);
      return {
        url,
        status: 200,
        contentType: url.endsWith('.json') ? 'application/json' : 'text/html',
        text,
      };
    },
    stats: () => ({ pagesFetched: 0, statuses: {} }),
  };
}

/** Milliseconds per page to scrape one scene from these pages, and their mean size. */
async function timeParse(defined: RegisteredSite, url: string, pages: Map<string, string>) {
  const input = {
    ...defined,
    fetcher: memoryFetcher(pages),
    url,
    additionalInfo: {},
    signal: new AbortController().signal,
  };
  for (let i = 0; i < 5; i++) await scrapeSceneUrl(input);
  const started = performance.now();
  for (let i = 0; i < PARSE_ROUNDS; i++) await scrapeSceneUrl(input);
  const perPage = (performance.now() - started) / PARSE_ROUNDS / Math.max(1, pages.size);
  const kb = [...pages.values()].reduce((sum, text) => sum + text.length, 0) / pages.size / 1024;
  return { perPage, kb };
}

export async function reportParse(): Promise<boolean> {
  const root = findProjectRoot();
  const registry = new DefinitionRegistry({
    builtinDir: builtinDefinitionsDir(root),
    userDir: join(root, 'no-user-definitions'),
    logger: { info: () => undefined, warn: () => undefined },
    onChange: () => undefined,
  });
  await registry.load();
  const fixtures = join(root, 'server/test/fixtures/scrapers');
  let worst = 0;
  console.log(
    `\n== Scrapers: parse time per scene page (${PARSE_ROUNDS} rounds each, pages in memory, real size)`,
  );
  for (const info of registry.infos()) {
    let cases: FixtureCase[];
    try {
      cases = (parse(readFileSync(join(fixtures, info.id, 'cases.yaml'), 'utf8')) as { cases: FixtureCase[] })
        .cases;
    } catch {
      continue;
    }
    const single = cases.find((c) => c.mode === 'single' && c.url !== undefined);
    const defined = single ? registry.site(single.site) : null;
    if (!single?.url || !defined) continue;
    const files = single.pages.map(
      (p) => [p.url, readFileSync(join(fixtures, info.id, p.file), 'utf8')] as const,
    );
    const small = await timeParse(defined, single.url, new Map(files));
    const real = await timeParse(
      defined,
      single.url,
      new Map(files.map(([url, text]) => [url, realSize(text)])),
    );
    worst = Math.max(worst, real.perPage);
    console.log(
      `  ${info.id.padEnd(20)} ${real.perPage.toFixed(2)} ms a page of ${real.kb.toFixed(0)} KB; ` +
        `${small.perPage.toFixed(2)} ms as in its fixture (${small.kb.toFixed(0)} KB)`,
    );
  }
  const pass = worst < PARSE_TARGET_MS;
  console.log(
    `  slowest: ${worst.toFixed(2)} ms a page — ${pass ? 'PASS' : 'FAIL'} (target under ${PARSE_TARGET_MS} ms)`,
  );
  return pass;
}

function benchScene(n: number, round: number): ScrapedScene {
  return {
    ...emptyScrapedScene('benchstudio'),
    sceneId: `benchstudio-${n}`,
    siteId: String(n),
    title: round === 2 ? `Bench scene ${n}, remastered` : `Bench scene ${n}`,
    studio: 'Bench Network',
    site: 'Bench Studio',
    covers: [`https://cdn.bench.example/${n}/cover.jpg`],
    gallery: Array.from({ length: 10 }, (_, g) => `https://cdn.bench.example/${n}/g${g}.jpg`),
    tags: Array.from(
      { length: 8 },
      (_, t) => `bench tag ${(n * 7 + t + round * (round === 2 ? 3 : 0)) % 300}`,
    ),
    cast: [`Bench Actor ${n % 500}`, `Bench Actor ${(n * 3) % 500}`, `Bench Newcomer ${n}`],
    filenames: [`benchstudio_${n}_8K_180_LR.mp4`],
    duration: 30 + (n % 30),
    synopsis: `Synopsis of bench scene ${n}.`,
    released: '2025-06-01',
    homepageUrl: `https://bench.example/video/${n}`,
    actorDetails: {
      [`Bench Newcomer ${n}`]: {
        imageUrl: `https://cdn.bench.example/a/${n}.jpg`,
        profileUrl: `https://bench.example/model/${n}`,
        source: 'benchstudio scrape',
      },
    },
  };
}

async function reportWrite(dataDir: string): Promise<boolean> {
  const app = await createApp({ ...benchConfig(dataDir), logLevel: 'error' });
  try {
    const { db } = app.database;
    const writer = new ScrapedSceneWriter({
      repo: new ScrapedSceneWriteRepository(db),
      status: app.sceneStatus,
    });
    const before = await db
      .selectFrom('scenes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    console.log(
      `\n== Scrapers: writing ${SCENES_WRITTEN} scraped scenes into a library of ${Number(before.n)} scenes (batches of ${BATCH})`,
    );
    const rounds = [
      { round: 0, label: 'new scenes' },
      { round: 0, label: 'again, unchanged' },
      { round: 2, label: 'again, title and tags changed' },
    ];
    let worst = 0;
    for (const { round, label } of rounds) {
      const started = performance.now();
      const outcome = { created: 0, updated: 0, unchanged: 0 };
      for (let start = 0; start < SCENES_WRITTEN; start += BATCH) {
        const batch = Array.from({ length: Math.min(BATCH, SCENES_WRITTEN - start) }, (_, i) =>
          benchScene(start + i, round),
        );
        const result = await writer.writeBatch(batch);
        outcome.created += result.created.length;
        outcome.updated += result.updated.length;
        outcome.unchanged += result.unchanged.length;
      }
      const perThousand = ((performance.now() - started) * 1000) / SCENES_WRITTEN;
      worst = Math.max(worst, perThousand);
      console.log(
        `  ${label.padEnd(32)} ${perThousand.toFixed(0)} ms per 1,000 scenes ` +
          `(${outcome.created} created, ${outcome.updated} updated, ${outcome.unchanged} unchanged)`,
      );
    }
    const pass = worst < WRITE_TARGET_MS;
    console.log(
      `  slowest: ${worst.toFixed(0)} ms per 1,000 — ${pass ? 'PASS' : 'FAIL'} (target under ${WRITE_TARGET_MS} ms)`,
    );
    await sql`DELETE FROM scenes WHERE scraper_id = 'benchstudio'`.execute(db);
    await sql`DELETE FROM actors WHERE name LIKE 'Bench Actor %' OR name LIKE 'Bench Newcomer %'`.execute(db);
    await sql`DELETE FROM tags WHERE name LIKE 'bench tag %'`.execute(db);
    return pass;
  } finally {
    await app.close();
  }
}

/** Both scraper figures; answers whether both met their targets. */
export async function reportScrape(dataDir: string): Promise<boolean> {
  const parsed = await reportParse();
  const written = await reportWrite(dataDir);
  return parsed && written;
}
