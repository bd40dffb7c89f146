import { Worker } from 'node:worker_threads';

/*
 * The benchmark's HTTP client runs on a thread of its own, as a real client runs apart from the server:
 * receiving and decoding a 700 KB answer then happens beside the server's event loop, not inside it.
 * Each call is one request on a kept-alive connection whose answer is received to the last byte (and decoded
 * only when asked for), timed on the client's thread from sending the request to the answer's last byte.
 */

interface Request {
  id: number;
  url: string;
  body: string | undefined;
  keepText: boolean;
}

interface Reply {
  id: number;
  /** From sending the request to the last byte of the answer, timed on the client's thread. */
  ms?: number;
  status?: number;
  text?: string;
  error?: string;
}

const CLIENT_THREAD = `
const { parentPort } = require('node:worker_threads');
const http = require('node:http');
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
parentPort.on('message', ({ id, url, body, keepText }) => {
  const started = performance.now();
  const request = http.request(url, {
    agent,
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  }, (response) => {
    const chunks = [];
    const failed = response.statusCode !== 200;
    response.on('data', (chunk) => { if (keepText || failed) chunks.push(chunk); });
    response.on('end', () => {
      const text = keepText || failed ? Buffer.concat(chunks).toString('utf8') : undefined;
      parentPort.postMessage({ id, status: response.statusCode, text, ms: performance.now() - started });
    });
    response.on('error', (error) => parentPort.postMessage({ id, error: String(error) }));
  });
  request.on('error', (error) => parentPort.postMessage({ id, error: String(error) }));
  request.end(body);
});`;

export class HttpClient {
  private readonly thread = new Worker(CLIENT_THREAD, { eval: true });
  private readonly waiting = new Map<number, (reply: Reply) => void>();
  private nextId = 0;

  constructor(private readonly base: string) {
    this.thread.on('message', (reply: Reply) => {
      this.waiting.get(reply.id)?.(reply);
      this.waiting.delete(reply.id);
    });
  }

  /** One call timed: how long it took (ms), as the client saw it. */
  async timed(path: string, body?: unknown): Promise<number> {
    return (await this.exchange(path, body, false)).ms ?? Number.NaN;
  }

  /**
   * Fetches `path` (POSTing `body` as JSON when given) and reads the whole answer; throws on a status other
   * than 200.
   */
  async call(path: string, body?: unknown): Promise<string> {
    return (await this.exchange(path, body, true)).text ?? '';
  }

  /** Passing the body back between threads is not free: only when `keepText`. */
  private async exchange(path: string, body: unknown, keepText: boolean): Promise<Reply> {
    const id = this.nextId++;
    const reply = await new Promise<Reply>((resolve) => {
      this.waiting.set(id, resolve);
      const request: Request = {
        id,
        url: `${this.base}${path}`,
        body: body === undefined ? undefined : JSON.stringify(body),
        keepText,
      };
      this.thread.postMessage(request);
    });
    if (reply.error !== undefined) throw new Error(reply.error);
    if (reply.status !== 200) throw new Error(`HTTP ${reply.status}: ${(reply.text ?? '').slice(0, 160)}`);
    return reply;
  }

  async close(): Promise<void> {
    await this.thread.terminate();
  }
}
