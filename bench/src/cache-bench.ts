import { createApp } from '../../server/src/app';
import { benchConfig } from './bench-config';
import { percentile } from './timing';

/*
 * Options → Cache on the 100k library (issue 22): how long the search index reset takes (emptying the FTS5 table,
 * the answer of DELETE /api/options/cache/reset/searchIndex), how long the reindex it queues takes, and how
 * quick find answers while that reindex runs (it must keep answering: the batches are separate transactions).
 */

const QUERY = '/api/scene/search?q=' + encodeURIComponent('anna');
const PROBE_EVERY_MS = 50;

export async function reportCache(dataDir: string): Promise<void> {
  const app = await createApp({ ...benchConfig(dataDir), logLevel: 'error' });
  try {
    await app.http.ready();
    await app.queue.start();
    await app.queue.idle();
    const search = async () => {
      const started = performance.now();
      const response = await app.http.inject({ method: 'GET', url: QUERY });
      const ms = performance.now() - started;
      const body = response.json<{ results: number }>();
      return { ms, results: body.results };
    };
    const before = await search();

    const resetStarted = performance.now();
    const reset = await app.http.inject({ method: 'DELETE', url: '/api/options/cache/reset/searchIndex' });
    const resetMs = performance.now() - resetStarted;
    if (reset.statusCode !== 200) throw new Error(`reset answered ${reset.statusCode}: ${reset.body}`);

    const during: number[] = [];
    let done = false;
    const reindexStarted = performance.now();
    const idle = app.queue.idle().then(() => {
      done = true;
    });
    while (!done) {
      during.push((await search()).ms);
      await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
    }
    await idle;
    const reindexMs = performance.now() - reindexStarted;
    const after = await search();

    console.log('');
    console.log('Options → Cache: search index reset and reindex (in-process)');
    console.log(`  reset (empty the index, answer):   ${resetMs.toFixed(0)} ms`);
    console.log(`  reindex of the whole library:      ${(reindexMs / 1000).toFixed(1)} s`);
    console.log(
      `  quick find during the reindex:     ${during.length} calls, p50 ${percentile(during, 50).toFixed(1)} ms,` +
        ` p95 ${percentile(during, 95).toFixed(1)} ms, max ${Math.max(...during).toFixed(1)} ms`,
    );
    console.log(`  quick find results before / after: ${before.results} / ${after.results}`);
  } finally {
    await app.close();
  }
}
