import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PutioClient, PutioError } from '../../src/putio/putio.client';
import { putioFile, startFakePutio, type FakePutio } from '../helpers/putio-server';

let fake: FakePutio;
let client: PutioClient;

beforeAll(async () => {
  fake = await startFakePutio();
  client = new PutioClient(fake.url);
});

afterAll(async () => {
  await fake.close();
});

beforeEach(() => {
  fake.accounts.clear();
  fake.requests.length = 0;
  fake.failWith = null;
  fake.stall = false;
  fake.maxPerPage = 1000;
});

async function putioErrorOf(work: Promise<unknown>): Promise<PutioError> {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(PutioError);
  return error as PutioError;
}

describe('PutioClient', () => {
  it('reads the account name with the token as a Bearer header', async () => {
    fake.accounts.set('tok-1', { username: 'alice', files: [] });
    expect(await client.accountName('tok-1')).toBe('alice');
    expect(fake.requests).toEqual([
      expect.objectContaining({ method: 'GET', url: '/v2/account/info', authorization: 'Bearer tok-1' }),
    ]);
  });

  it('reports a refused token as an auth error with its status', async () => {
    const error = await putioErrorOf(client.accountName('nope'));
    expect(error.status).toBe(401);
    expect(error.isAuthError).toBe(true);
    expect(error.message).toContain('Invalid or expired token');
  });

  it('lists every file of the account, following the cursor page after page', async () => {
    const files = Array.from({ length: 5 }, (_, i) => putioFile({ name: `clip-${i}.mp4`, parent_id: i % 2 }));
    fake.accounts.set('tok', { username: 'bob', files });
    fake.maxPerPage = 2;
    const listed = await client.listFiles('tok');
    expect(listed).toEqual(files);
    expect(fake.requests.map((request) => `${request.method} ${request.url.split('?')[0] ?? ''}`)).toEqual([
      'GET /v2/files/list',
      'POST /v2/files/list/continue',
      'POST /v2/files/list/continue',
    ]);
    expect(fake.requests[0]?.url).toContain('parent_id=-1');
    expect(fake.requests[1]?.form.cursor).toEqual(expect.any(String));
  });

  it('lists one folder when given its id, keeping the fields put.io leaves null', async () => {
    const inside = putioFile({ name: 'in.mp4', parent_id: 42, updated_at: null, opensubtitles_hash: 'abc' });
    fake.accounts.set('tok', { username: 'bob', files: [putioFile({ name: 'out.mp4' }), inside] });
    expect(await client.listFiles('tok', 42)).toEqual([inside]);
  });

  it('asks for a download URL and deletes a file by id', async () => {
    const file = putioFile({ name: 'x.mp4' });
    fake.accounts.set('tok', { username: 'bob', files: [file] });
    expect(await client.downloadUrl('tok', file.id)).toBe(`${fake.url}/download/${file.id}/x.mp4`);
    await client.deleteFile('tok', file.id);
    expect(fake.requests.at(-1)).toMatchObject({ method: 'POST', form: { file_ids: String(file.id) } });
    expect(fake.accounts.get('tok')?.files).toEqual([]);
    expect((await putioErrorOf(client.downloadUrl('tok', file.id))).status).toBe(404);
  });

  it('turns a failing answer into a PutioError with the status', async () => {
    fake.accounts.set('tok', { username: 'bob', files: [] });
    fake.failWith = 503;
    const error = await putioErrorOf(client.listFiles('tok'));
    expect(error.status).toBe(503);
    expect(error.isAuthError).toBe(false);
  });

  it('answers status 0 when put.io cannot be reached or does not answer in time', async () => {
    const closed = new PutioClient('http://127.0.0.1:9/v2');
    const unreachable = await putioErrorOf(closed.accountName('tok'));
    expect(unreachable).toMatchObject({ status: 0, message: 'put.io could not be reached' });

    fake.stall = true;
    const impatient = new PutioClient(fake.url, { timeoutMs: 50 });
    const late = await putioErrorOf(impatient.accountName('tok'));
    expect(late).toMatchObject({ status: 0, message: 'put.io did not answer in time' });
  });
});
