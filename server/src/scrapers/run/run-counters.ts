import type { FieldCoverage, ScrapeRunStatus } from '@fovea/contract';
import type { SceneFields } from '../definitions/definition.schema';
import type { ScrapedScene } from '../scraped-scene';
import type { OutcomeSink, WriteOutcome } from './scene-batcher';

/** The definition's field names and the ScrapedScene values they fill (booleans are never "empty"). */
const FIELD_VALUES: Partial<Record<keyof SceneFields, (scene: ScrapedScene) => unknown>> = {
  site_id: (s) => s.siteId,
  title: (s) => s.title,
  synopsis: (s) => s.synopsis,
  released: (s) => s.released,
  duration: (s) => s.duration,
  covers: (s) => s.covers,
  gallery: (s) => s.gallery,
  tags: (s) => s.tags,
  cast: (s) => s.cast,
  filenames: (s) => s.filenames,
  members_url: (s) => s.membersUrl,
  homepage_url: (s) => s.homepageUrl,
  site: (s) => s.site,
  studio: (s) => s.studio,
  trailer_type: (s) => s.trailerType,
  trailer_src: (s) => s.trailerSrc,
};

const isEmpty = (value: unknown) =>
  value === undefined ||
  value === null ||
  value === '' ||
  value === 0 ||
  (Array.isArray(value) && value.length === 0);

/** The figures of one site run, fed by the engine (seen, rejected) and the writer (new, updated). */
export class RunCounters implements OutcomeSink {
  scenesSeen = 0;
  scenesNew = 0;
  scenesUpdated = 0;
  scenesUnchanged = 0;
  scenesRejected = 0;
  /** Parsed scenes the writer could not store (part of scenesRejected). */
  writeFailures = 0;
  lastError = '';
  lastErrorUrl = '';
  private readonly empties = new Map<string, number>();
  private parsed = 0;

  constructor(private readonly declaredFields: readonly (keyof SceneFields)[]) {}

  /** A scene the engine parsed (before it is written). */
  parsedScene(scene: ScrapedScene): void {
    this.parsed += 1;
    for (const field of this.declaredFields) {
      const read = FIELD_VALUES[field];
      if (read && isEmpty(read(scene))) this.empties.set(field, (this.empties.get(field) ?? 0) + 1);
    }
  }

  get scenesParsed(): number {
    return this.parsed;
  }

  written(_scene: ScrapedScene, outcome: WriteOutcome): void {
    if (outcome === 'created') this.scenesNew += 1;
    else if (outcome === 'updated') this.scenesUpdated += 1;
    else this.scenesUnchanged += 1;
  }

  failed(scene: ScrapedScene, reason: string): void {
    this.writeFailures += 1;
    this.reject(scene.homepageUrl, `not stored: ${reason}`);
  }

  reject(url: string, reason: string): void {
    this.scenesRejected += 1;
    this.lastError = reason;
    this.lastErrorUrl = url;
  }

  error(message: string, url: string): void {
    this.lastError = message;
    this.lastErrorUrl = url;
  }

  /** Fields left empty in some parsed scenes, the emptiest first. */
  coverage(): FieldCoverage[] {
    return [...this.empties.entries()]
      .map(([field, empty]) => ({ field, empty, of: this.parsed }))
      .sort((a, b) => b.empty / b.of - a.empty / a.of || a.field.localeCompare(b.field));
  }
}

export type RunEnd =
  | { kind: 'finished' }
  | { kind: 'blocked'; message: string; url: string }
  | { kind: 'failed'; message: string; url: string };

/**
 * How a site's run ended, honestly: a run that read no scene at all is never "ok".
 * - blocked: the breaker stopped it; failed: it broke before parsing anything, or every scene was rejected;
 * - zero_results: the listing was read but held no scene link (a layout change, most often);
 * - partial: some scenes or a later listing page failed, others were stored; ok: otherwise.
 */
export function runStatus(end: RunEnd, counters: RunCounters): Exclude<ScrapeRunStatus, 'running'> {
  if (end.kind === 'blocked') return 'blocked';
  const parsed = counters.scenesParsed;
  if (end.kind === 'failed') return parsed > 0 ? 'partial' : 'failed';
  if (counters.scenesSeen === 0) return 'zero_results';
  if (counters.scenesRejected > 0 && parsed === counters.writeFailures) return 'failed';
  if (counters.scenesRejected > 0) return 'partial';
  return 'ok';
}
