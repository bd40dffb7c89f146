import { z } from 'zod';

/** A file as put.io lists it (times as put.io writes them, e.g. "2024-01-31T10:00:00", UTC without a zone). */
export interface PutioFile {
  id: number;
  name: string;
  size: number;
  content_type: string;
  /** put.io's class: "VIDEO", "FOLDER", "TEXT"... */
  file_type: string;
  created_at: string;
  updated_at: string | null;
  opensubtitles_hash: string | null;
  parent_id: number;
}

/**
 * put.io did not answer as hoped. `status` is the HTTP status of its answer (401 or 403: the token was
 * refused), or 0 when there was no usable answer at all (unreachable, timed out, not the expected JSON).
 */
export class PutioError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'PutioError';
  }

  /** put.io refused the token (invalid, expired or revoked). */
  get isAuthError(): boolean {
    return this.status === 401 || this.status === 403;
  }
}

const PutioFileJson = z.object({
  id: z.number().int(),
  name: z.string(),
  size: z.number().nonnegative().catch(0),
  content_type: z
    .string()
    .nullish()
    .transform((value) => value ?? ''),
  file_type: z
    .string()
    .nullish()
    .transform((value) => value ?? ''),
  created_at: z
    .string()
    .nullish()
    .transform((value) => value ?? ''),
  updated_at: z
    .string()
    .nullish()
    .transform((value) => value ?? null),
  opensubtitles_hash: z
    .string()
    .nullish()
    .transform((value) => value ?? null),
  parent_id: z
    .number()
    .int()
    .nullish()
    .transform((value) => value ?? 0),
});

const FilesPageJson = z.object({
  files: z.array(PutioFileJson),
  cursor: z.string().nullish(),
});

const AccountJson = z.object({ info: z.object({ username: z.string() }) });
const UrlJson = z.object({ url: z.string().min(1) });

export interface PutioClientOptions {
  /** Per request; put.io is usually quick, a listing page of a large account less so. */
  timeoutMs?: number;
  /** Files per listing page. */
  perPage?: number;
}

/** The root listing, as XBVR reads it: every file of the account rather than one folder. */
const ALL_FILES = -1;

/** A small client of the put.io REST API v2 (https://api.put.io/v2); the OAuth token goes per call. */
export class PutioClient {
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly perPage: number;

  constructor(baseUrl: string, options: PutioClientOptions = {}) {
    this.baseUrl = baseUrl.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.perPage = options.perPage ?? 1000;
  }

  /** The account's user name (GET /account/info). */
  async accountName(token: string): Promise<string> {
    const body = await this.request(token, 'GET', '/account/info');
    return parse(AccountJson, body, 'account info').info.username;
  }

  /** Every file under `parentId` (default: the whole account), following the cursor to the end. */
  async listFiles(token: string, parentId: number = ALL_FILES): Promise<PutioFile[]> {
    const query = new URLSearchParams({ parent_id: String(parentId), per_page: String(this.perPage) });
    let page = parse(FilesPageJson, await this.request(token, 'GET', `/files/list?${query}`), 'file list');
    const files: PutioFile[] = [...page.files];
    while (page.cursor) {
      const form = new URLSearchParams({ cursor: page.cursor, per_page: String(this.perPage) });
      page = parse(
        FilesPageJson,
        await this.request(token, 'POST', '/files/list/continue', form),
        'file list',
      );
      files.push(...page.files);
    }
    return files;
  }

  /** A short-lived download (and streaming) URL of one file (GET /files/{id}/url). */
  async downloadUrl(token: string, fileId: number): Promise<string> {
    const body = await this.request(token, 'GET', `/files/${fileId}/url`);
    return parse(UrlJson, body, 'download URL').url;
  }

  /** Deletes one file from the account (POST /files/delete, form field file_ids). */
  async deleteFile(token: string, fileId: number): Promise<void> {
    await this.request(token, 'POST', '/files/delete', new URLSearchParams({ file_ids: String(fileId) }));
  }

  private async request(
    token: string,
    method: 'GET' | 'POST',
    path: string,
    form?: URLSearchParams,
  ): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
        ...(form ? { body: form } : {}),
        redirect: 'error',
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      throw new PutioError(0, timedOut ? 'put.io did not answer in time' : `put.io could not be reached`);
    }
    const text = await response.text().catch(() => '');
    if (!response.ok)
      throw new PutioError(response.status, `put.io answered ${response.status}${detail(text)}`);
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new PutioError(0, 'put.io answered something other than JSON');
    }
  }
}

function parse<T>(schema: z.ZodType<T>, body: unknown, what: string): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new PutioError(0, `put.io sent an unexpected ${what}`);
  return parsed.data;
}

/** put.io's error text ({error_message}) when it gives one. */
function detail(text: string): string {
  try {
    const body = JSON.parse(text) as { error_message?: unknown };
    return typeof body.error_message === 'string' && body.error_message !== ''
      ? `: ${body.error_message}`
      : '';
  } catch {
    return '';
  }
}
