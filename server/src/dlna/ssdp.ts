import { createSocket, type RemoteInfo, type Socket } from 'node:dgram';
import { networkInterfaces } from 'node:os';
import type { Logger } from '../logging/logger';

export const SSDP_ADDRESS = '239.255.255.250';
export const SSDP_PORT = 1900;
export const NOTIFY_INTERVAL_MS = 30_000;
const MAX_AGE_SECONDS = 1800;

export interface SsdpInterface {
  name: string;
  address: string;
  netmask: string;
}

/**
 * The IPv4 interfaces SSDP runs on: every external one when the server listens on all addresses, else only
 * the one holding the listen address. Loopback never: SSDP is for other devices on the LAN, and an app bound
 * to 127.0.0.1 (tests, the benchmark) must not multicast anywhere.
 */
export function ssdpInterfaces(host: string, all = networkInterfaces()): SsdpInterface[] {
  const result: SsdpInterface[] = [];
  for (const [name, entries] of Object.entries(all)) {
    for (const entry of entries ?? []) {
      if (entry.family !== 'IPv4' || entry.internal) continue;
      if (host !== '0.0.0.0' && host !== '::' && entry.address !== host) continue;
      result.push({ name, address: entry.address, netmask: entry.netmask });
    }
  }
  return result;
}

const toNumber = (address: string) =>
  address.split('.').reduce((value, part) => ((value << 8) | (Number(part) & 255)) >>> 0, 0);

/** Whether `address` is on the interface's subnet. */
export function onSubnet(address: string, iface: SsdpInterface): boolean {
  const mask = toNumber(iface.netmask);
  return (toNumber(address) & mask) === (toNumber(iface.address) & mask);
}

export interface SsdpSettings {
  uuid: string;
  deviceType: string;
  serviceTypes: readonly string[];
  /** The description URL as seen from an interface. */
  location(iface: SsdpInterface): string;
  serverHeader: string;
  interfaces: readonly SsdpInterface[];
  notifyIntervalMs?: number;
  logger: Logger;
}

/** Notification types and their USNs: root device, the device's UUID, its type, and each service type. */
export function advertisements(settings: Pick<SsdpSettings, 'uuid' | 'deviceType' | 'serviceTypes'>) {
  const udn = `uuid:${settings.uuid}`;
  return [
    { nt: 'upnp:rootdevice', usn: `${udn}::upnp:rootdevice` },
    { nt: udn, usn: udn },
    { nt: settings.deviceType, usn: `${udn}::${settings.deviceType}` },
    ...settings.serviceTypes.map((type) => ({ nt: type, usn: `${udn}::${type}` })),
  ];
}

export interface SearchRequest {
  st: string;
  mx: number;
}

/** An M-SEARCH request's ST and MX; undefined for anything else (NOTIFYs, responses, junk). */
export function parseSearch(message: string): SearchRequest | undefined {
  const lines = message.split(/\r?\n/);
  if (!/^M-SEARCH \* HTTP\/1\.[01]$/i.test(lines[0]?.trim() ?? '')) return undefined;
  const headers = new Map<string, string>();
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  if (headers.get('man')?.replace(/"/g, '') !== 'ssdp:discover') return undefined;
  const st = headers.get('st');
  if (!st) return undefined;
  const mx = Number(headers.get('mx') ?? '1');
  return { st, mx: Number.isFinite(mx) && mx >= 0 ? mx : 1 };
}

function message(startLine: string, headers: [string, string][]): Buffer {
  return Buffer.from(`${startLine}\r\n${headers.map(([k, v]) => `${k}: ${v}`).join('\r\n')}\r\n\r\n`);
}

interface Sender {
  iface: SsdpInterface;
  socket: Socket;
}

/**
 * SSDP on node:dgram: NOTIFY ssdp:alive on start and every 30 s, ssdp:byebye on stop, and answers to
 * M-SEARCH (ssdp:all, upnp:rootdevice, the UUID, the device type and each service type). One socket on
 * 0.0.0.0:1900 joins the group on each interface and receives; one socket per interface sends.
 */
export class SsdpServer {
  private receiver: Socket | null = null;
  private senders: Sender[] = [];
  private timer: NodeJS.Timeout | null = null;
  private readonly pending = new Set<NodeJS.Timeout>();

  constructor(private readonly settings: SsdpSettings) {}

  async start(): Promise<void> {
    const { interfaces, logger } = this.settings;
    if (interfaces.length === 0) {
      logger.info('DLNA: no LAN interface for SSDP (listening on loopback?); the server is not advertised');
      return;
    }
    for (const iface of interfaces) {
      const socket = createSocket({ type: 'udp4', reuseAddr: true });
      socket.on('error', (error) =>
        logger.warn({ err: error, iface: iface.name }, 'DLNA: SSDP send socket failed'),
      );
      await new Promise<void>((resolve, reject) => {
        socket.once('error', reject);
        socket.bind(0, iface.address, () => {
          socket.off('error', reject);
          resolve();
        });
      });
      socket.setMulticastInterface(iface.address);
      socket.setMulticastTTL(2);
      socket.setMulticastLoopback(true);
      this.senders.push({ iface, socket });
    }
    const receiver = createSocket({ type: 'udp4', reuseAddr: true });
    receiver.on('error', (error) => logger.warn({ err: error }, 'DLNA: SSDP receive socket failed'));
    receiver.on('message', (data, remote) => this.onMessage(data.toString('utf8'), remote));
    await new Promise<void>((resolve, reject) => {
      receiver.once('error', reject);
      receiver.bind(SSDP_PORT, () => {
        receiver.off('error', reject);
        resolve();
      });
    });
    for (const iface of interfaces) {
      try {
        receiver.addMembership(SSDP_ADDRESS, iface.address);
      } catch (error) {
        logger.warn({ err: error, iface: iface.name }, 'DLNA: could not join the SSDP group');
      }
    }
    this.receiver = receiver;
    this.notifyAll('ssdp:alive');
    this.timer = setInterval(
      () => this.notifyAll('ssdp:alive'),
      this.settings.notifyIntervalMs ?? NOTIFY_INTERVAL_MS,
    );
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (const timeout of this.pending) clearTimeout(timeout);
    this.pending.clear();
    const sends = this.senders.length > 0 ? this.notifyAll('ssdp:byebye') : [];
    await Promise.allSettled(sends);
    await Promise.all(
      [...this.senders.map((sender) => sender.socket), ...(this.receiver ? [this.receiver] : [])].map(
        (socket) => new Promise<void>((resolve) => socket.close(() => resolve())),
      ),
    );
    this.senders = [];
    this.receiver = null;
  }

  private send(sender: Sender, data: Buffer, port: number, address: string): Promise<void> {
    return new Promise((resolve) => {
      sender.socket.send(data, port, address, (error) => {
        if (error)
          this.settings.logger.debug({ err: error, iface: sender.iface.name }, 'DLNA: SSDP send failed');
        resolve();
      });
    });
  }

  private notifyAll(kind: 'ssdp:alive' | 'ssdp:byebye'): Promise<void>[] {
    const sends: Promise<void>[] = [];
    for (const sender of this.senders) {
      for (const { nt, usn } of advertisements(this.settings)) {
        const headers: [string, string][] = [
          ['HOST', `${SSDP_ADDRESS}:${SSDP_PORT}`],
          ['NT', nt],
          ['NTS', kind],
          ['USN', usn],
        ];
        if (kind === 'ssdp:alive') {
          headers.push(
            ['CACHE-CONTROL', `max-age=${MAX_AGE_SECONDS}`],
            ['LOCATION', this.settings.location(sender.iface)],
            ['SERVER', this.settings.serverHeader],
          );
        }
        sends.push(this.send(sender, message('NOTIFY * HTTP/1.1', headers), SSDP_PORT, SSDP_ADDRESS));
      }
    }
    return sends;
  }

  private onMessage(text: string, remote: RemoteInfo): void {
    const search = parseSearch(text);
    if (!search) return;
    const all = advertisements(this.settings);
    const matches = search.st === 'ssdp:all' ? all : all.filter((entry) => entry.nt === search.st);
    if (matches.length === 0) return;
    const sender =
      this.senders.find((candidate) => onSubnet(remote.address, candidate.iface)) ?? this.senders[0];
    if (!sender) return;
    // Answers are spread over a short random delay (MX caps it), as SSDP asks, but kept quick.
    const delay = Math.floor(Math.random() * Math.min(search.mx, 1) * 200);
    const timeout = setTimeout(() => {
      this.pending.delete(timeout);
      for (const { nt, usn } of matches) {
        const headers: [string, string][] = [
          ['CACHE-CONTROL', `max-age=${MAX_AGE_SECONDS}`],
          ['DATE', new Date().toUTCString()],
          ['EXT', ''],
          ['LOCATION', this.settings.location(sender.iface)],
          ['SERVER', this.settings.serverHeader],
          ['ST', nt],
          ['USN', usn],
          ['Content-Length', '0'],
        ];
        void this.send(sender, message('HTTP/1.1 200 OK', headers), remote.port, remote.address);
      }
    }, delay);
    this.pending.add(timeout);
  }
}
