import { MATCH_TYPE_EXACT_TITLE, type SiteMatchParams } from '@fovea/contract';
import { throwIfAborted } from '../jobs/job-definition';
import type { Logger } from '../logging/logger';
import { tokenize } from '../search/fts-match';
import type { OptionsService } from '../services/options.service';
import { alternateFacts, alternateSiteId, alternateSource, withLinkState } from './alternate-scene-record';
import type {
  AlternateReference,
  AlternateSiteRow,
  AlternateSourceRepository,
  MasterTitle,
} from './alternate-source.repository';
import { titleKey } from './alternate-title';
import { bestCandidate, matchQuery, shiftDay, weightedMatchType, type AlternateFacts } from './match-score';
import { parseMatchParams } from './match-params.service';

/** The progress a run reports to (the scrape job's, or the relink job's). */
export interface LinkProgress {
  setTotal(total: number): void;
  advance(by?: number, message?: string): void;
  log(message: string): void;
}

export interface LinkerDeps {
  repo: AlternateSourceRepository;
  options: Pick<OptionsService, 'get'>;
  logger: Logger;
  clock?: () => Date;
}

export interface LinkRunResult {
  examined: number;
  linked: number;
}

/** Candidates the FTS5 search hands to the score, best bm25 first. */
const CANDIDATES = 25;
/** Words of a title and names of a cast the FTS5 search looks for at most. */
const MAX_TERMS = 40;

interface SiteContext {
  site: AlternateSiteRow;
  params: SiteMatchParams;
  masterSiteId: string;
  masterName: string;
}

const day = (iso: string | null): string => (iso ?? '').slice(0, 10);

/** The FTS5 expression of a scene's title words and cast names (quoted words only: safe to pass on). */
function candidateMatch(facts: AlternateFacts): string | null {
  const title = [...new Set(tokenize(facts.title.toLowerCase()))].map((word) => `{title} : "${word}"`);
  const cast = facts.cast
    .map((name) => tokenize(name.toLowerCase()))
    .filter((words) => words.length > 0)
    .map((words) => `{cast} : "${words.join(' ')}"`);
  const terms = [...title, ...cast].slice(0, MAX_TERMS);
  return terms.length > 0 ? terms.join(' OR ') : null;
}

/**
 * Links alternate-site scenes to scenes of their master site (xbvr-facts §7.5): the references without a link,
 * and those of a site's reprocess_links window whose links were automatic. Per reference: skipped while
 * delay_linking days have not passed since its release, or when released before the ignore date (the site's,
 * else advanced.ignoreReleasedBefore); then the one master scene with the same normalised title (match type
 * 10000), else the best weighted match of the site's parameters (match type = its score). Manual and deleted
 * links are never changed. Each reference is written in its own short transaction; running it again changes
 * nothing.
 */
export class AlternateLinker {
  private readonly clock: () => Date;

  constructor(private readonly deps: LinkerDeps) {
    this.clock = deps.clock ?? (() => new Date());
  }

  async run(progress: LinkProgress, signal?: AbortSignal): Promise<LinkRunResult> {
    const { repo } = this.deps;
    const today = this.clock().toISOString().slice(0, 10);
    const sites = await this.siteContexts();
    const references = new Map<number, AlternateReference>();
    for (const reference of await repo.unlinked()) references.set(reference.id, reference);
    for (const context of sites.values()) {
      if (context.params.reprocess_links <= 0) continue;
      const since = shiftDay(today, -context.params.reprocess_links);
      for (const reference of await repo.reprocessable(alternateSource(context.site.id), since)) {
        references.set(reference.id, reference);
      }
    }
    progress.setTotal(references.size);
    progress.log(`Linking ${references.size} alternate-site scene(s)`);
    const titles = new Map<string, Map<string, MasterTitle[]>>();
    let linked = 0;
    for (const reference of references.values()) {
      if (signal) throwIfAborted(signal);
      const siteId = alternateSiteId(reference.external_source);
      const context = siteId === null ? undefined : sites.get(siteId);
      if (context && (await this.tryLink(reference, context, titles, today))) linked += 1;
      progress.advance(1);
    }
    progress.log(`Alternate sites: ${linked} of ${references.size} scene(s) linked`);
    return { examined: references.size, linked };
  }

  private async siteContexts(): Promise<Map<string, SiteContext>> {
    const rows = await this.deps.repo.alternateSites();
    const contexts = new Map<string, SiteContext>();
    for (const site of rows) {
      const master = await this.deps.repo.site(site.master_site_id);
      contexts.set(site.id, {
        site,
        params: parseMatchParams(site.matching_params),
        masterSiteId: site.master_site_id,
        masterName: master?.name ?? site.master_site_id,
      });
    }
    return contexts;
  }

  /** One reference; a failure is logged and the run goes on with the next. */
  private async tryLink(
    reference: AlternateReference,
    context: SiteContext,
    titles: Map<string, Map<string, MasterTitle[]>>,
    today: string,
  ): Promise<boolean> {
    try {
      return await this.linkOne(reference, context, titles, today);
    } catch (error) {
      this.deps.logger.warn(
        { err: error, source: reference.external_source, id: reference.external_id },
        `${reference.external_id} could not be linked`,
      );
      return false;
    }
  }

  /** Whether the reference may be linked today (delay_linking, ignore_released_before). */
  private eligible(
    reference: AlternateReference,
    facts: AlternateFacts,
    params: SiteMatchParams,
    today: string,
  ) {
    const released = facts.released || day(reference.external_date);
    if (params.delay_linking > 0 && released !== '' && shiftDay(released, params.delay_linking) > today) {
      return false;
    }
    const ignoreBefore = day(
      params.ignore_released_before ?? this.deps.options.get().advanced.ignoreReleasedBefore,
    );
    return ignoreBefore === '' || (released !== '' && released >= ignoreBefore);
  }

  private async linkOne(
    reference: AlternateReference,
    context: SiteContext,
    titles: Map<string, Map<string, MasterTitle[]>>,
    today: string,
  ): Promise<boolean> {
    const { repo } = this.deps;
    const { facts } = alternateFacts(reference.external_data);
    if (!this.eligible(reference, facts, context.params, today)) return false;
    const now = this.clock().toISOString();
    const exact = (await this.masterTitles(context.masterSiteId, titles)).get(titleKey(facts.title)) ?? [];
    const only = exact.length === 1 ? exact[0] : undefined;
    if (only && titleKey(facts.title) !== '') {
      return repo.transaction(async (tx) => {
        const scene = { id: only.id, scene_id: only.scene_id };
        const done = await tx.link(reference, scene, MATCH_TYPE_EXACT_TITLE, now);
        if (done) await this.saveState(tx, reference, '', MATCH_TYPE_EXACT_TITLE, now);
        return done;
      });
    }
    const query = matchQuery(facts, context.params, context.masterName);
    const match = candidateMatch(facts);
    const candidates = match === null ? [] : await repo.candidates(context.masterSiteId, match, CANDIDATES);
    const best = bestCandidate(facts, candidates, context.params);
    return repo.transaction(async (tx) => {
      const matchType = best ? weightedMatchType(best.score) : -1;
      const done = best
        ? await tx.link(
            reference,
            { id: best.candidate.id, scene_id: best.candidate.sceneId },
            matchType,
            now,
          )
        : false;
      await this.saveState(tx, reference, query, done ? matchType : -1, now);
      return done;
    });
  }

  /** Writes the query and match figure into the reference's data, when they change. */
  private async saveState(
    tx: AlternateSourceRepository,
    reference: AlternateReference,
    query: string,
    matchAchieved: number,
    now: string,
  ): Promise<void> {
    const data = withLinkState(reference.external_data, query, matchAchieved);
    if (data !== reference.external_data) await tx.setData(reference.id, data, now);
  }

  private async masterTitles(
    masterSiteId: string,
    cache: Map<string, Map<string, MasterTitle[]>>,
  ): Promise<Map<string, MasterTitle[]>> {
    const known = cache.get(masterSiteId);
    if (known) return known;
    const byKey = new Map<string, MasterTitle[]>();
    for (const scene of await this.deps.repo.masterTitles(masterSiteId)) {
      const key = titleKey(scene.title);
      if (key === '') continue;
      byKey.set(key, [...(byKey.get(key) ?? []), scene]);
    }
    cache.set(masterSiteId, byKey);
    return byKey;
  }
}
