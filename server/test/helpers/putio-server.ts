import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PutioFile } from '../../src/putio/putio.client';

export interface FakePutioAccount {
  username: string;
  files: PutioFile[];
}

export interface FakePutioRequest {
  method: string;
  /** Path and query, e.g. "/v2/files/list?parent_id=-1&per_page=1000". */
  url: string;
  authorization: string;
  /** The form fields of a POST. */
  form: Record<string, string>;
}

export interface FakePutio {
  /** The API base to give the app as putioUrl, e.g. http://127.0.0.1:1234/v2 */
  url: string;
  /** token -> account. A token not listed is refused with 401 as put.io does. */
  accounts: Map<string, FakePutioAccount>;
  requests: FakePutioRequest[];
  /** When set, every request is answered with this status and put.io's error JSON. */
  failWith: number | null;
  /** When true, requests are taken and never answered (to exercise the client's timeout). */
  stall: boolean;
  /** Largest page the listing hands out, whatever per_page asks (to exercise the cursor). */
  maxPerPage: number;
  close(): Promise<void>;
}

let nextFileId = 1000;

/** A put.io file as the API lists it; ids count up unless given. */
export function putioFile(values: Partial<PutioFile> & { name: string }): PutioFile {
  return {
    id: values.id ?? nextFileId++,
    size: 1_000_000,
    content_type: 'video/mp4',
    file_type: 'VIDEO',
    created_at: '2024-03-01T10:00:00',
    updated_at: '2024-03-02T11:00:00',
    opensubtitles_hash: null,
    parent_id: 0,
    ...values,
  };
}

interface Cursor {
  parent: number;
  offset: number;
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

function sendError(response: ServerResponse, status: number, type: string, message: string): void {
  sendJson(response, status, {
    error_id: null,
    error_type: type,
    error_message: message,
    status_code: status,
    status: 'ERROR',
    extra: {},
  });
}

async function readForm(request: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (text === '') return {};
  if ((request.headers['content-type'] ?? '').includes('json'))
    return JSON.parse(text) as Record<string, string>;
  return Object.fromEntries(new URLSearchParams(text));
}

/**
 * A local stand-in for the put.io API v2 speaking its JSON: /account/info, /files/list (+ /continue with a
 * cursor), /files/{id}/url and /files/delete, with Bearer tokens.
 */
export async function startFakePutio(): Promise<FakePutio> {
  const state: FakePutio = {
    url: '',
    accounts: new Map(),
    requests: [],
    failWith: null,
    stall: false,
    maxPerPage: 1000,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  const listPage = (response: ServerResponse, account: FakePutioAccount, cursor: Cursor, perPage: number) => {
    const listed = account.files.filter((file) => cursor.parent === -1 || file.parent_id === cursor.parent);
    const size = Math.max(1, Math.min(perPage, state.maxPerPage));
    const page = listed.slice(cursor.offset, cursor.offset + size);
    const end = cursor.offset + size;
    const next =
      end < listed.length
        ? Buffer.from(JSON.stringify({ parent: cursor.parent, offset: end })).toString('base64url')
        : null;
    sendJson(response, 200, {
      status: 'OK',
      files: page,
      parent: { id: Math.max(cursor.parent, 0), name: 'Your Files', file_type: 'FOLDER', parent_id: null },
      total: listed.length,
      cursor: next,
    });
  };

  const server: Server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      const form = request.method === 'POST' ? await readForm(request) : {};
      const authorization = request.headers.authorization ?? '';
      state.requests.push({
        method: request.method ?? '',
        url: url.pathname + url.search,
        authorization,
        form,
      });
      if (state.stall) return;
      if (state.failWith !== null) {
        sendError(response, state.failWith, 'ERROR', 'Something went wrong');
        return;
      }
      const token = /^Bearer (.+)$/.exec(authorization)?.[1] ?? '';
      const account = state.accounts.get(token);
      if (!account) {
        sendError(response, 401, 'invalid_grant', 'Invalid or expired token');
        return;
      }
      const route = `${request.method ?? ''} ${url.pathname}`;
      const perPage = Number(url.searchParams.get('per_page') ?? form.per_page ?? 1000);
      const fileUrl = /^GET \/v2\/files\/(\d+)\/url$/.exec(route);
      if (route === 'GET /v2/account/info') {
        sendJson(response, 200, { status: 'OK', info: { username: account.username, user_id: 7 } });
      } else if (route === 'GET /v2/files/list') {
        listPage(
          response,
          account,
          { parent: Number(url.searchParams.get('parent_id') ?? 0), offset: 0 },
          perPage,
        );
      } else if (route === 'POST /v2/files/list/continue') {
        const cursor = JSON.parse(Buffer.from(form.cursor ?? '', 'base64url').toString('utf8')) as Cursor;
        listPage(response, account, cursor, perPage);
      } else if (fileUrl) {
        const file = account.files.find((candidate) => candidate.id === Number(fileUrl[1]));
        if (!file) sendError(response, 404, 'NotFound', 'File not found');
        else sendJson(response, 200, { status: 'OK', url: `${state.url}/download/${file.id}/${file.name}` });
      } else if (route === 'POST /v2/files/delete') {
        const ids = new Set((form.file_ids ?? '').split(',').map(Number));
        account.files = account.files.filter((file) => !ids.has(file.id));
        sendJson(response, 200, { status: 'OK', skipped: 0, cursor: null });
      } else {
        sendError(response, 404, 'NotFound', `No route ${route}`);
      }
    })().catch((error: unknown) => sendError(response, 500, 'ServerError', String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2`;
  return state;
}
