import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { JobRepository } from '../../src/repositories/job.repository';
import type { SearchIndexRepository } from '../../src/repositories/search-index.repository';
import type { SceneHit } from '../../src/search/search-hits';
import type { SceneReader } from '../../src/services/scene-reader.service';
import { EXACT_RANKING_LIMIT, SEARCH_LIMIT, SearchService } from '../../src/services/search.service';

const hits = (n: number, from = 1): SceneHit[] =>
  Array.from({ length: n }, (_, i) => ({ id: from + i, score: 1 }));

/** A service over a fake index that records the MATCH expressions it ranks. */
function serviceWith(options: { count: number; strongHits: number; strongestHits?: number; error?: Error }) {
  const ranked: string[] = [];
  const index = {
    matchesMoreThan: async (_match: string, limit: number) => options.count > limit,
    // The exact-title tier of a plain query (quick-find-ranking.test.ts) finds nothing here.
    scenesByTitle: async () => {
      if (options.error) throw options.error;
      return [];
    },
    matchText: async (match: string) => {
      ranked.push(match);
      if (options.error) throw options.error;
      const strongest = /\) AND \(\{title cast site scene_code filenames\} : "[^"]+"\) AND \(/.test(match);
      if (strongest) return hits(options.strongestHits ?? 0, 500);
      return match.includes('{title cast site scene_code filenames}')
        ? hits(options.strongHits)
        : hits(25, 100);
    },
  } as unknown as SearchIndexRepository;
  const reader = {
    load: async (ids: readonly number[]) => ids.map((id) => ({ id })),
  } as unknown as SceneReader;
  const service = new SearchService({
    index,
    reader,
    jobs: {} as JobRepository,
    logger: pino({ level: 'silent' }),
  });
  return { service, ranked };
}

describe('SearchService ranking', () => {
  it('ranks every match up to the exact-ranking limit', async () => {
    const { service, ranked } = serviceWith({ count: EXACT_RANKING_LIMIT, strongHits: 25 });
    expect((await service.search('jane')).results).toBe(SEARCH_LIMIT);
    expect(ranked).toEqual(['("jane")']);
  });

  it('ranks only the strong matches of a broad query when they fill the answer', async () => {
    const { service, ranked } = serviceWith({ count: EXACT_RANKING_LIMIT + 1, strongHits: 25 });
    const body = await service.search('jane');
    expect(body.scenes?.map((scene) => scene.id)).toEqual(hits(25).map((hit) => hit.id));
    expect(ranked).toEqual(['(("jane")) AND ({title cast site scene_code filenames} : "jane")']);
  });

  it('falls back to ranking every match when the strong matches are too few', async () => {
    const { service, ranked } = serviceWith({ count: EXACT_RANKING_LIMIT + 1, strongHits: 24 });
    const body = await service.search('jane');
    expect(body.scenes?.[0]?.id).toBe(100);
    expect(ranked).toHaveLength(2);
    expect(ranked[1]).toBe('("jane")');
  });

  it('ranks a broad query of several words among the scenes with all of them first', async () => {
    const { service, ranked } = serviceWith({
      count: EXACT_RANKING_LIMIT + 1,
      strongHits: 25,
      strongestHits: 25,
    });
    const body = await service.search('jane doe');
    expect(body.scenes?.[0]?.id).toBe(500);
    expect(ranked).toEqual([
      '(("jane" OR "doe")) AND ({title cast site scene_code filenames} : "jane") AND ({title cast site scene_code filenames} : "doe")',
    ]);
  });

  it('goes on to the scenes with any of the words when too few have all of them', async () => {
    const { service, ranked } = serviceWith({
      count: EXACT_RANKING_LIMIT + 1,
      strongHits: 25,
      strongestHits: 3,
    });
    const body = await service.search('jane doe');
    expect(body.scenes?.[0]?.id).toBe(1);
    expect(ranked).toHaveLength(2);
    expect(ranked[1]).toBe(
      '(("jane" OR "doe")) AND ({title cast site scene_code filenames} : "jane" OR {title cast site scene_code filenames} : "doe")',
    );
  });

  it('ranks every match of a description-only query', async () => {
    const { service, ranked } = serviceWith({ count: EXACT_RANKING_LIMIT * 10, strongHits: 25 });
    await service.search('description:jane');
    expect(ranked).toEqual(['({description} : "jane")']);
  });

  it('answers no matches when SQLite refuses a query, and rethrows other failures', async () => {
    const refused = Object.assign(new Error('fts5: syntax error'), { code: 'SQLITE_ERROR' });
    expect(await serviceWith({ count: 1, strongHits: 0, error: refused }).service.search('jane')).toEqual({
      results: 0,
      scenes: null,
    });
    const broken = new Error('disk I/O error');
    await expect(serviceWith({ count: 1, strongHits: 0, error: broken }).service.search('jane')).rejects.toBe(
      broken,
    );
  });
});
