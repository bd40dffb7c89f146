import type { Options, StashdbPerformerResult, StashdbPerformerSearchResponse } from '@fovea/contract';
import { mapLimit } from '../media/map-limit';
import type { StashdbActorRepository } from '../repositories/stashdb-actor.repository';
import { NO_STASHDB_KEY, stashdbApiKey } from '../stashdb/stashdb-api-key';
import { parseNameList, simplifyName } from '../stashdb/stashdb-names';
import {
  directPerformerId,
  localActorFacts,
  rankPerformers,
  toPerformerResult,
  type LocalActorFacts,
} from '../stashdb/stashdb-performer-result';
import { DIRECT_LOOKUP_WEIGHT } from '../stashdb/stashdb-scene-result';
import { StashdbError, type StashdbClient } from '../stashdb/stashdb.client';
import type { StashPerformerDetails } from '../stashdb/stashdb.schemas';
import { noActor } from './actor-reader.service';

/** How much is asked of StashDB per search. */
const LIMITS = {
  /** Performers per name searched. */
  perTerm: 25,
  /** Aliases of the actor searched too when the owner typed nothing. */
  aliasesSearched: 3,
  inFlight: 4,
} as const;

export interface StashdbActorSearchDeps {
  client: Pick<StashdbClient, 'siteRoot' | 'findPerformer' | 'searchPerformerDetails'>;
  repo: Pick<StashdbActorRepository, 'actor' | 'studios'>;
  options: { get(): Options };
}

/**
 * GET /api/extref/stashdb/searchactor/{id}?q= (xbvr-wire §8): StashDB performers that may be this actor.
 * A StashDB performer id or URL in `q` is looked up directly (weight 10000); otherwise StashDB's performer
 * search is asked for `q` (else the actor's name and up to three of its aliases), and the answers are
 * ranked: the name equal to the actor's (or the text), aliases shared with the actor, and the studios the
 * actor's scenes come from. StashDB trouble never fails the call: the answer says so in `Status`.
 */
export class StashdbActorSearchService {
  constructor(private readonly deps: StashdbActorSearchDeps) {}

  async search(actorId: number, q: string): Promise<StashdbPerformerSearchResponse> {
    const actor = await this.deps.repo.actor(actorId);
    if (!actor) throw noActor(actorId);
    const key = stashdbApiKey(this.deps.options.get());
    if (key === null) return { Status: NO_STASHDB_KEY, Results: [] };

    const query = q.trim();
    const aliases = parseNameList(actor.aliases);
    const facts = localActorFacts(actor.name, aliases, await this.deps.repo.studios(actorId));
    const found = new Map<string, StashPerformerDetails>();
    let failure: StashdbError | null = null;
    const attempt = async (call: () => Promise<StashPerformerDetails[]>) => {
      try {
        for (const performer of await call())
          if (!found.has(performer.id)) found.set(performer.id, performer);
      } catch (error) {
        if (!(error instanceof StashdbError)) throw error;
        failure ??= error;
      }
    };

    const direct = directPerformerId(query);
    if (direct !== null) {
      await attempt(async () => {
        const performer = await this.deps.client.findPerformer(key, direct);
        return performer ? [performer] : [];
      });
      const results = [...found.values()].map((performer) =>
        toPerformerResult(performer, DIRECT_LOOKUP_WEIGHT, facts, this.deps.client.siteRoot),
      );
      return this.answer(results, failure);
    }

    const terms = searchTerms(query, actor.name, aliases);
    await mapLimit(terms, LIMITS.inFlight, (term) =>
      attempt(() => this.deps.client.searchPerformerDetails(key, term, LIMITS.perTerm)),
    );
    return this.answer(this.ranked(found.values(), facts, query), failure);
  }

  private ranked(candidates: Iterable<StashPerformerDetails>, facts: LocalActorFacts, query: string) {
    const root = this.deps.client.siteRoot;
    return rankPerformers(candidates, facts, query).map(({ performer, weight }) =>
      toPerformerResult(performer, weight, facts, root),
    );
  }

  private answer(
    results: StashdbPerformerResult[],
    failure: StashdbError | null,
  ): StashdbPerformerSearchResponse {
    if (failure === null) return { Status: '', Results: results };
    return {
      Status: `StashDB search failed: ${failure.message}`,
      Results: results,
    };
  }
}

/** The texts asked of StashDB: the owner's text, else the actor's name and first aliases (distinct). */
export function searchTerms(query: string, name: string, aliases: readonly string[]): string[] {
  const candidates = query !== '' ? [query] : [name, ...aliases.slice(0, LIMITS.aliasesSearched)];
  const seen = new Set<string>();
  const terms: string[] = [];
  for (const term of candidates.map((text) => text.trim())) {
    const keyed = simplifyName(term);
    if (term === '' || seen.has(keyed)) continue;
    seen.add(keyed);
    terms.push(term);
  }
  return terms;
}
