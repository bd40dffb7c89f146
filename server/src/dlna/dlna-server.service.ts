import type { AddressInfo } from 'node:net';
import type { DlnaOptions } from '@fovea/contract';
import type { FastifyInstance } from 'fastify';
import type { DlnaState } from '../services/options-state.service';
import type { OptionsService } from '../services/options.service';
import { RecentAddresses } from './client-addresses';
import {
  DESCRIPTION_PATH,
  deviceUuid,
  MEDIA_SERVER_TYPE,
  SERVER_HEADER,
  SERVICES,
} from './device-description';
import { buildDlnaHttp, type DlnaHttpDeps } from './dlna-http';
import type { DlnaIcons } from './dlna-icons';
import { ssdpInterfaces, SsdpServer, type SsdpInterface } from './ssdp';

export interface DlnaServerDeps extends Omit<
  DlnaHttpDeps,
  'serviceName' | 'image' | 'allowedIp' | 'recent' | 'updateId' | 'icons'
> {
  options: Pick<OptionsService, 'get' | 'onChange'>;
  icons: DlnaIcons;
  /** Where to listen: the app's host, and the DLNA port (0 = any free port). */
  host: string;
  port: number;
  /** The SSDP interfaces (default: from the host, see ssdpInterfaces). */
  interfaces?: () => SsdpInterface[];
  notifyIntervalMs?: number;
}

interface Running {
  http: FastifyInstance;
  ssdp: SsdpServer;
  /** The options it was started with (serviceName and serviceImage need a restart; allowedIp does not). */
  key: string;
}

const startKey = (dlna: DlnaOptions) => JSON.stringify([dlna.serviceName, dlna.serviceImage]);

/**
 * The DLNA MediaServer's lifecycle. It runs only while the app is active (listening) and
 * interfaces.dlna.enabled is on; a change of the name or image restarts it, switching it off stops it. Every
 * start or stop is serialised, so option changes in quick succession settle on the last one.
 */
export class DlnaServerService {
  private active = false;
  private running: Running | null = null;
  private queue: Promise<void> = Promise.resolve();
  private readonly recent = new RecentAddresses();
  private readonly started = Date.now();
  private unsubscribe: (() => void) | null = null;

  constructor(private readonly deps: DlnaServerDeps) {}

  /** Starts following the options (when the app starts listening). */
  activate(): Promise<void> {
    this.active = true;
    this.unsubscribe ??= this.deps.options.onChange(() => void this.reconcile());
    return this.reconcile();
  }

  /** Stops for good (when the app closes). */
  deactivate(): Promise<void> {
    this.active = false;
    this.unsubscribe?.();
    this.unsubscribe = null;
    return this.reconcile();
  }

  /** Brings the server in line with the options; waits for any start or stop already under way. */
  reconcile(): Promise<void> {
    const run = () =>
      this.apply().catch((error: unknown) =>
        this.deps.logger.error({ err: error }, 'DLNA server start or stop failed'),
      );
    this.queue = this.queue.then(run, run);
    return this.queue;
  }

  /** Resolves once every start or stop asked for so far is done (the app's listen does not wait for it). */
  settled(): Promise<void> {
    return this.queue;
  }

  state(): DlnaState {
    return { running: this.running !== null, images: this.deps.icons.names(), recentIp: this.recent.all() };
  }

  /** The port the DLNA HTTP server listens on, or null when it is not running. */
  port(): number | null {
    const address = this.running?.http.server.address();
    return address && typeof address === 'object' ? (address as AddressInfo).port : null;
  }

  private async apply(): Promise<void> {
    const dlna = this.deps.options.get().interfaces.dlna;
    const wanted = this.active && dlna.enabled;
    if (this.running && (!wanted || this.running.key !== startKey(dlna))) await this.stop();
    if (wanted && !this.running) await this.start(dlna);
  }

  private async start(dlna: DlnaOptions): Promise<void> {
    const { logger } = this.deps;
    const http = buildDlnaHttp({
      ...this.deps,
      serviceName: dlna.serviceName,
      image: dlna.serviceImage,
      allowedIp: () => this.deps.options.get().interfaces.dlna.allowedIp,
      recent: this.recent,
      updateId: Math.floor(this.started / 1000) % 0xffffffff,
    });
    let port: number;
    try {
      await http.listen({ host: this.deps.host, port: this.deps.port });
      port = (http.server.address() as AddressInfo).port;
    } catch (error) {
      logger.error({ err: error, port: this.deps.port }, 'DLNA server could not start');
      await http.close().catch(() => undefined);
      return;
    }
    const interfaces = (this.deps.interfaces ?? (() => ssdpInterfaces(this.deps.host)))();
    const ssdp = new SsdpServer({
      uuid: deviceUuid(dlna.serviceName),
      deviceType: MEDIA_SERVER_TYPE,
      serviceTypes: SERVICES.map((service) => service.type),
      location: (iface) => `http://${iface.address}:${port}${DESCRIPTION_PATH}`,
      serverHeader: SERVER_HEADER,
      interfaces,
      logger,
      ...(this.deps.notifyIntervalMs === undefined ? {} : { notifyIntervalMs: this.deps.notifyIntervalMs }),
    });
    try {
      await ssdp.start();
    } catch (error) {
      logger.error({ err: error }, 'DLNA: SSDP could not start; the server is reachable only by its address');
    }
    this.running = { http, ssdp, key: startKey(dlna) };
    logger.info(
      { port, name: dlna.serviceName, interfaces: interfaces.map((iface) => iface.name) },
      'DLNA server started',
    );
  }

  private async stop(): Promise<void> {
    const running = this.running;
    if (!running) return;
    this.running = null;
    await running.ssdp
      .stop()
      .catch((error: unknown) => this.deps.logger.warn({ err: error }, 'DLNA: SSDP stop failed'));
    await running.http.close();
    this.deps.logger.info('DLNA server stopped');
  }
}
