import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A tattoo or piercing (stash-box's BodyModification). */
export interface FakeBodyModification {
  location: string;
  description: string | null;
}

/** The studios of a performer with its scene count in each (stash-box's PerformerStudio). */
export interface FakePerformerStudio {
  scene_count: number;
  studio: { id: string; name: string; parent: { id: string; name: string } | null };
}

/**
 * A StashDB performer (stash-box's Performer type): enums upper case, height in cm, measurements in
 * inches. `studios` left empty is worked out from the fake's scenes, as StashDB does.
 */
export interface FakeStashPerformer {
  id: string;
  name: string;
  disambiguation: string | null;
  aliases: string[];
  gender: string | null;
  deleted: boolean;
  updated: string;
  birth_date: string | null;
  country: string | null;
  ethnicity: string | null;
  eye_color: string | null;
  hair_color: string | null;
  height: number | null;
  cup_size: string | null;
  band_size: number | null;
  waist_size: number | null;
  hip_size: number | null;
  breast_type: string | null;
  career_start_year: number | null;
  career_end_year: number | null;
  tattoos: FakeBodyModification[];
  piercings: FakeBodyModification[];
  urls: { url: string; site: { id: string; name: string } }[];
  images: { url: string; width: number; height: number }[];
  studios: FakePerformerStudio[];
}

/** A StashDB scene with every field Fovea asks for (stash-box's Scene type). */
export interface FakeStashScene {
  id: string;
  title: string | null;
  details: string | null;
  release_date: string | null;
  date: string | null;
  production_date: string | null;
  duration: number | null;
  code: string | null;
  director: string | null;
  deleted: boolean;
  updated: string;
  urls: { url: string; site: { id: string; name: string } }[];
  images: { url: string; width: number; height: number }[];
  studio: { id: string; name: string; parent: { id: string; name: string } | null } | null;
  tags: { id: string; name: string }[];
  performers: { as: string | null; performer: FakeStashPerformer }[];
  fingerprints: { hash: string; algorithm: string; duration: number; submissions: number }[];
}

/** A StashDB studio (stash-box's Studio type). */
export interface FakeStashStudio {
  id: string;
  name: string;
  updated?: string;
  parent?: { id: string; name: string } | null;
}

export interface FakeStashRequest {
  /** The ApiKey header. */
  apiKey: string;
  operationName: string;
  /**
   * The root field asked for: findScene, searchScene, findStudio, queryScenes, queryPerformers, searchPerformer
   * or findPerformer.
   */
  field: string;
  variables: Record<string, unknown>;
}

export interface FakeStashdb {
  /** The GraphQL endpoint to give the app as stashdbUrl. */
  url: string;
  /** Keys accepted; any other is refused with 401 (an empty set accepts every key). */
  apiKeys: Set<string>;
  scenes: FakeStashScene[];
  studios: FakeStashStudio[];
  performers: FakeStashPerformer[];
  requests: FakeStashRequest[];
  /** Every request answered with this HTTP status. */
  failWith: number | null;
  /** Root fields answered with a GraphQL error (HTTP 200, `errors`). */
  failFields: Set<string>;
  /** Taken and never answered (the client's timeout). */
  stall: boolean;
  /** Wait before answering, in ms. */
  delayMs: number;
  /** The most requests seen in flight at once. */
  maxInFlight: number;
  /** Forgets requests and failure modes (the data stays). */
  reset(): void;
  close(): Promise<void>;
}

let counter = 0;

export function stashPerformer(name: string, values: Partial<FakeStashPerformer> = {}): FakeStashPerformer {
  counter += 1;
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    name,
    disambiguation: null,
    aliases: [],
    gender: 'FEMALE',
    deleted: false,
    updated: '2024-05-01T10:00:00Z',
    birth_date: null,
    country: null,
    ethnicity: null,
    eye_color: null,
    hair_color: null,
    height: null,
    cup_size: null,
    band_size: null,
    waist_size: null,
    hip_size: null,
    breast_type: null,
    career_start_year: null,
    career_end_year: null,
    tattoos: [],
    piercings: [],
    urls: [],
    images: [],
    studios: [],
    ...values,
  };
}

/** A StashDB scene; ids are UUIDs counting up unless given. */
export function stashScene(values: Partial<FakeStashScene> = {}): FakeStashScene {
  counter += 1;
  return {
    id: `11111111-2222-4333-8444-${String(counter).padStart(12, '0')}`,
    title: `Stash scene ${counter}`,
    details: null,
    release_date: null,
    date: null,
    production_date: null,
    duration: null,
    code: null,
    director: null,
    deleted: false,
    updated: '2024-05-01T10:00:00Z',
    urls: [],
    images: [],
    studio: null,
    tags: [],
    performers: [],
    fingerprints: [],
    ...values,
  };
}

const lower = (text: string | null | undefined) => (text ?? '').toLowerCase();
const words = (text: string) =>
  lower(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 2);

interface Criterion {
  value?: string[] | string;
}
const values = (criterion: Criterion | undefined): string[] | null =>
  criterion?.value === undefined ? null : ([] as string[]).concat(criterion.value);

/** One page of a list (page from 1), with the total. */
function paged<T>(hits: T[], input: Record<string, unknown>): { count: number; page: T[] } {
  const perPage = Number(input.per_page ?? 25);
  const page = Number(input.page ?? 1);
  return { count: hits.length, page: hits.slice((page - 1) * perPage, page * perPage) };
}

/**
 * queryScenes: text, studios, parentStudio, tags, performers and fingerprints filters, the UPDATED_AT sort
 * (DESC unless ASC is asked), then page and per_page; `count` is the number of hits on every page.
 */
function queryScenes(
  scenes: FakeStashScene[],
  input: Record<string, unknown>,
): { count: number; page: FakeStashScene[] } {
  const text = typeof input.text === 'string' ? lower(input.text) : null;
  const studios = values(input.studios as Criterion | undefined);
  const parent = typeof input.parentStudio === 'string' ? input.parentStudio : null;
  const tags = values(input.tags as Criterion | undefined);
  const performers = values(input.performers as Criterion | undefined);
  const fingerprints = values(input.fingerprints as Criterion | undefined);
  const hits = scenes.filter(
    (scene) =>
      (text === null || lower(scene.title).includes(text) || lower(scene.details).includes(text)) &&
      (studios === null || studios.includes(scene.studio?.id ?? '')) &&
      (parent === null || scene.studio?.parent?.id === parent) &&
      (tags === null || scene.tags.some((tag) => tags.includes(tag.id))) &&
      (performers === null || scene.performers.some((p) => performers.includes(p.performer.id))) &&
      (fingerprints === null || scene.fingerprints.some((f) => fingerprints.includes(f.hash))),
  );
  if (input.sort === 'UPDATED_AT') {
    const sign = input.direction === 'ASC' ? 1 : -1;
    hits.sort((a, b) => sign * a.updated.localeCompare(b.updated));
  }
  return paged(hits, input);
}

/** queryPerformers by studio_id: the performers of the studio's scenes (or with it in their studios). */
function queryPerformers(
  state: FakeStashdb,
  input: Record<string, unknown>,
): { count: number; page: FakeStashPerformer[] } {
  const studio = String(input.studio_id ?? '');
  const hits = state.performers.filter((performer) =>
    withStudios(state, performer).studios.some((entry) => entry.studio.id === studio),
  );
  return paged(hits, input);
}

/** The performer with its studios: given ones, else those of the fake's scenes it appears in. */
function withStudios(state: FakeStashdb, performer: FakeStashPerformer): FakeStashPerformer {
  if (performer.studios.length > 0) return performer;
  const studios = new Map<string, FakePerformerStudio>();
  for (const scene of state.scenes) {
    if (!scene.studio || !scene.performers.some((p) => p.performer.id === performer.id)) continue;
    const entry = studios.get(scene.studio.id) ?? { scene_count: 0, studio: scene.studio };
    entry.scene_count += 1;
    studios.set(scene.studio.id, entry);
  }
  return { ...performer, studios: [...studios.values()] };
}

function answer(state: FakeStashdb, field: string, variables: Record<string, unknown>): unknown {
  const limit = Number(variables.limit ?? 100);
  switch (field) {
    case 'findScene':
      return { findScene: state.scenes.find((scene) => scene.id === variables.id) ?? null };
    case 'searchScene': {
      const terms = words(String(variables.term ?? ''));
      const hits = state.scenes.filter((scene) => terms.some((word) => lower(scene.title).includes(word)));
      return { searchScene: hits.slice(0, limit) };
    }
    case 'findStudio':
      return {
        findStudio:
          state.studios.find((studio) =>
            variables.id === undefined
              ? lower(studio.name) === lower(String(variables.name))
              : studio.id === variables.id,
          ) ?? null,
      };
    case 'queryScenes': {
      const { count, page } = queryScenes(state.scenes, (variables.input ?? {}) as Record<string, unknown>);
      return { queryScenes: { count, scenes: page } };
    }
    case 'queryPerformers': {
      const { count, page } = queryPerformers(state, (variables.input ?? {}) as Record<string, unknown>);
      return { queryPerformers: { count, performers: page } };
    }
    case 'searchPerformer': {
      const term = lower(String(variables.term ?? ''));
      const hits = state.performers.filter((p) =>
        [p.name, ...p.aliases].some((name) => lower(name).includes(term)),
      );
      return { searchPerformer: hits.slice(0, limit).map((p) => withStudios(state, p)) };
    }
    case 'findPerformer': {
      const performer = state.performers.find((p) => p.id === variables.id);
      return { findPerformer: performer ? withStudios(state, performer) : null };
    }
    default:
      return null;
  }
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A local stand-in for a stash-box GraphQL endpoint. It answers each request by the root field its query
 * names, with the stored objects whole (StashDB's shapes, whatever the selection), and records the requests.
 */
export async function startFakeStashdb(): Promise<FakeStashdb> {
  let inFlight = 0;
  const state: FakeStashdb = {
    url: '',
    apiKeys: new Set(),
    scenes: [],
    studios: [],
    performers: [],
    requests: [],
    failWith: null,
    failFields: new Set(),
    stall: false,
    delayMs: 0,
    maxInFlight: 0,
    reset() {
      state.requests = [];
      state.failWith = null;
      state.failFields = new Set();
      state.stall = false;
      state.delayMs = 0;
      state.maxInFlight = 0;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  const server: Server = createServer((request, response) => {
    void (async () => {
      inFlight += 1;
      state.maxInFlight = Math.max(state.maxInFlight, inFlight);
      try {
        const body = JSON.parse(await readBody(request)) as {
          query?: string;
          variables?: Record<string, unknown>;
          operationName?: string;
        };
        const field = /\{\s*(\w+)\s*\(/.exec(body.query ?? '')?.[1] ?? '';
        const apiKey = String(request.headers.apikey ?? '');
        const variables = body.variables ?? {};
        state.requests.push({ apiKey, operationName: body.operationName ?? '', field, variables });
        if (state.stall) return;
        if (state.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
        if (state.failWith !== null) {
          sendJson(response, state.failWith, { errors: [{ message: 'Something went wrong' }] });
        } else if (state.apiKeys.size > 0 && !state.apiKeys.has(apiKey)) {
          sendJson(response, 401, { errors: [{ message: 'Unauthorized' }] });
        } else if (state.failFields.has(field)) {
          sendJson(response, 200, { errors: [{ message: `${field} is broken`, path: [field] }], data: null });
        } else {
          sendJson(response, 200, { data: answer(state, field, variables) });
        }
      } finally {
        inFlight -= 1;
      }
    })().catch((error: unknown) => sendJson(response, 500, { errors: [{ message: String(error) }] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
  return state;
}
