import type { SceneSearchResponse, SearchField, SearchStateResponse } from '@fovea/contract';
import type { Logger } from '../logging/logger';
import type { JobRepository } from '../repositories/job.repository';
import type { IndexedDocument, SearchIndexRepository } from '../repositories/search-index.repository';
import { fileNameMatch, looksLikeFilePath, planSearch, withoutQueryString } from '../search/fts-match';
import { descendingScores, mergeHits, type SceneHit } from '../search/search-hits';
import { parseSearchQuery, type ParseResult } from '../search/search-query-parser';
import { planTiers, type SearchTiers } from '../search/search-tiers';
import type { SceneReader } from './scene-reader.service';

/** Most scenes one search answers with. */
export const SEARCH_LIMIT = 25;
/**
 * Matches up to which every matching scene is ranked. bm25 costs about a microsecond a document, so a broad
 * query (a word in a third of 100k synopses) ranks only the scenes with a searched word outside the
 * description, when there are enough of them to fill the answer.
 */
export const EXACT_RANKING_LIMIT = 5000;
export const INDEX_LOCKED_FIELD: SearchField = {
  fieldName: 'Error',
  fieldValue: 'Search indexes locked - reindex in progress',
};

export interface SearchServiceDeps {
  index: SearchIndexRepository;
  reader: SceneReader;
  jobs: JobRepository;
  logger: Logger;
}

/** A query SQLite's FTS5 refused (the MATCH text is built safely, so this is a guard, not a path). */
function isQueryError(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'SQLITE_ERROR';
}

/**
 * Quick find and scene match: a scene URL, a file path or name, the tiers of a plain query (search-tiers.ts:
 * exact scene id, exact title, whole id words, title phrase, id prefix) and the query string ranked by bm25,
 * in that order, each scene once. Plus the indexed fields of one scene and the index state.
 */
export class SearchService {
  constructor(private readonly deps: SearchServiceDeps) {}

  async search(q: string): Promise<SceneSearchResponse> {
    const query = q.trim();
    if (query === '') return { results: 0, scenes: null };
    const steps: SceneHit[][] = [];
    if (/^http/i.test(query)) steps.push(await this.urlHits(query));
    if (looksLikeFilePath(query)) {
      const match = fileNameMatch(query);
      if (match) steps.push(await this.safely(() => this.deps.index.matchText(match, [], SEARCH_LIMIT)));
    }
    const parsed = parseSearchQuery(query);
    const tiers = parsed.ok ? planTiers(query, parsed.clauses) : null;
    if (tiers) {
      for (const tier of await this.safelyEach(() => this.tierHits(tiers))) steps.push(tier);
    }
    const ranked = await this.safely(() => this.queryHits(parsed));
    steps.push(ranked);

    // Each scene keeps its bm25 score where it has one; one a tier puts higher scores above those after it,
    // so the score bars agree with the order.
    const relevance = new Map(ranked.map((hit) => [hit.id, hit.score]));
    const merged = mergeHits(steps, SEARCH_LIMIT).map((hit) => ({
      ...hit,
      score: relevance.get(hit.id) ?? hit.score,
    }));
    const hits = descendingScores(merged);
    const scenes = await this.deps.reader.load(
      hits.map((hit) => hit.id),
      new Map(hits.map((hit) => [hit.id, hit.score])),
    );
    return { results: scenes.length, scenes: scenes.length > 0 ? scenes : null };
  }

  /** The scene whose scene_url is the URL (query string removed), else the scenes linked to it as an alternate source. */
  private async urlHits(query: string): Promise<SceneHit[]> {
    const url = withoutQueryString(query);
    const direct = await this.deps.index.scenesByUrl(url, SEARCH_LIMIT);
    if (direct.length > 0) return direct;
    return this.deps.index.scenesByAlternateUrl([...new Set([url, query])], SEARCH_LIMIT);
  }

  /**
   * The tiers of a plain query, best first. A title phrase or id prefix found in more scenes than the exact
   * ranking takes is left to bm25 (one count each), so a broad query costs little more.
   */
  private async tierHits(tiers: SearchTiers): Promise<SceneHit[][]> {
    const { index } = this.deps;
    const rare = async (match: string | null) =>
      match !== null && !(await index.matchesMoreThan(match, EXACT_RANKING_LIMIT));
    const byId = tiers.sceneIds ? await index.scenesBySceneId(tiers.sceneIds, SEARCH_LIMIT) : [];
    const exactTitle = await index.scenesByTitle(tiers.titles, SEARCH_LIMIT);
    const idWords = tiers.idPhrase ? await index.matchText(tiers.idPhrase, [], SEARCH_LIMIT) : [];
    const phrase =
      tiers.titlePhrase !== null && (await rare(tiers.titlePhrase))
        ? await index.shortestTitles(tiers.titlePhrase, SEARCH_LIMIT)
        : [];
    const idPrefix =
      tiers.idPrefix !== null && (await rare(tiers.idPrefix))
        ? await index.matchText(tiers.idPrefix, [], SEARCH_LIMIT)
        : [];
    return [byId, exactTitle, idWords, phrase, idPrefix];
  }

  /** The query string; a syntax error answers nothing. */
  private async queryHits(parsed: ParseResult): Promise<SceneHit[]> {
    if (!parsed.ok) return [];
    const plan = planSearch(parsed.clauses);
    switch (plan.kind) {
      case 'none':
        return [];
      case 'text': {
        const { index } = this.deps;
        // A broad query is ranked among the scenes that lead the ranking when they fill the answer: those
        // with every word outside the description, else those with any.
        const leaders = [plan.strongestMatch, plan.strongMatch].filter((m): m is string => m !== null);
        if (leaders.length > 0 && (await index.matchesMoreThan(plan.match, EXACT_RANKING_LIMIT))) {
          for (const leader of leaders) {
            const leading = await index.matchText(leader, plan.filters, SEARCH_LIMIT);
            if (leading.length === SEARCH_LIMIT) return leading;
          }
        }
        return index.matchText(plan.match, plan.filters, SEARCH_LIMIT);
      }
      case 'filter':
        return this.deps.index.filterScenes(plan.filters, plan.exclude, SEARCH_LIMIT);
    }
  }

  private async safely(step: () => Promise<SceneHit[]>): Promise<SceneHit[]> {
    return (await this.safelyEach(async () => [await step()]))[0] ?? [];
  }

  private async safelyEach(step: () => Promise<SceneHit[][]>): Promise<SceneHit[][]> {
    try {
      return await step();
    } catch (error) {
      if (!isQueryError(error)) throw error;
      this.deps.logger.warn({ err: error }, 'a search query was refused; answering no matches');
      return [];
    }
  }

  /** GET /api/scene/searchfields: the fields as indexed, null when the scene is not in the index. */
  async fields(sceneId: number): Promise<SearchField[] | null> {
    if (await this.indexLocked()) return [INDEX_LOCKED_FIELD];
    const document = await this.deps.index.document(sceneId);
    return document ? toSearchFields(document) : null;
  }

  /** GET /api/options/state/search. */
  async state(): Promise<SearchStateResponse> {
    const [documentCount, locked, queued] = await Promise.all([
      this.deps.index.documentCount(),
      this.indexLocked(),
      this.deps.jobs.listQueued(),
    ]);
    return { documentCount, inProgress: locked || queued.some((job) => job.name === 'search-index') };
  }

  private async indexLocked(): Promise<boolean> {
    return (await this.deps.jobs.heldLocks()).some((lock) => lock.name === 'index');
  }
}

/** The reference's field list (title, cast, site, description, id, released, added, duration), then filenames. */
export function toSearchFields(document: IndexedDocument): SearchField[] {
  const fields: [string, string][] = [
    ['title', document.title],
    ['cast', document.cast],
    ['site', document.site],
    ['description', document.description],
    ['id', document.scene_code],
    ['released', document.release_date ?? ''],
    ['added', document.created_at.slice(0, 10)],
    ['duration', String(document.duration)],
    ['filenames', document.filenames],
  ];
  return fields.map(([fieldName, fieldValue]) => ({ fieldName, fieldValue }));
}
