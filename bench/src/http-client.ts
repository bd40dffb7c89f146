import { spawn, type ChildProcess } from 'node:child_process';

/*
 * The benchmark's HTTP client runs in a process of its own, as a real client runs apart from the server:
 * receiving a 600 KB answer then happens beside the server's event loop, not inside it, and the benchmark
 * process's memory is the server's.
 * Each call is one request on a kept-alive connection whose answer is received to the last byte (and decoded
 * only when asked for), timed in the client's process from sending the request to the answer's last byte.
 */

interface Request {
  id: number;
  url: string;
  body: string | undefined;
  keepText: boolean;
}

interface Reply {
  id: number;
  /** From sending the request to the last byte of the answer, timed in the client's process. */
  ms?: number;
  status?: number;
  text?: string;
  error?: string;
}

const CLIENT_PROCESS = `
const http = require('node:http');
const reply = (message) => process.send(message);
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
process.on('message', ({ id, url, body, keepText }) => {
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
      reply({ id, status: response.statusCode, text, ms: performance.now() - started });
    });
    response.on('error', (error) => reply({ id, error: String(error) }));
  });
  request.on('error', (error) => reply({ id, error: String(error) }));
  request.end(body);
});`;

export class HttpClient {
  private readonly client: ChildProcess = spawn(process.execPath, ['-e', CLIENT_PROCESS], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  private readonly waiting = new Map<number, (reply: Reply) => void>();
  private nextId = 0;

  constructor(private readonly base: string) {
    this.client.on('message', (reply: Reply) => {
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

  /** Passing the body back between processes is not free: only when `keepText`. */
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
      this.client.send(request);
    });
    if (reply.error !== undefined) throw new Error(reply.error);
    if (reply.status !== 200) throw new Error(`HTTP ${reply.status}: ${(reply.text ?? '').slice(0, 160)}`);
    return reply;
  }

  async close(): Promise<void> {
    if (this.client.exitCode !== null) return;
    const exited = new Promise((resolve) => this.client.once('exit', resolve));
    this.client.kill();
    await exited;
  }
}
