import type { z } from 'zod';
import {
  FIND_PERFORMER,
  FIND_SCENE_FULL,
  FIND_SCENE_SUMMARY,
  FIND_STUDIO,
  FIND_STUDIO_BY_ID,
  QUERY_SCENE_IDS,
  QUERY_SCENES,
  QUERY_STUDIO_PERFORMERS,
  QUERY_STUDIO_SCENES,
  SEARCH_PERFORMER,
  SEARCH_PERFORMER_DETAILS,
  SEARCH_SCENE,
} from './stashdb.documents';
import {
  FindPerformerData,
  FindSceneData,
  FindStudioData,
  GraphqlAnswer,
  QuerySceneIdsData,
  QueryScenesData,
  SearchPerformerData,
  SearchPerformerDetailsData,
  SearchSceneData,
  type SceneQueryInput,
  type StashPerformer,
  type StashPerformerDetails,
  type StashScene,
  type StashStudio,
} from './stashdb.schemas';
import {
  FindStudioByIdData,
  QueryStudioPerformersData,
  QueryStudioScenesData,
  type StashPage,
  type StashStudioDetails,
  type StashStudioPerformer,
  type StashStudioScene,
  type StudioScenesTarget,
} from './stashdb-studio.schemas';

/** Scenes per page of a studio's scenes, as the reference asks. */
export const STUDIO_SCENES_PER_PAGE = 25;
/** Performers per page of a studio's performers. */
export const STUDIO_PERFORMERS_PER_PAGE = 100;

/**
 * StashDB did not answer as hoped. The message is the reason alone, for a sentence such as "StashDB search
 * failed: <reason>". `status` is the HTTP status of a non-2xx answer (401 or 403: the API key was refused),
 * else 0.
 */
export class StashdbError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'StashdbError';
  }
}

export interface StashdbClientOptions {
  /** Per request. */
  timeoutMs?: number;
}

/** Per request: StashDB's text searches can take several seconds. */
const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * A small client of a stash-box GraphQL API (StashDB by default). Every call is a POST of {query, variables}
 * with the owner's key in the `ApiKey` header; answers are read with zod. The key goes per call, so a key
 * changed in the options is used at once.
 */
export class StashdbClient {
  readonly url: string;
  private readonly timeoutMs: number;

  constructor(url: string, options: StashdbClientOptions = {}) {
    this.url = url;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  /**
   * The site of the configured endpoint (https://stashdb.org for the default): scene and performer pages are
   * <siteRoot>/scenes/<id> and <siteRoot>/performers/<id>.
   */
  get siteRoot(): string {
    try {
      return new URL(this.url).origin;
    } catch {
      return 'https://stashdb.org';
    }
  }

  /** One scene by id, or null when StashDB has none; `full` adds what a link stores (tags, fingerprints...). */
  async findScene(
    apiKey: string,
    id: string,
    fields: 'summary' | 'full' = 'full',
    signal?: AbortSignal,
  ): Promise<StashScene | null> {
    const document = fields === 'full' ? FIND_SCENE_FULL : FIND_SCENE_SUMMARY;
    const data = await this.request(apiKey, document, { id }, FindSceneData, signal);
    return data.findScene;
  }

  /** Free-text scene search (title, studio, performers). */
  async searchScene(apiKey: string, term: string, limit: number): Promise<StashScene[]> {
    return (await this.request(apiKey, SEARCH_SCENE, { term, limit }, SearchSceneData)).searchScene;
  }

  /** A studio by its exact name, or null. */
  async findStudio(apiKey: string, name: string): Promise<Pick<StashStudio, 'id' | 'name'> | null> {
    return (await this.request(apiKey, FIND_STUDIO, { name }, FindStudioData)).findStudio;
  }

  /** A studio by its id, or null. */
  async findStudioById(apiKey: string, id: string): Promise<StashStudioDetails | null> {
    return (await this.request(apiKey, FIND_STUDIO_BY_ID, { id }, FindStudioByIdData)).findStudio;
  }

  /** One page (from 1) of a studio's scenes, most recently updated first, with the total count. */
  async studioScenes(
    apiKey: string,
    target: StudioScenesTarget,
    page: number,
    signal?: AbortSignal,
  ): Promise<StashPage<StashStudioScene>> {
    const filter =
      'studioId' in target
        ? { studios: { value: [target.studioId], modifier: 'EQUALS' } }
        : {
            parentStudio: target.parentStudioId,
            ...(target.tagId ? { tags: { value: [target.tagId], modifier: 'INCLUDES' } } : {}),
          };
    const input = {
      ...filter,
      page,
      per_page: STUDIO_SCENES_PER_PAGE,
      sort: 'UPDATED_AT',
      direction: 'DESC',
    };
    const data = await this.request(apiKey, QUERY_STUDIO_SCENES, { input }, QueryStudioScenesData, signal);
    return { count: data.queryScenes.count, items: data.queryScenes.scenes };
  }

  /** One page (from 1) of a studio's performers, with the total count. */
  async studioPerformers(
    apiKey: string,
    studioId: string,
    page: number,
    signal?: AbortSignal,
  ): Promise<StashPage<StashStudioPerformer>> {
    const input = { studio_id: studioId, page, per_page: STUDIO_PERFORMERS_PER_PAGE };
    const data = await this.request(
      apiKey,
      QUERY_STUDIO_PERFORMERS,
      { input },
      QueryStudioPerformersData,
      signal,
    );
    return { count: data.queryPerformers.count, items: data.queryPerformers.performers };
  }

  async queryScenes(apiKey: string, input: SceneQueryInput): Promise<StashScene[]> {
    return (await this.request(apiKey, QUERY_SCENES, { input }, QueryScenesData)).queryScenes.scenes;
  }

  /** Ids of the scenes with a fingerprint of this value (an OpenSubtitles hash, 16 hex digits). */
  async sceneIdsByFingerprint(apiKey: string, hash: string, signal?: AbortSignal): Promise<string[]> {
    const input: SceneQueryInput = {
      fingerprints: { value: [hash], modifier: 'INCLUDES' },
      page: 1,
      per_page: 25,
    };
    const data = await this.request(apiKey, QUERY_SCENE_IDS, { input }, QuerySceneIdsData, signal);
    return data.queryScenes.scenes.map((scene) => scene.id);
  }

  /** Performers whose name or alias matches the term. */
  async searchPerformer(apiKey: string, term: string, limit: number): Promise<StashPerformer[]> {
    return (await this.request(apiKey, SEARCH_PERFORMER, { term, limit }, SearchPerformerData))
      .searchPerformer;
  }

  /** One performer by id with every fact an actor takes from it, or null when StashDB has none. */
  async findPerformer(apiKey: string, id: string): Promise<StashPerformerDetails | null> {
    return (await this.request(apiKey, FIND_PERFORMER, { id }, FindPerformerData)).findPerformer;
  }

  /** Performers whose name or alias matches the term, with their facts, images and studios. */
  async searchPerformerDetails(
    apiKey: string,
    term: string,
    limit: number,
  ): Promise<StashPerformerDetails[]> {
    return (await this.request(apiKey, SEARCH_PERFORMER_DETAILS, { term, limit }, SearchPerformerDetailsData))
      .searchPerformer;
  }

  private async request<T>(
    apiKey: string,
    query: string,
    variables: Record<string, unknown>,
    schema: z.ZodType<T>,
    signal?: AbortSignal,
  ): Promise<T> {
    const operationName = /^query (\w+)/.exec(query)?.[1];
    const timeout = AbortSignal.timeout(this.timeoutMs);
    let response: Response;
    try {
      response = await fetch(this.url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', ApiKey: apiKey },
        body: JSON.stringify({ query, variables, operationName }),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (error) {
      if (signal?.aborted) throw new StashdbError(0, 'the work was stopped');
      if (timeout.aborted) throw new StashdbError(0, `no answer within ${this.timeoutMs / 1000} s`);
      throw new StashdbError(0, `${new URL(this.url).host} could not be reached${cause(error)}`);
    }
    const text = await response.text().catch(() => '');
    const answer = GraphqlAnswer.safeParse(parseJson(text));
    const firstError = answer.success ? answer.data.errors?.[0]?.message : undefined;
    if (!response.ok) {
      const detail = firstError ?? (answer.success ? '' : text.trim().slice(0, 200));
      throw new StashdbError(response.status, `HTTP ${response.status}${detail ? `: ${detail}` : ''}`);
    }
    if (!answer.success) throw new StashdbError(0, 'the answer was not GraphQL JSON');
    if (firstError !== undefined) throw new StashdbError(0, firstError);
    const data = schema.safeParse(answer.data.data);
    if (!data.success) throw new StashdbError(0, `unexpected answer to ${operationName ?? 'a query'}`);
    return data.data;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Why a fetch failed: the system error code (ECONNREFUSED, ENOTFOUND...), else the cause's message. */
function cause(error: unknown): string {
  const inner =
    error instanceof Error ? (error.cause as { code?: unknown; message?: unknown } | undefined) : undefined;
  if (typeof inner?.code === 'string') return ` (${inner.code})`;
  return typeof inner?.message === 'string' && inner.message !== '' ? ` (${inner.message})` : '';
}
