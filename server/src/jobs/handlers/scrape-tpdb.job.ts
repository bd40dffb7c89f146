import { ScrapeTpdbPayload, type TpdbImportService } from '../../scrapers/sources/tpdb/tpdb-import.service';
import { defineJob } from '../job-definition';

/** POST /api/task/scrape-tpdb: one ThePornDB scene, under the `scrape` lock (the navbar's Data line). */
export function scrapeTpdbJob(tpdb: Pick<TpdbImportService, 'run'>) {
  return defineJob({
    name: 'scrape-tpdb',
    lock: 'scrape',
    task: 'scrape',
    payload: ScrapeTpdbPayload,
    async run({ payload, progress, signal }) {
      await tpdb.run(payload, progress, signal);
    },
  });
}
