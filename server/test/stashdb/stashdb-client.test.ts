import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { StashdbClient, StashdbError } from '../../src/stashdb/stashdb.client';
import { startFakeStashdb, stashScene, type FakeStashdb } from '../helpers/stashdb-server';

let fake: FakeStashdb;
let client: StashdbClient;

beforeAll(async () => {
  fake = await startFakeStashdb();
  fake.apiKeys.add('key-1');
  fake.studios.push({ id: 'studio-1', name: 'SLR Originals' });
  client = new StashdbClient(fake.url, { timeoutMs: 2000 });
});

afterEach(() => fake.reset());

afterAll(() => fake.close());

/** A loopback port nothing listens on. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const failure = async (promise: Promise<unknown>): Promise<StashdbError> => {
  const error: unknown = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(StashdbError);
  return error as StashdbError;
};

describe('StashdbClient', () => {
  it('posts the query, its variables and operation name with the ApiKey header', async () => {
    const scene = stashScene({ title: 'Found' });
    fake.scenes.push(scene);
    expect((await client.findScene('key-1', scene.id))?.title).toBe('Found');
    expect(await client.findScene('key-1', 'no-such-id', 'summary')).toBeNull();
    expect(await client.findStudio('key-1', 'slr originals')).toEqual({
      id: 'studio-1',
      name: 'SLR Originals',
    });
    expect(fake.requests).toEqual([
      { apiKey: 'key-1', operationName: 'FindScene', field: 'findScene', variables: { id: scene.id } },
      {
        apiKey: 'key-1',
        operationName: 'FindSceneSummary',
        field: 'findScene',
        variables: { id: 'no-such-id' },
      },
      {
        apiKey: 'key-1',
        operationName: 'FindStudio',
        field: 'findStudio',
        variables: { name: 'slr originals' },
      },
    ]);
  });

  it('looks scenes up by fingerprint with an INCLUDES criterion', async () => {
    const scene = stashScene({
      fingerprints: [{ hash: '0000000000abc123', algorithm: 'OSHASH', duration: 60, submissions: 3 }],
    });
    fake.scenes.push(scene);
    expect(await client.sceneIdsByFingerprint('key-1', '0000000000abc123')).toEqual([scene.id]);
    expect(fake.requests[0]?.variables).toEqual({
      input: { fingerprints: { value: ['0000000000abc123'], modifier: 'INCLUDES' }, page: 1, per_page: 25 },
    });
  });

  it('tells the HTTP status of a refused key or a failing server', async () => {
    const refused = await failure(client.findStudio('wrong-key', 'x'));
    expect(refused).toMatchObject({ status: 401, message: 'HTTP 401: Unauthorized' });
    fake.failWith = 502;
    expect((await failure(client.findStudio('key-1', 'x'))).message).toBe('HTTP 502: Something went wrong');
  });

  it('fails on GraphQL errors and on answers of another shape', async () => {
    fake.failFields.add('searchScene');
    expect((await failure(client.searchScene('key-1', 'x', 5))).message).toBe('searchScene is broken');
    const odd = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ data: { searchPerformer: [{ name: 'no id' }] } }));
    });
    await new Promise<void>((resolve) => odd.listen(0, '127.0.0.1', resolve));
    const oddClient = new StashdbClient(`http://127.0.0.1:${(odd.address() as AddressInfo).port}/graphql`);
    try {
      expect((await failure(oddClient.searchPerformer('k', 'x', 5))).message).toBe(
        'unexpected answer to SearchPerformer',
      );
    } finally {
      odd.close();
    }
  });

  it('gives up on a server that does not answer, and says when one cannot be reached', async () => {
    fake.stall = true;
    const slow = new StashdbClient(fake.url, { timeoutMs: 200 });
    expect((await failure(slow.findScene('key-1', 'x'))).message).toBe('no answer within 0.2 s');
    const port = await freePort();
    const closed = new StashdbClient(`http://127.0.0.1:${port}/graphql`);
    expect((await failure(closed.findScene('key-1', 'x'))).message).toBe(
      `127.0.0.1:${port} could not be reached (ECONNREFUSED)`,
    );
    // fetch refuses some ports outright (9 is one): still "could not be reached", with its reason.
    const badPort = new StashdbClient('http://127.0.0.1:9/graphql');
    expect((await failure(badPort.findScene('key-1', 'x'))).message).toBe(
      '127.0.0.1:9 could not be reached (bad port)',
    );
  });

  it('names the site of its endpoint', () => {
    expect(new StashdbClient('https://stashdb.org/graphql').siteRoot).toBe('https://stashdb.org');
    expect(new StashdbClient('http://box.lan:9998/graphql').siteRoot).toBe('http://box.lan:9998');
  });
});
