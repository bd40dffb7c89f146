import { ScrapeJavrPayload, type JavImportService } from '../../scrapers/sources/jav/jav-import.service';
import { defineJob } from '../job-definition';

/** POST /api/task/scrape-javr: JAV scenes by id from one source, under the `scrape` lock. */
export function scrapeJavrJob(jav: Pick<JavImportService, 'run'>) {
  return defineJob({
    name: 'scrape-javr',
    lock: 'scrape',
    task: 'scrape',
    payload: ScrapeJavrPayload,
    async run({ payload, progress, signal }) {
      await jav.run(payload, progress, signal);
    },
  });
}
