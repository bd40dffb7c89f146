import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/*
 * A second, read-only connection to the database on a thread of its own, for reads that can run beside the
 * main thread's (the scene list's sets of scene ids: on a 2-core machine two of them take the time of one).
 * It runs SQL that repositories compiled; it writes nothing. The thread's source is inline, so it runs the
 * same under tsx, vitest and the bundled server.
 */

/** A statement that selects one JSON array of scene ids (json_group_array) in its first column. */
export interface IdsStatement {
  sql: string;
  parameters: readonly unknown[];
}

const THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
let db = null;
const statements = new Map();
function prepared(sql) {
  let statement = statements.get(sql);
  if (!statement) {
    db ??= new Database(workerData.file, { readonly: true, fileMustExist: true });
    if (statements.size === 0) db.pragma('busy_timeout = 5000');
    statement = db.prepare(sql).pluck();
    statements.set(sql, statement);
    if (statements.size > 200) statements.delete(statements.keys().next().value);
  }
  return statement;
}
parentPort.on('message', ({ id, sql, parameters, capacity }) => {
  try {
    const json = prepared(sql).get(...parameters);
    const words = new Uint32Array((capacity + 31) >>> 5);
    for (const sceneId of json ? JSON.parse(json) : []) {
      if (sceneId >= 0 && sceneId < capacity) words[sceneId >>> 5] |= 1 << (sceneId & 31);
    }
    parentPort.postMessage({ id, words }, [words.buffer]);
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.message) || error) });
  }
});
`;

interface Reply {
  id: number;
  words?: Uint32Array;
  error?: string;
}

export class ReadWorker {
  private readonly thread: Worker;
  private readonly waiting = new Map<
    number,
    { resolve: (w: Uint32Array) => void; reject: (e: Error) => void }
  >();
  private nextId = 0;
  private failure: Error | null = null;
  /** Told of every statement sent to the thread (the benchmark and plan tests collect a call's SQL). */
  onStatement: ((statement: IdsStatement) => void) | null = null;

  constructor(file: string) {
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    this.thread = new Worker(THREAD, { eval: true, workerData: { file, driver } });
    this.thread.unref();
    this.thread.on('message', (reply: Reply) => {
      const waiter = this.waiting.get(reply.id);
      this.waiting.delete(reply.id);
      if (!waiter) return;
      if (reply.words) waiter.resolve(reply.words);
      else waiter.reject(new Error(reply.error ?? 'the read worker answered nothing'));
    });
    const fail = (error: Error) => {
      this.failure = error;
      for (const waiter of this.waiting.values()) waiter.reject(error);
      this.waiting.clear();
    };
    this.thread.on('error', fail);
    this.thread.on('exit', () => fail(this.failure ?? new Error('the read worker has stopped')));
  }

  /** Whether the thread can take work (it stops for good on an error or when closed). */
  get available(): boolean {
    return this.failure === null;
  }

  /** The scene ids a statement selects, as a bitmap of `capacity` bits (one per scene id). */
  bitmap(statement: IdsStatement, capacity: number): Promise<Uint32Array> {
    if (this.failure) return Promise.reject(this.failure);
    this.onStatement?.(statement);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.thread.postMessage({ id, sql: statement.sql, parameters: statement.parameters, capacity });
    });
  }

  async close(): Promise<void> {
    this.failure ??= new Error('the read worker is closed');
    await this.thread.terminate();
  }
}
