import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceUuid } from '../../src/dlna/device-description';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';
import { createTestApp } from '../helpers/test-app';
import { seedDlnaLibrary, startCoverServer, type DlnaLibrary } from './dlna-fixture';

/*
 * The real thing: Fovea (server/src/main.ts under tsx) in a private network namespace with a veth pair, found by
 * GSSDP's discovery and browsed over SOAP from inside the namespace. SSDP multicast never leaves the namespace:
 * both veth ends are in it and nothing links it to the host's interfaces. Skipped only when the namespace
 * cannot be made (not root, or `ip netns` missing).
 */
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const HERE = fileURLToPath(new URL('.', import.meta.url));
const NS = `fovea-dlna-${process.pid}-${randomBytes(3).toString('hex')}`;
const DLNA_PORT = 1338;
const MEDIA_SERVER = 'urn:schemas-upnp-org:device:MediaServer:1';

function whyNot(): string | null {
  if (process.getuid?.() !== 0) return 'not root (ip netns needs root)';
  try {
    execFileSync('ip', ['netns', 'list'], { stdio: 'pipe' });
  } catch {
    return '`ip netns` is not available';
  }
  return null;
}
const skipReason = whyNot();
if (skipReason) console.warn(`DLNA namespace test skipped: ${skipReason}`);

/** gssdp-discover when installed, else the same GSSDP library through PyGObject (gssdp-discover.py). */
function discoverCommand(): string[] {
  for (const candidate of ['gssdp-discover']) {
    try {
      execFileSync('sh', ['-c', `command -v ${candidate}`], { stdio: 'pipe' });
      return [candidate];
    } catch {
      // not installed
    }
  }
  return ['/usr/bin/python3', join(HERE, 'gssdp-discover.py')];
}

const ns = (...args: string[]) =>
  execFileSync('ip', ['netns', 'exec', NS, ...args], { encoding: 'utf8', timeout: 30_000 });

let dataDir: string;
let mediaDir: string;
let server: ChildProcess | null = null;
let output = '';
let lib: DlnaLibrary;
let namespaceMade = false;
let appUrl = '';

function waitFor(pattern: RegExp, ms: number): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const check = () => {
      const match = pattern.exec(output);
      if (match) return resolve(match);
      if (Date.now() - started > ms) return reject(new Error(`timed out waiting for ${pattern}:\n${output}`));
      setTimeout(check, 100);
    };
    check();
  });
}

describe.skipIf(skipReason !== null)('DLNA in a private network namespace', () => {
  beforeAll(async () => {
    execFileSync('ip', ['netns', 'add', NS]);
    namespaceMade = true;
    ns(
      'sh',
      '-c',
      'ip link set lo up && ip link add va type veth peer name vb && ' +
        'ip addr add 10.77.0.1/24 dev va && ip addr add 10.77.0.2/24 dev vb && ' +
        'ip link set va up && ip link set vb up && ip route add 224.0.0.0/4 dev va',
    );

    // The library is made by a test app on its own data folder, then served by a real Fovea process.
    const covers = await startCoverServer();
    dataDir = makeTempDir('fovea-dlna-ns-');
    mediaDir = makeTempDir('fovea-dlna-ns-media-');
    const seeding = await createTestApp({ dataDir });
    lib = await seedDlnaLibrary(
      seeding.database.db,
      seeding.sceneStatus,
      mediaDir,
      covers.url,
      async (body) => {
        const response = await seeding.http.inject({ method: 'POST', url: '/api/playlist', payload: body });
        return response.json<{ id: number }>().id;
      },
    );
    await seeding.close();
    await covers.close();
    removeTempDir(seeding.config.webDir);

    server = spawn(
      'ip',
      [
        ...['netns', 'exec', NS, process.execPath, '--import', 'tsx', join(ROOT, 'server/src/main.ts')],
        ...['--host', '0.0.0.0', '--port', '0', '--data-dir', dataDir, '--dlna-port', String(DLNA_PORT)],
      ],
      {
        cwd: ROOT,
        env: { ...process.env, FOVEA_UPDATE_URL: 'http://127.0.0.1:9/latest' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await waitFor(/DLNA server started/, 60_000);
    appUrl = (await waitFor(/"address":"(http:\/\/[^"]+)"/, 10_000))[1] ?? '';
  }, 120_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server?.once('exit', resolve));
      server.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (server.exitCode === null) server.kill('SIGKILL');
    }
    if (namespaceMade) execFileSync('ip', ['netns', 'del', NS]);
    if (dataDir) removeTempDir(dataDir);
    if (mediaDir) removeTempDir(mediaDir);
  }, 30_000);

  it('advertises on the veth interfaces and is found by GSSDP with our USN and Location', () => {
    expect(output).toMatch(/"interfaces":\["va","vb"\]|"interfaces":\["vb","va"\]/);
    const found = ns(...discoverCommand(), '-i', 'va', '-n', '4', '-t', MEDIA_SERVER);
    const usn = `uuid:${deviceUuid('Fovea')}::${MEDIA_SERVER}`;
    expect(found).toContain(`USN:      ${usn}`);
    expect(found).toMatch(new RegExp(`Location: http://10\\.77\\.0\\.[12]:${DLNA_PORT}/rootDesc\\.xml`));
  }, 30_000);

  it('answers M-SEARCH for ssdp:all and for each of its types', () => {
    const uuid = `uuid:${deviceUuid('Fovea')}`;
    const all = ns(...discoverCommand(), '-i', 'va', '-n', '3', '-t', 'ssdp:all');
    for (const usn of [
      `${uuid}::upnp:rootdevice`,
      uuid,
      `${uuid}::${MEDIA_SERVER}`,
      `${uuid}::urn:schemas-upnp-org:service:ContentDirectory:1`,
      `${uuid}::urn:schemas-upnp-org:service:ConnectionManager:1`,
    ]) {
      expect(all).toContain(`USN:      ${usn}\n`);
    }
    const cds = ns(
      ...discoverCommand(),
      '-i',
      'va',
      '-n',
      '2',
      '-t',
      'urn:schemas-upnp-org:service:ContentDirectory:1',
    );
    expect(cds).toContain(`USN:      ${uuid}::urn:schemas-upnp-org:service:ContentDirectory:1`);
  }, 30_000);

  it('is browsed from inside the namespace: the whole tree, with paging, and plays media', () => {
    const walked = JSON.parse(
      ns(
        process.execPath,
        join(HERE, 'namespace-walk.mjs'),
        `http://10.77.0.1:${DLNA_PORT}/rootDesc.xml`,
        'City Night',
      ),
    ) as {
      friendlyName: string;
      udn: string;
      control: string;
      containers: { id: string; title: string; childCount: number }[];
      items: { id: string; title: string; res: string[] }[];
      pages: number;
      firstBytes: { status: number; length: number } | null;
    };
    expect(walked.friendlyName).toBe('Fovea');
    expect(walked.udn).toBe(`uuid:${deviceUuid('Fovea')}`);
    expect(walked.control).toBe(`http://10.77.0.1:${DLNA_PORT}/ctl/ContentDirectory`);
    expect(walked.containers.filter((c) => !c.id.includes('/')).map((c) => c.id)).toEqual([
      'saved-searches',
      'all',
      'actors',
      'tags',
      'sites',
      'released',
      'not-matched',
    ]);
    const ids = new Set(walked.items.map((item) => item.id));
    expect(ids.has(`all/scene-${lib.beach}`)).toBe(true);
    expect(ids.has(`actors/${lib.actors.ann}/scene-${lib.city}`)).toBe(true);
    expect(ids.has(`sites/SiteC/scene-${lib.paging[4]}`)).toBe(true);
    expect(ids.has(`released/2023-11/scene-${lib.city}`)).toBe(true);
    expect(ids.has(`not-matched/file-${lib.files.loose}`)).toBe(true);
    // Every container's child count is what walking it found.
    for (const container of walked.containers) {
      const children =
        walked.containers.filter(
          (c) => c.id.startsWith(`${container.id}/`) && !c.id.slice(container.id.length + 1).includes('/'),
        ).length +
        walked.items.filter(
          (item) =>
            item.id.startsWith(`${container.id}/`) && !item.id.slice(container.id.length + 1).includes('/'),
        ).length;
      expect(children, container.id).toBe(container.childCount);
    }
    expect(walked.items.filter((item) => item.id.startsWith('all/'))).toHaveLength(7);
    expect(walked.pages).toBeGreaterThan(walked.containers.length);
    expect(walked.items[0]?.res[0]).toMatch(
      new RegExp(`^http://10\\.77\\.0\\.1:${DLNA_PORT}/media/\\d+\\.mp4$`),
    );
    expect(walked.firstBytes?.status).toBe(206);
    expect(walked.firstBytes?.length).toBe(8);
  }, 60_000);

  it('is found and browsed by a real UPnP control point (GUPnP), whose DIDL-Lite parser reads our items', () => {
    const seen = JSON.parse(
      ns('/usr/bin/python3', join(HERE, 'gupnp-browse.py'), '-i', 'va', '-n', '10'),
    ) as {
      location: string | null;
      udn: string | null;
      objects: {
        kind: 'container' | 'item';
        id: string;
        parent: string;
        title: string;
        childCount?: number;
        res?: {
          uri: string;
          size: number;
          duration: number;
          width: number;
          height: number;
          mime: string;
          range: boolean;
        }[];
      }[];
    };
    expect(seen.location).toMatch(new RegExp(`^http://10\\.77\\.0\\.[12]:${DLNA_PORT}/rootDesc\\.xml$`));
    expect(seen.udn).toBe(`uuid:${deviceUuid('Fovea')}`);
    const beach = seen.objects.find((o) => o.id === `sites/SiteA/scene-${lib.beach}`);
    expect(beach).toMatchObject({
      kind: 'item',
      parent: 'sites/SiteA',
      title: 'Ann, Bo - Beach Day _MKX200_LR.mp4',
    });
    expect(beach?.res?.[1]).toMatchObject({
      size: lib.beachBytes,
      duration: 2,
      width: 320,
      height: 160,
      mime: 'video/mp4',
      range: true,
    });
    expect(seen.objects.filter((o) => o.parent === 'all')).toHaveLength(7);
    expect(seen.objects.find((o) => o.id === 'actors')?.childCount).toBe(2);
    expect(seen.objects.some((o) => o.id === `not-matched/file-${lib.files.loose}`)).toBe(true);
  }, 30_000);

  it('says byebye and advertises the new device when a new name restarts it', () => {
    const port = /:(\d+)\/?$/.exec(appUrl)?.[1];
    expect(port).toBeDefined();
    const seen = JSON.parse(
      ns(
        process.execPath,
        join(HERE, 'namespace-notify.mjs'),
        '10.77.0.1',
        `http://10.77.0.1:${port}/api/options/interface/dlna`,
        JSON.stringify({ name: 'Renamed' }),
        '2',
      ),
    ) as { nts: string; nt: string; usn: string; location: string | null }[];
    const old = `uuid:${deviceUuid('Fovea')}::${MEDIA_SERVER}`;
    const renamed = `uuid:${deviceUuid('Renamed')}::${MEDIA_SERVER}`;
    expect(seen.some((n) => n.nts === 'ssdp:byebye' && n.usn === old)).toBe(true);
    const alive = seen.filter((n) => n.nts === 'ssdp:alive' && n.usn === renamed);
    expect(alive.length).toBeGreaterThan(0);
    // One advertisement per interface, each with that interface's address.
    expect(new Set(alive.map((n) => n.location))).toEqual(
      new Set([`http://10.77.0.1:${DLNA_PORT}/rootDesc.xml`, `http://10.77.0.2:${DLNA_PORT}/rootDesc.xml`]),
    );
    // Root device, UUID, device type and both services, on each interface.
    const nts = new Set(seen.filter((n) => n.nts === 'ssdp:alive').map((n) => n.nt));
    expect(nts).toEqual(
      new Set([
        'upnp:rootdevice',
        `uuid:${deviceUuid('Renamed')}`,
        MEDIA_SERVER,
        'urn:schemas-upnp-org:service:ContentDirectory:1',
        'urn:schemas-upnp-org:service:ConnectionManager:1',
      ]),
    );
  }, 30_000);
});
