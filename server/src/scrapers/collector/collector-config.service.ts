import { CollectorConfigData, type CollectorConfig, type SaveCollectorConfigBody } from '@fovea/contract';
import { NotFoundError } from '../../http/http-errors';
import type { Logger } from '../../logging/logger';
import type { CollectorConfigRepository } from '../../repositories/collector-config.repository';
import { hideCollectorSecrets, withCollectorSecrets } from '../../services/options-secrets';

/**
 * Per-domain HTTP configs (headers, cookies, a POST body) the owner keeps for sites: `<core>-scraper` for
 * scraping and `<core>-trailers` for trailer fetching (scraper-sites §1.7). Lists are stored as arrays; a
 * stored row that no longer reads as a config is skipped (and logged), never served half-read. The list answers
 * cookie values and credential headers as "set", and a save takes "set" back as the stored value
 * (services/options-secrets.ts); get() is the scrapers' own read and keeps them.
 */
export class CollectorConfigService {
  constructor(
    private readonly repository: CollectorConfigRepository,
    private readonly logger: Logger,
  ) {}

  async list(): Promise<CollectorConfig[]> {
    const rows = await this.repository.list();
    const configs: CollectorConfig[] = [];
    for (const row of rows) {
      const config = this.read(row.domainKey, row.value);
      if (config) configs.push({ domain_key: row.domainKey, config: hideCollectorSecrets(config) });
    }
    return configs;
  }

  async get(domainKey: string): Promise<CollectorConfigData | null> {
    const text = await this.repository.get(domainKey);
    return text === undefined ? null : this.read(domainKey, text);
  }

  /** Creates or replaces the config of `domain_key` (the form's save and a file import alike). */
  async save(sent: SaveCollectorConfigBody): Promise<void> {
    const body = withCollectorSecrets(sent, await this.get(sent.domain_key));
    const config: CollectorConfigData = {
      headers: body.headers ?? [],
      cookies: body.cookies ?? [],
      body: body.body,
      other: body.other ?? [],
    };
    await this.repository.set(body.domain_key, JSON.stringify(config));
  }

  async delete(domainKey: string): Promise<void> {
    if (!(await this.repository.delete(domainKey))) {
      throw new NotFoundError(`no collector config named "${domainKey}"`);
    }
  }

  private read(domainKey: string, text: string): CollectorConfigData | null {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      value = undefined;
    }
    const parsed = CollectorConfigData.safeParse(value);
    if (parsed.success) return parsed.data;
    this.logger.warn({ domainKey }, 'a stored collector config is unreadable; it is ignored');
    return null;
  }
}

/**
 * The collector configs as the trailer fetcher reads them (its TrailerConfigStore: the config's JSON text by
 * key), so trailers and scrapers share the `collector:` rows.
 */
export function collectorConfigTextStore(service: Pick<CollectorConfigService, 'get'>): {
  get(key: string): Promise<string | undefined>;
} {
  return {
    get: async (key) => {
      const config = await service.get(key);
      return config ? JSON.stringify(config) : undefined;
    },
  };
}
