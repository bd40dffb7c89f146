import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StashdbClient, StashdbError } from '../../src/stashdb/stashdb.client';

/** One request as the local endpoint saw it. */
interface Seen {
  headers: Record<string, string | string[] | undefined>;
  body: { query: string; variables: Record<string, unknown>; operationName: string };
}

let server: Server;
let client: StashdbClient;
const seen: Seen[] = [];
/** The next answer: status and body, hand-made in stash-box's format. */
let reply: { status: number; body: unknown } = { status: 200, body: {} };

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      seen.push({
        headers: request.headers,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Seen['body'],
      });
      response.writeHead(reply.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  client = new StashdbClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`, {
    timeoutMs: 2000,
  });
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const last = (): Seen => {
  const request = seen.at(-1);
  if (!request) throw new Error('no request');
  return request;
};

const SCENE = {
  id: '7c1a4f0e-0000-4000-8000-000000000001',
  title: 'A Made-Up Evening',
  details: 'Invented for a test.',
  release_date: '2024-02-03',
  date: '2024-02-03',
  updated: '2024-06-01T08:00:00Z',
  duration: 1800,
  code: null,
  deleted: false,
  urls: [
    {
      url: 'https://studio.example/videos/made-up-evening-123',
      type: 'STUDIO',
      site: { id: 's1', name: 'Studio' },
    },
  ],
  images: [{ url: 'https://cdn.example/1.jpg', width: 1280, height: 720 }],
  studio: { id: 'studio-a', name: 'Studio A', updated: '2024-06-01T08:00:00Z', parent: null },
  tags: [{ id: 't1', name: 'Virtual Reality' }],
  performers: [
    {
      as: null,
      performer: {
        id: 'p1',
        name: 'Invented Person',
        disambiguation: null,
        aliases: [],
        gender: 'FEMALE',
        updated: '2024-01-01T00:00:00Z',
      },
    },
  ],
  fingerprints: [],
};

describe('StashdbClient: the calls of the linking run', () => {
  it('asks queryScenes for one page of a studio, newest update first, with the ApiKey header', async () => {
    reply = { status: 200, body: { data: { queryScenes: { count: 31, scenes: [SCENE] } } } };
    const page = await client.studioScenes('key-9', { studioId: 'studio-a' }, 2);
    expect(page.count).toBe(31);
    expect(page.items[0]?.title).toBe('A Made-Up Evening');
    expect(page.items[0]?.updated).toBe('2024-06-01T08:00:00Z');
    expect(page.items[0]?.urls?.[0]?.type).toBe('STUDIO');
    const { headers, body } = last();
    expect(headers.apikey).toBe('key-9');
    expect(headers['content-type']).toBe('application/json');
    expect(body.operationName).toBe('QueryStudioScenes');
    expect(body.query).toMatch(
      /^query QueryStudioScenes\(\$input: SceneQueryInput!\) \{\s*queryScenes\(input: \$input\) \{ count scenes \{/,
    );
    expect(body.query).toMatch(/urls \{ url type site \{ id name \} \}/);
    expect(body.query).toMatch(/studio \{ id name updated parent \{ id name \} \}/);
    expect(body.variables).toEqual({
      input: {
        studios: { value: ['studio-a'], modifier: 'EQUALS' },
        page: 2,
        per_page: 25,
        sort: 'UPDATED_AT',
        direction: 'DESC',
      },
    });
  });

  it("asks for a parent studio's scenes with a tag", async () => {
    reply = { status: 200, body: { data: { queryScenes: { count: 0, scenes: [] } } } };
    expect(await client.studioScenes('k', { parentStudioId: 'parent-1', tagId: 'tag-1' }, 1)).toEqual({
      count: 0,
      items: [],
    });
    expect(last().body.variables).toEqual({
      input: {
        parentStudio: 'parent-1',
        tags: { value: ['tag-1'], modifier: 'INCLUDES' },
        page: 1,
        per_page: 25,
        sort: 'UPDATED_AT',
        direction: 'DESC',
      },
    });
  });

  it("asks queryPerformers for a studio's performers, 100 a page", async () => {
    reply = {
      status: 200,
      body: {
        data: {
          queryPerformers: {
            count: 101,
            performers: [
              { id: 'p1', name: 'Invented Person', updated: '2024-01-01T00:00:00Z', gender: 'FEMALE' },
            ],
          },
        },
      },
    };
    const page = await client.studioPerformers('k', 'studio-a', 2);
    expect(page).toEqual({
      count: 101,
      items: [{ id: 'p1', name: 'Invented Person', updated: '2024-01-01T00:00:00Z', gender: 'FEMALE' }],
    });
    const { body } = last();
    expect(body.query).toMatch(
      /^query QueryStudioPerformers\(\$input: PerformerQueryInput!\) \{\s*queryPerformers\(input: \$input\) \{ count performers \{ id name updated gender \} \}/,
    );
    expect(body.variables).toEqual({ input: { studio_id: 'studio-a', page: 2, per_page: 100 } });
  });

  it('finds a studio by id, or null', async () => {
    const studio = {
      id: 'studio-a',
      name: 'Studio A',
      updated: '2024-06-01T08:00:00Z',
      parent: { id: 'net', name: 'Network' },
    };
    reply = { status: 200, body: { data: { findStudio: studio } } };
    expect(await client.findStudioById('k', 'studio-a')).toEqual(studio);
    expect(last().body.query).toMatch(
      /^query FindStudioById\(\$id: ID\) \{\s*findStudio\(id: \$id\) \{ id name updated parent \{ id name \} \}/,
    );
    expect(last().body.variables).toEqual({ id: 'studio-a' });
    reply = { status: 200, body: { data: { findStudio: null } } };
    expect(await client.findStudioById('k', 'gone')).toBeNull();
  });

  it('reports a refused key with its status and a GraphQL error with its message', async () => {
    reply = { status: 401, body: { errors: [{ message: 'Unauthorized' }] } };
    const refused: unknown = await client
      .studioScenes('bad', { studioId: 's' }, 1)
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(StashdbError);
    expect((refused as StashdbError).status).toBe(401);
    reply = { status: 200, body: { data: null, errors: [{ message: 'studio_id is not a valid UUID' }] } };
    const broken: unknown = await client.studioPerformers('k', 'x', 1).catch((error: unknown) => error);
    expect((broken as StashdbError).message).toBe('studio_id is not a valid UUID');
    reply = { status: 200, body: { data: { queryPerformers: { count: 'many' } } } };
    const odd: unknown = await client.studioPerformers('k', 'x', 1).catch((error: unknown) => error);
    expect((odd as StashdbError).message).toBe('unexpected answer to QueryStudioPerformers');
  });
});
