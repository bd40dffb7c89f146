import { networkInterfaces } from 'node:os';
import type { OptionsStateResponse, ScraperInfo } from '@fovea/contract';
import type { CacheSizeService } from './cache-size.service';
import { hideSecrets } from './options-secrets';
import type { OptionsService } from './options.service';

export interface DlnaState {
  running: boolean;
  images: string[];
  recentIp: string[];
}

/** The providers of state that other parts of the server own (DLNA, scrapers). */
export interface StateProviders {
  dlna(): DlnaState;
  scrapers(): ScraperInfo[];
}

/** Addresses players can reach this server at, e.g. http://192.168.1.5:9999/. */
export function boundAddresses(host: string, port: number): string[] {
  if (host !== '0.0.0.0' && host !== '::')
    return [`http://${host.includes(':') ? `[${host}]` : host}:${port}/`];
  const addresses: string[] = [];
  for (const entries of Object.values(networkInterfaces())) {
    for (const entry of entries ?? []) {
      if (entry.family === 'IPv4' && !entry.internal) addresses.push(`http://${entry.address}:${port}/`);
    }
  }
  return addresses.length > 0 ? addresses : [`http://127.0.0.1:${port}/`];
}

/** Database migrations run before the server listens, so no answer ever sees one in progress. */
const NO_MIGRATION = { is_running: false, current: '', total: 0, progress: 0, message: '' };

/** GET /api/options/state: the saved options (secrets hidden, see options-secrets.ts) plus what is true right now. */
export class OptionsStateService {
  constructor(
    private readonly options: OptionsService,
    private readonly cacheSizes: CacheSizeService,
    private readonly providers: StateProviders,
    private readonly listen: () => { host: string; port: number },
  ) {}

  async state(): Promise<OptionsStateResponse> {
    const { host, port } = this.listen();
    return {
      config: hideSecrets(this.options.get()),
      currentState: {
        server: { bound_ip: boundAddresses(host, port) },
        migration: NO_MIGRATION,
        dlna: this.providers.dlna(),
        cacheSize: await this.cacheSizes.sizes(),
      },
      scrapers: this.providers.scrapers(),
    };
  }
}
