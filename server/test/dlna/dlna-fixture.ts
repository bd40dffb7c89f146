import { statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import sharp from 'sharp';
import type { Database } from '../../src/db/schema';
import type { SceneStatusService } from '../../src/services/scene-status.service';
import { libraryFactory } from '../factories/library.factory';
import { makeClip } from '../fixtures/media-fixtures';

/** The name the covers are fetched by, mapped to the local server by the app's imageHostMap (loopback is refused). */
export const COVER_HOST = 'covers.test';

/** A local image host for covers: GET /cover-<n>.png answers a 400×200 PNG. */
export async function startCoverServer(): Promise<{
  url: string;
  requests: string[];
  close(): Promise<void>;
}> {
  const png = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    requests.push(request.url ?? '');
    if (!/^\/cover-\d+\.png$/.test(request.url ?? '')) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'image/png' }).end(png);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://${COVER_HOST}:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export interface DlnaLibrary {
  beach: number;
  city: number;
  hidden: number;
  unmounted: number;
  paging: number[];
  files: { beachLow: number; beachHigh: number; city: number; loose: number };
  actors: { ann: number; bo: number };
  tags: { outdoor: number; indoor: number };
  beachBytes: number;
  savedSearch: number;
}

/**
 * A small library: two playable scenes with real clips (SiteA: Ann and Bo, tag Outdoor, 2024-03, two videos;
 * SiteB: Ann, tag Indoor, 2023-11), a hidden scene, one on an unmounted volume, five SiteC scenes for paging
 * (2022-01), and one unmatched real clip. A DeoVR-enabled saved search selects SiteA; another (not enabled)
 * SiteB.
 */
export async function seedDlnaLibrary(
  db: Database,
  status: SceneStatusService,
  mediaDir: string,
  coverUrl: string,
  savePlaylist: (body: object) => Promise<number>,
): Promise<DlnaLibrary> {
  const make = libraryFactory(db);
  await makeClip(join(mediaDir, 'beach-low.mp4'), {
    width: 320,
    height: 160,
    fps: '25',
    seconds: 2,
    codec: 'h264',
  });
  await makeClip(join(mediaDir, 'city.mp4'), {
    width: 160,
    height: 90,
    fps: '25',
    seconds: 1,
    codec: 'h264',
  });
  writeFileSync(join(mediaDir, 'beach-high.mp4'), 'not really a video');
  writeFileSync(join(mediaDir, 'loose.mp4'), 'loose bytes');
  const beachBytes = statSync(join(mediaDir, 'beach-low.mp4')).size;

  const volume = await make.volume({ path: mediaDir });
  const offline = await make.volume({ path: join(mediaDir, 'offline'), is_available: 0 });
  const beach = await make.scene({
    title: 'Beach Day',
    site: 'SiteA',
    release_date: '2024-03-05',
    cover_url: `${coverUrl}/cover-1.png`,
  });
  const city = await make.scene({ title: 'City Night', site: 'SiteB', release_date: '2023-11-20' });
  const hidden = await make.scene({
    title: 'Hidden',
    site: 'SiteA',
    release_date: '2024-03-01',
    is_hidden: 1,
  });
  const unmounted = await make.scene({ title: 'Offline', site: 'SiteA', release_date: '2024-03-02' });
  const video = (sceneId: number | null, filename: string, extra: object = {}) =>
    make.file({ volume_id: volume, path: mediaDir, filename, scene_id: sceneId, ...extra });
  const beachLow = await video(beach, 'beach-low.mp4', {
    size: beachBytes,
    duration: 2,
    video_width: 320,
    video_height: 160,
    video_bitrate: 80_000,
    projection: '180_sbs',
  });
  const beachHigh = await video(beach, 'beach-high.mp4', {
    size: 18,
    duration: 2,
    video_width: 640,
    video_height: 320,
    projection: 'mkx200',
  });
  const cityFile = await video(city, 'city.mp4', {
    duration: 1,
    video_width: 160,
    video_height: 90,
    projection: 'flat',
  });
  await video(hidden, 'hidden.mp4');
  await make.file({
    volume_id: offline,
    path: join(mediaDir, 'offline'),
    filename: 'o.mp4',
    scene_id: unmounted,
  });
  const loose = await video(null, 'loose.mp4', { size: 11, projection: 'flat' });

  const ann = await make.actor('Ann');
  const bo = await make.actor('Bo');
  await make.cast(beach, ann);
  await make.cast(beach, bo);
  await make.cast(city, ann);
  await make.cast(hidden, bo);
  await make.tagScene(beach, 'Outdoor');
  await make.tagScene(city, 'Indoor');
  const tagId = async (name: string) =>
    (await db.selectFrom('tags').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

  const paging: number[] = [];
  for (let n = 1; n <= 5; n++) {
    const id = await make.scene({ title: `Page ${n}`, site: 'SiteC', release_date: `2022-01-0${n}` });
    await video(id, `page-${n}.mp4`, { projection: '180_tb' });
    paging.push(id);
  }
  await status.refreshScenes([beach, city, hidden, unmounted, ...paging]);
  const savedSearch = await savePlaylist({
    name: 'Site A only',
    is_deo_enabled: true,
    search_params: JSON.stringify({ sites: ['SiteA'] }),
  });
  await savePlaylist({
    name: 'Not for players',
    is_deo_enabled: false,
    search_params: JSON.stringify({ sites: ['SiteB'] }),
  });
  return {
    beach,
    city,
    hidden,
    unmounted,
    paging,
    files: { beachLow, beachHigh, city: cityFile, loose },
    actors: { ann, bo },
    tags: { outdoor: await tagId('Outdoor'), indoor: await tagId('Indoor') },
    beachBytes,
    savedSearch,
  };
}

export interface BrowseAnswer {
  status: number;
  containers: { id: string; parentID: string; childCount: string; title: string }[];
  items: {
    id: string;
    parentID: string;
    title: string;
    date?: string;
    artists: string[];
    art?: string;
    res: { url: string; protocolInfo: string; size: string; duration?: string; resolution?: string }[];
  }[];
  returned: number;
  total: number;
  fault?: { code: number; description: string };
}

const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  removeNSPrefix: true,
  parseTagValue: false,
});
const list = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];
type Node = Record<string, unknown>;
const text = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : typeof value === 'object' && value !== null
      ? String((value as Node)['#text'] ?? '')
      : '';

/** A SOAP call to a control URL; answers the raw status and text. */
export async function soap(
  controlUrl: string,
  service: string,
  action: string,
  args: Record<string, string | number>,
): Promise<{ status: number; body: string }> {
  const inner = Object.entries(args)
    .map(([name, value]) => `<${name}>${String(value)}</${name}>`)
    .join('');
  const response = await fetch(controlUrl, {
    method: 'POST',
    headers: { 'content-type': 'text/xml; charset="utf-8"', soapaction: `"${service}#${action}"` },
    body: `<?xml version="1.0"?><s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/" s:encodingStyle="http://schemas.xmlsoap.org/soap/encoding/"><s:Body><u:${action} xmlns:u="${service}">${inner}</u:${action}></s:Body></s:Envelope>`,
  });
  return { status: response.status, body: await response.text() };
}

export const CDS = 'urn:schemas-upnp-org:service:ContentDirectory:1';

/** ContentDirectory Browse, with the DIDL-Lite result read into plain objects. */
export async function browse(
  controlUrl: string,
  objectId: string,
  flag: 'BrowseDirectChildren' | 'BrowseMetadata' = 'BrowseDirectChildren',
  start = 0,
  count = 0,
): Promise<BrowseAnswer> {
  const answer = await soap(controlUrl, CDS, 'Browse', {
    ObjectID: objectId,
    BrowseFlag: flag,
    Filter: '*',
    StartingIndex: start,
    RequestedCount: count,
    SortCriteria: '',
  });
  const envelope = xml.parse(answer.body) as Node;
  const body = (envelope.Envelope as Node).Body as Node;
  if (body.Fault) {
    const error = ((body.Fault as Node).detail as Node).UPnPError as Node;
    return {
      status: answer.status,
      containers: [],
      items: [],
      returned: 0,
      total: 0,
      fault: { code: Number(text(error.errorCode)), description: text(error.errorDescription) },
    };
  }
  const response = body.BrowseResponse as Node;
  const didl = xml.parse(text(response.Result)) as Node;
  const root = (didl['DIDL-Lite'] ?? {}) as Node;
  return {
    status: answer.status,
    containers: list(root.container as Node | Node[] | undefined).map((node) => ({
      id: String(node.id),
      parentID: String(node.parentID),
      childCount: String(node.childCount),
      title: text(node.title),
    })),
    items: list(root.item as Node | Node[] | undefined).map((node) => ({
      id: String(node.id),
      parentID: String(node.parentID),
      title: text(node.title),
      ...(node.date === undefined ? {} : { date: text(node.date) }),
      artists: list(node.artist as unknown).map(text),
      ...(node.albumArtURI === undefined ? {} : { art: text(node.albumArtURI) }),
      res: list(node.res as Node | Node[] | undefined).map((res) => ({
        url: text(res),
        protocolInfo: String(res.protocolInfo),
        size: String(res.size),
        ...(res.duration === undefined ? {} : { duration: String(res.duration) }),
        ...(res.resolution === undefined ? {} : { resolution: String(res.resolution) }),
      })),
    })),
    returned: Number(text(response.NumberReturned)),
    total: Number(text(response.TotalMatches)),
  };
}
