import type { Options, StashdbSceneSearchResponse } from '@fovea/contract';
import { mapLimit } from '../media/map-limit';
import type {
  StashdbCastRow,
  StashdbLinkRepository,
  StashdbSceneRow,
} from '../repositories/stashdb-link.repository';
import { NO_STASHDB_KEY, stashdbApiKey } from '../stashdb/stashdb-api-key';
import {
  nameKeys,
  parseNameList,
  performerKeys,
  sharesKey,
  studioSearchName,
} from '../stashdb/stashdb-names';
import { rankScenes, type LocalSceneFacts, type RankedScene } from '../stashdb/stashdb-ranking';
import { DIRECT_LOOKUP_WEIGHT, directLookupId, toSceneResult } from '../stashdb/stashdb-scene-result';
import { StashdbError, type StashdbClient } from '../stashdb/stashdb.client';
import type { SceneQueryInput, StashScene } from '../stashdb/stashdb.schemas';
import { noScene } from './scene.service';

/** How much is asked of StashDB per search. */
const LIMITS = {
  /** Requests in flight at once. */
  inFlight: 4,
  /** Results of the free-text search and of the studio's scenes matching the text. */
  textScenes: 40,
  /** Cast actors looked up as performers, and performers whose scenes are listed. */
  castSearched: 6,
  performersQueried: 8,
  performerCandidates: 25,
  performerScenes: 100,
} as const;

export interface StashdbSceneSearchDeps {
  client: Pick<
    StashdbClient,
    'siteRoot' | 'findScene' | 'searchScene' | 'findStudio' | 'queryScenes' | 'searchPerformer'
  >;
  repo: Pick<StashdbLinkRepository, 'scene' | 'cast'>;
  options: { get(): Options };
}

/** The scenes gathered from several StashDB calls, and the first failure among them. */
class Candidates {
  readonly scenes = new Map<string, StashScene>();
  failure: StashdbError | null = null;

  add(scenes: readonly StashScene[] | null): void {
    for (const scene of scenes ?? []) if (!this.scenes.has(scene.id)) this.scenes.set(scene.id, scene);
  }

  /** Runs one call; a StashDB failure is remembered (the first one) and gives null. */
  async try<T>(call: () => Promise<T>): Promise<T | null> {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof StashdbError)) throw error;
      this.failure ??= error;
      return null;
    }
  }
}

export function toLocalFacts(row: StashdbSceneRow, cast: readonly StashdbCastRow[]): LocalSceneFacts {
  return {
    title: row.title,
    site: row.site,
    studio: row.studio,
    releaseDate: /^\d{4}-\d{2}-\d{2}/.exec(row.release_date ?? '')?.[0] ?? '',
    durationMinutes: row.duration,
    sceneUrl: row.scene_url,
    cast: cast.map((actor) => nameKeys([actor.name, ...parseNameList(actor.aliases)])),
  };
}

const run = (tasks: readonly (() => Promise<void>)[]) => mapLimit(tasks, LIMITS.inFlight, (task) => task());

/**
 * GET /api/extref/stashdb/search/{id}?q= (xbvr-facts §3.8): StashDB scenes that may be this scene, ranked.
 * A StashDB id or scene URL in `q` is looked up directly; otherwise candidates come from a free-text search
 * (q, else the title), the scenes of the scene's studio matching that text, and the scenes of the cast (the
 * performers whose name or alias is an actor's name or alias, within the studio when it is known). StashDB
 * trouble never fails the call: the answer says so in `Status`, with whatever was gathered.
 */
export class StashdbSceneSearchService {
  constructor(private readonly deps: StashdbSceneSearchDeps) {}

  async search(sceneId: number, q: string): Promise<StashdbSceneSearchResponse> {
    const row = await this.deps.repo.scene(sceneId);
    if (!row) throw noScene(sceneId);
    const key = stashdbApiKey(this.deps.options.get());
    if (key === null) return { Status: NO_STASHDB_KEY, Results: [] };

    const query = q.trim();
    const found = new Candidates();
    const direct = directLookupId(query);
    if (direct !== null) {
      const scene = await found.try(() => this.deps.client.findScene(key, direct, 'summary'));
      return this.answer(found, scene ? [{ scene, weight: DIRECT_LOOKUP_WEIGHT }] : []);
    }
    const cast = await this.deps.repo.cast(sceneId);
    await this.gather(key, query || row.title, row, cast, found);
    return this.answer(found, rankScenes(found.scenes.values(), toLocalFacts(row, cast), query));
  }

  private async gather(
    key: string,
    term: string,
    row: StashdbSceneRow,
    cast: readonly StashdbCastRow[],
    found: Candidates,
  ): Promise<void> {
    const { client } = this.deps;
    const studioName = studioSearchName(row.site) || studioSearchName(row.studio);
    const known: { studio: { id: string } | null; performers: Set<string> } = {
      studio: null,
      performers: new Set(),
    };
    await run([
      async () => {
        if (term !== '') found.add(await found.try(() => client.searchScene(key, term, LIMITS.textScenes)));
      },
      async () => {
        if (studioName !== '') known.studio = await found.try(() => client.findStudio(key, studioName));
      },
      ...cast.slice(0, LIMITS.castSearched).map((actor) => async () => {
        const keys = nameKeys([actor.name, ...parseNameList(actor.aliases)]);
        const performers = await found.try(() =>
          client.searchPerformer(key, actor.name, LIMITS.performerCandidates),
        );
        for (const performer of performers ?? []) {
          if (sharesKey(keys, performerKeys(performer))) known.performers.add(performer.id);
        }
      }),
    ]);

    const inStudio: SceneQueryInput = known.studio
      ? { studios: { value: [known.studio.id], modifier: 'INCLUDES' } }
      : {};
    const query = (input: SceneQueryInput) => async () => {
      found.add(await found.try(() => client.queryScenes(key, input)));
    };
    await run([
      ...(known.studio && term !== ''
        ? [query({ ...inStudio, text: term, per_page: LIMITS.textScenes })]
        : []),
      ...[...known.performers].slice(0, LIMITS.performersQueried).map((id) =>
        query({
          performers: { value: [id], modifier: 'INCLUDES' },
          ...inStudio,
          per_page: LIMITS.performerScenes,
        }),
      ),
    ]);
  }

  private answer(found: Candidates, ranked: readonly RankedScene[]): StashdbSceneSearchResponse {
    const root = this.deps.client.siteRoot;
    const results = ranked.map(({ scene, weight }) => toSceneResult(scene, weight, root));
    if (found.failure === null) return { Status: '', Results: results };
    return {
      Status: `StashDB search failed: ${found.failure.message}`,
      Results: results,
    };
  }
}
