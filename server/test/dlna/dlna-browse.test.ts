import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { deviceUuid } from '../../src/dlna/device-description';
import sharp from 'sharp';
import { browse, CDS, soap, type DlnaLibrary } from './dlna-fixture';
import { startDlnaTestApp, type DlnaTestApp } from './dlna-test-app';

let context: DlnaTestApp;
let app: FoveaApp;
let lib: DlnaLibrary;

const dlnaBase = () => `http://127.0.0.1:${app.dlna.port() ?? 0}`;
const control = () => `${dlnaBase()}/ctl/ContentDirectory`;

beforeAll(async () => {
  context = await startDlnaTestApp();
  ({ app, lib } = context);
}, 60_000);

afterAll(() => context.close());

describe('lifecycle', () => {
  it('starts only once the app listens, on its own port', () => {
    expect(context.startedBeforeListen).toBe(false);
    expect(app.dlna.state().running).toBe(true);
    expect(app.dlna.port()).toBeGreaterThan(0);
    expect(app.dlna.port()).not.toBe((app.http.server.address() as { port: number }).port);
  });
});

describe('device description', () => {
  it('answers the name, the UUID from it, icons and services', async () => {
    const response = await fetch(`${dlnaBase()}/rootDesc.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get('server')).toContain('DLNADOC/1.50 UPnP/1.0');
    const text = await response.text();
    expect(text).toContain('<friendlyName>Fovea</friendlyName>');
    expect(text).toContain(`<UDN>uuid:${deviceUuid('Fovea')}</UDN>`);
    expect(text).toContain('<deviceType>urn:schemas-upnp-org:device:MediaServer:1</deviceType>');
    for (const scpd of ['ContentDirectory', 'ConnectionManager']) {
      const service = await fetch(`${dlnaBase()}/scpd/${scpd}.xml`);
      expect(await service.text()).toContain('<actionList>');
    }
    const cds = await (await fetch(`${dlnaBase()}/scpd/ContentDirectory.xml`)).text();
    expect(cds).toContain('<name>Browse</name>');
    expect(cds).toContain('<allowedValue>BrowseMetadata</allowedValue>');
  });

  it('serves the chosen icon at 48 and 128 px', async () => {
    for (const size of [48, 128]) {
      const response = await fetch(`${dlnaBase()}/icons/${size}.png`);
      expect(response.headers.get('content-type')).toBe('image/png');
      const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', size, size]);
    }
    expect((await fetch(`${dlnaBase()}/icons/64.png`)).status).toBe(404);
  });
});

describe('ContentDirectory Browse', () => {
  it('lists the top folders with their child counts', async () => {
    const root = await browse(control(), '0');
    expect(root.containers.map((c) => [c.id, c.title, c.childCount, c.parentID])).toEqual([
      ['saved-searches', 'Saved searches', '4', '0'],
      ['all', 'All scenes', '7', '0'],
      ['actors', 'Actors', '2', '0'],
      ['tags', 'Tags', '2', '0'],
      ['sites', 'Sites', '3', '0'],
      ['released', 'Release months', '3', '0'],
      ['not-matched', 'Not matched', '1', '0'],
    ]);
    expect([root.returned, root.total]).toEqual([7, 7]);
  });

  it('lists actors, tags, sites and months over playable scenes only', async () => {
    const actors = await browse(control(), 'actors');
    expect(actors.containers.map((c) => [c.id, c.title, c.childCount])).toEqual([
      [`actors/${lib.actors.ann}`, 'Ann', '2'],
      [`actors/${lib.actors.bo}`, 'Bo', '1'],
    ]);
    const tags = await browse(control(), 'tags');
    expect(tags.containers.map((c) => [c.title, c.childCount])).toEqual([
      ['Indoor', '1'],
      ['Outdoor', '1'],
    ]);
    const sites = await browse(control(), 'sites');
    expect(sites.containers.map((c) => [c.id, c.childCount])).toEqual([
      ['sites/SiteA', '1'],
      ['sites/SiteB', '1'],
      ['sites/SiteC', '5'],
    ]);
    const months = await browse(control(), 'released');
    expect(months.containers.map((c) => [c.id, c.childCount])).toEqual([
      ['released/2024-03', '1'],
      ['released/2023-11', '1'],
      ['released/2022-01', '5'],
    ]);
  });

  it('fills every kind of folder with its scenes, newest first', async () => {
    const ids = async (id: string) => (await browse(control(), id)).items.map((item) => item.id);
    expect(await ids(`actors/${lib.actors.ann}`)).toEqual([
      `actors/${lib.actors.ann}/scene-${lib.beach}`,
      `actors/${lib.actors.ann}/scene-${lib.city}`,
    ]);
    expect(await ids(`actors/${lib.actors.bo}`)).toEqual([`actors/${lib.actors.bo}/scene-${lib.beach}`]);
    expect(await ids(`tags/${lib.tags.indoor}`)).toEqual([`tags/${lib.tags.indoor}/scene-${lib.city}`]);
    expect(await ids('sites/SiteB')).toEqual([`sites/SiteB/scene-${lib.city}`]);
    expect(await ids('released/2024-03')).toEqual([`released/2024-03/scene-${lib.beach}`]);
    expect((await ids('all')).slice(0, 2)).toEqual([`all/scene-${lib.beach}`, `all/scene-${lib.city}`]);
    expect(await ids('all')).not.toContain(`all/scene-${lib.hidden}`);
    expect(await ids('all')).not.toContain(`all/scene-${lib.unmounted}`);
  });

  it('lists only DeoVR-enabled saved searches, each with its scenes', async () => {
    const saved = await browse(control(), 'saved-searches');
    // The system searches are DeoVR-enabled from the start; "Not for players" is not listed.
    expect(saved.containers.map((c) => [c.title, c.childCount])).toEqual([
      ['Recent', '7'],
      ['Favourite', '0'],
      ['Watchlist', '0'],
      ['Site A only', '1'],
    ]);
    expect(saved.containers[3]?.id).toBe(`saved-searches/${lib.savedSearch}`);
    const inside = await browse(control(), `saved-searches/${lib.savedSearch}`);
    expect(inside.items.map((item) => item.id)).toEqual([
      `saved-searches/${lib.savedSearch}/scene-${lib.beach}`,
    ]);
    expect((await browse(control(), 'saved-searches/999')).fault?.code).toBe(701);
  });

  it('describes a scene item with DLNA protocol info, size, duration, resolution and art', async () => {
    const [item] = (await browse(control(), 'sites/SiteA')).items;
    const base = dlnaBase();
    // Default sort: by filename, so beach-high.mp4 (MKX200) comes first and names the projection hint.
    expect(item).toEqual({
      id: `sites/SiteA/scene-${lib.beach}`,
      parentID: 'sites/SiteA',
      title: 'Ann, Bo - Beach Day _MKX200_LR.mp4',
      date: '2024-03-05',
      artists: ['Ann', 'Bo'],
      art: `${base}/art/${lib.beach}.jpg`,
      res: [
        {
          url: `${base}/media/${lib.files.beachHigh}.mp4`,
          protocolInfo:
            'http-get:*:video/mp4:DLNA.ORG_OP=01;DLNA.ORG_CI=0;DLNA.ORG_FLAGS=01700000000000000000000000000000',
          size: '18',
          duration: '0:00:02.000',
          resolution: '640x320',
        },
        {
          url: `${base}/media/${lib.files.beachLow}.mp4`,
          protocolInfo:
            'http-get:*:video/mp4:DLNA.ORG_OP=01;DLNA.ORG_CI=0;DLNA.ORG_FLAGS=01700000000000000000000000000000',
          size: String(lib.beachBytes),
          duration: '0:00:02.000',
          resolution: '320x160',
        },
      ],
    });
    const city = (await browse(control(), 'sites/SiteB')).items[0];
    expect(city?.title).toBe('Ann - City Night _FLAT.mp4');
    // No cover: the art is a frame of its video.
    expect(city?.art).toBe(`${base}/art/${lib.city}.jpg`);
  });

  it("orders a scene's videos by the players' video sort sequence", async () => {
    await app.options.update((options) => ({
      ...options,
      interfaces: {
        ...options.interfaces,
        players: { ...options.interfaces.players, video_sort_seq: 'resolution' },
      },
    }));
    try {
      const [item] = (await browse(control(), 'sites/SiteA')).items;
      expect(item?.title).toBe('Ann, Bo - Beach Day _180_LR.mp4');
      expect(item?.res[0]?.url).toContain(`/media/${lib.files.beachLow}.mp4`);
    } finally {
      await app.options.update((options) => ({
        ...options,
        interfaces: {
          ...options.interfaces,
          players: { ...options.interfaces.players, video_sort_seq: 'filename' },
        },
      }));
    }
  });

  it('lists unmatched video files', async () => {
    const answer = await browse(control(), 'not-matched');
    expect(answer.items).toHaveLength(1);
    expect(answer.items[0]?.id).toBe(`not-matched/file-${lib.files.loose}`);
    expect(answer.items[0]?.title).toBe('loose _FLAT.mp4');
    expect(answer.items[0]?.res[0]?.url).toBe(`${dlnaBase()}/media/${lib.files.loose}.mp4`);
  });

  it('pages with StartingIndex and RequestedCount and always answers TotalMatches', async () => {
    const all = (await browse(control(), 'all')).items.map((item) => item.id);
    expect(all).toHaveLength(7);
    const page = await browse(control(), 'all', 'BrowseDirectChildren', 2, 3);
    expect([page.returned, page.total]).toEqual([3, 7]);
    expect(page.items.map((item) => item.id)).toEqual(all.slice(2, 5));
    const last = await browse(control(), 'all', 'BrowseDirectChildren', 6, 10);
    expect([last.returned, last.total]).toEqual([1, 7]);
    const beyond = await browse(control(), 'all', 'BrowseDirectChildren', 50, 10);
    expect([beyond.returned, beyond.total, beyond.items]).toEqual([0, 7, []]);
    const rootPage = await browse(control(), '0', 'BrowseDirectChildren', 5, 5);
    expect(rootPage.containers.map((c) => c.id)).toEqual(['released', 'not-matched']);
    const actorsPage = await browse(control(), 'actors', 'BrowseDirectChildren', 1, 1);
    expect([actorsPage.containers.map((c) => c.title), actorsPage.total]).toEqual([['Bo'], 2]);
  });

  it('answers BrowseMetadata for the root, folders and items', async () => {
    const root = await browse(control(), '0', 'BrowseMetadata');
    expect(root.containers).toEqual([{ id: '0', parentID: '-1', childCount: '7', title: 'Fovea' }]);
    expect([root.returned, root.total]).toEqual([1, 1]);
    const ann = await browse(control(), `actors/${lib.actors.ann}`, 'BrowseMetadata');
    expect(ann.containers).toEqual([
      { id: `actors/${lib.actors.ann}`, parentID: 'actors', childCount: '2', title: 'Ann' },
    ]);
    const site = await browse(control(), 'sites/SiteC', 'BrowseMetadata');
    expect(site.containers[0]).toMatchObject({ title: 'SiteC', childCount: '5', parentID: 'sites' });
    const saved = await browse(control(), `saved-searches/${lib.savedSearch}`, 'BrowseMetadata');
    expect(saved.containers[0]).toMatchObject({
      title: 'Site A only',
      childCount: '1',
      parentID: 'saved-searches',
    });
    const all = await browse(control(), 'all', 'BrowseMetadata');
    expect(all.containers[0]).toMatchObject({ id: 'all', parentID: '0', childCount: '7' });
    const item = await browse(control(), `tags/${lib.tags.outdoor}/scene-${lib.beach}`, 'BrowseMetadata');
    expect(item.items.map((i) => [i.id, i.parentID])).toEqual([
      [`tags/${lib.tags.outdoor}/scene-${lib.beach}`, `tags/${lib.tags.outdoor}`],
    ]);
    const savedItem = await browse(
      control(),
      `saved-searches/${lib.savedSearch}/scene-${lib.beach}`,
      'BrowseMetadata',
    );
    expect(savedItem.items).toHaveLength(1);
    const file = await browse(control(), `not-matched/file-${lib.files.loose}`, 'BrowseMetadata');
    expect(file.items[0]?.parentID).toBe('not-matched');
  });

  it('answers UPnP errors for unknown objects and bad arguments', async () => {
    const fault = async (id: string, flag: 'BrowseMetadata' | 'BrowseDirectChildren' = 'BrowseMetadata') =>
      (await browse(control(), id, flag)).fault;
    expect(await fault('nowhere')).toEqual({ code: 701, description: 'No such object: nowhere' });
    expect((await fault(`tags/${lib.tags.outdoor}/scene-${lib.city}`))?.code).toBe(701);
    expect((await fault(`all/scene-${lib.hidden}`))?.code).toBe(701);
    expect((await fault(`saved-searches/${lib.savedSearch}/scene-${lib.city}`))?.code).toBe(701);
    expect((await fault(`actors/999999`))?.code).toBe(701);
    expect((await fault(`not-matched/file-${lib.files.city}`))?.code).toBe(701);
    expect((await fault(`all/scene-${lib.beach}`, 'BrowseDirectChildren'))?.code).toBe(710);
    const badFlag = await soap(control(), CDS, 'Browse', { ObjectID: '0', BrowseFlag: 'Everything' });
    expect(badFlag.status).toBe(500);
    expect(badFlag.body).toContain('<errorCode>402</errorCode>');
    const badIndex = await soap(control(), CDS, 'Browse', {
      ObjectID: '0',
      BrowseFlag: 'BrowseDirectChildren',
      StartingIndex: 'x',
    });
    expect(badIndex.body).toContain('StartingIndex must be an unsigned integer');
    const unknown = await soap(control(), CDS, 'Search', {});
    expect(unknown.body).toContain('<errorCode>401</errorCode>');
  });

  it('answers the other ContentDirectory and ConnectionManager actions', async () => {
    const updateId = await soap(control(), CDS, 'GetSystemUpdateID', {});
    expect(updateId.body).toMatch(/<Id>\d+<\/Id>/);
    expect((await soap(control(), CDS, 'GetSortCapabilities', {})).body).toContain(
      '<SortCaps>dc:title</SortCaps>',
    );
    expect((await soap(control(), CDS, 'GetSearchCapabilities', {})).body).toContain(
      '<SearchCaps></SearchCaps>',
    );
    const cm = 'urn:schemas-upnp-org:service:ConnectionManager:1';
    const info = await soap(`${dlnaBase()}/ctl/ConnectionManager`, cm, 'GetProtocolInfo', {});
    expect(info.status).toBe(200);
    expect(info.body).toContain('http-get:*:video/mp4:DLNA.ORG_OP=01');
    expect(info.body).toContain('<Sink></Sink>');
  });
});
