import { createServer, type Server } from 'node:net';
import { Writable } from 'node:stream';
import { DEFAULT_OPTIONS, type Options } from '@fovea/contract';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentDirectoryService } from '../../src/dlna/content-directory.service';
import { DlnaIcons } from '../../src/dlna/dlna-icons';
import { DlnaServerService } from '../../src/dlna/dlna-server.service';

/** Options held in memory, with the change listeners OptionsService has. */
function memoryOptions() {
  let current: Options = structuredClone(DEFAULT_OPTIONS);
  const listeners = new Set<(options: Options) => void>();
  return {
    get: () => structuredClone(current),
    onChange(listener: (options: Options) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setDlna(patch: Partial<Options['interfaces']['dlna']>) {
      current = {
        ...current,
        interfaces: { ...current.interfaces, dlna: { ...current.interfaces.dlna, ...patch } },
      };
      for (const listener of listeners) listener(structuredClone(current));
    },
  };
}

const lines: string[] = [];
const logger = pino(
  { level: 'debug' },
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  }),
);

function service(options: ReturnType<typeof memoryOptions>, port: number) {
  return new DlnaServerService({
    options,
    icons: new DlnaIcons(),
    host: '127.0.0.1',
    port,
    version: 'test',
    contentDirectory: {} as ContentDirectoryService,
    streams: { serveFile: () => Promise.reject(new Error('unused')), abortAll: () => undefined },
    art: () => Promise.resolve(null),
    logger,
  });
}

let occupied: Server;
let occupiedPort: number;

beforeAll(async () => {
  occupied = createServer();
  await new Promise<void>((resolve) => occupied.listen(0, '127.0.0.1', resolve));
  occupiedPort = (occupied.address() as { port: number }).port;
});

afterAll(() => new Promise<void>((resolve) => occupied.close(() => resolve())));

describe('DLNA server lifecycle', () => {
  it('logs a port that is taken and keeps the app running, not started', async () => {
    const dlna = service(memoryOptions(), occupiedPort);
    await dlna.activate();
    expect(dlna.state().running).toBe(false);
    expect(dlna.port()).toBeNull();
    expect(lines.some((line) => line.includes('DLNA server could not start'))).toBe(true);
    await dlna.deactivate();
  });

  it('follows option changes: off stops, on starts, a rename restarts; nothing before activate', async () => {
    const options = memoryOptions();
    const dlna = service(options, 0);
    options.setDlna({ serviceName: 'Early' });
    await dlna.settled();
    expect(dlna.state().running).toBe(false);

    await dlna.activate();
    expect(dlna.state().running).toBe(true);
    const description = async () => (await fetch(`http://127.0.0.1:${dlna.port() ?? 0}/rootDesc.xml`)).text();
    expect(await description()).toContain('<friendlyName>Early</friendlyName>');

    options.setDlna({ enabled: false });
    await dlna.settled();
    expect(dlna.state().running).toBe(false);

    options.setDlna({ enabled: true, serviceName: 'Later' });
    await dlna.settled();
    expect(await description()).toContain('<friendlyName>Later</friendlyName>');

    // The allowed list applies without a restart.
    const port = dlna.port();
    options.setDlna({ allowedIp: ['10.0.0.9'] });
    await dlna.settled();
    expect(dlna.port()).toBe(port);
    expect((await fetch(`http://127.0.0.1:${port ?? 0}/rootDesc.xml`)).status).toBe(403);
    expect(dlna.state().recentIp).toEqual(['127.0.0.1']);

    await dlna.deactivate();
    expect(dlna.state().running).toBe(false);
    // Deactivated: changes no longer start it.
    options.setDlna({ allowedIp: [], serviceName: 'After' });
    await dlna.settled();
    expect(dlna.state().running).toBe(false);
  });
});
