// Where a restore's or move-in's time goes: the job's current step, read from its row in the server's database
// (jobs.message, which the server saves about once a second) every 250 ms through a read-only connection.
import Database from 'better-sqlite3';
import { join } from 'node:path';

export interface JobStep {
  step: string;
  ms: number;
}

/** A step's name: its message without the counts ("scenes: 5,000 of 100,000" → "scenes"). */
export const stepOf = (message: string): string =>
  message
    .replace(/:?\s*[\d,]+ of [\d,]+\s*$/, '')
    .replace(/:\s*$/, '')
    .trim();

/** Follows one job of the server on `dataDir` until stopped; answers each step's share of the wall time. */
export class JobStepWatch {
  private readonly db: Database.Database;
  private readonly seen: { step: string; at: number }[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(dataDir: string) {
    this.db = new Database(join(dataDir, 'fovea.db'), { readonly: true, fileMustExist: true });
  }

  follow(jobId: number, everyMs = 250): void {
    const read = this.db.prepare('SELECT message FROM jobs WHERE id = ?');
    const sample = () => {
      const row = read.get(jobId) as { message: string } | undefined;
      const step = stepOf(row?.message ?? '');
      if (step !== '' && this.seen.at(-1)?.step !== step) this.seen.push({ step, at: performance.now() });
    };
    sample();
    this.timer = setInterval(sample, everyMs);
  }

  /** Stops following; each step lasted until the next one was seen (the last one until now). */
  stop(): JobStep[] {
    clearInterval(this.timer);
    this.db.close();
    const end = performance.now();
    return this.seen.map(({ step, at }, i) => ({ step, ms: (this.seen[i + 1]?.at ?? end) - at }));
  }
}

/** The steps in one line, those under 0.5 s left out: "Reading and checking the bundle 21.0 s, scenes 80.2 s". */
export function describeSteps(steps: readonly JobStep[]): string {
  const shown = steps.filter((entry) => entry.ms >= 500);
  const hidden = steps.length - shown.length;
  return (
    shown.map(({ step, ms }) => `${step} ${(ms / 1000).toFixed(1)} s`).join(', ') +
    (hidden > 0 ? ` (${hidden} shorter ${hidden === 1 ? 'step' : 'steps'} left out)` : '')
  );
}
