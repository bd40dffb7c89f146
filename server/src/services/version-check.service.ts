import type { VersionCheckResponse } from '@fovea/contract';
import type { Logger } from '../logging/logger';
import { compareVersions } from './version-compare';

export interface VersionCheckSettings {
  currentVersion: string;
  updateUrl: string;
  /** How long a fetched latest version is trusted. */
  cacheMs?: number;
  /** How long a failed look-up waits before the next try. */
  failureBackoffMs?: number;
  /** The longest a request may wait for the look-up before answering without it. */
  answerWithinMs?: number;
  /** The longest one look-up may take in the background. */
  fetchTimeoutMs?: number;
}

interface Cached {
  latest: string | null;
  until: number;
}

/**
 * Asks a GitHub-releases-style URL for the latest version (`tag_name`), caches it for hours, and never holds
 * a request longer than a second: a slow look-up goes on in the background and serves the next request.
 */
export class VersionCheckService {
  private cached: Cached | null = null;
  private inFlight: Promise<void> | null = null;
  private readonly cacheMs: number;
  private readonly failureBackoffMs: number;
  private readonly answerWithinMs: number;
  private readonly fetchTimeoutMs: number;

  constructor(
    private readonly settings: VersionCheckSettings,
    private readonly logger: Logger,
    private readonly now: () => number = Date.now,
  ) {
    this.cacheMs = settings.cacheMs ?? 6 * 60 * 60 * 1000;
    this.failureBackoffMs = settings.failureBackoffMs ?? 10 * 60 * 1000;
    this.answerWithinMs = settings.answerWithinMs ?? 1000;
    this.fetchTimeoutMs = settings.fetchTimeoutMs ?? 15000;
  }

  async check(updateCheckEnabled: boolean): Promise<VersionCheckResponse> {
    const current = this.settings.currentVersion;
    if (!updateCheckEnabled)
      return { current_version: current, latest_version: current, update_notify: false };
    if (!this.cached || this.cached.until <= this.now()) {
      const lookup = this.refresh();
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, this.answerWithinMs);
      });
      await Promise.race([lookup, deadline]);
      clearTimeout(timer);
    }
    const latest = this.cached?.latest ?? current;
    const newer = compareVersions(latest, current);
    return {
      current_version: current,
      latest_version: newer === null ? current : latest,
      update_notify: newer === 1,
    };
  }

  /** One look-up at a time; its result (or failure) is cached. */
  private refresh(): Promise<void> {
    this.inFlight ??= this.fetchLatest()
      .then((latest) => {
        this.cached = { latest, until: this.now() + this.cacheMs };
      })
      .catch((error: unknown) => {
        this.logger.debug({ error: String(error) }, 'version check failed');
        const stale = this.cached?.latest ?? null;
        this.cached = { latest: stale, until: this.now() + this.failureBackoffMs };
      })
      .finally(() => {
        this.inFlight = null;
      });
    return this.inFlight;
  }

  private async fetchLatest(): Promise<string> {
    const response = await fetch(this.settings.updateUrl, {
      headers: {
        accept: 'application/vnd.github+json, application/json',
        'user-agent': `Fovea/${this.settings.currentVersion}`,
      },
      signal: AbortSignal.timeout(this.fetchTimeoutMs),
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const body = (await response.json()) as { tag_name?: unknown };
    if (typeof body.tag_name !== 'string' || compareVersions(body.tag_name, '0') === null) {
      throw new Error('the answer has no version tag_name');
    }
    return body.tag_name.replace(/^v/, '');
  }
}
