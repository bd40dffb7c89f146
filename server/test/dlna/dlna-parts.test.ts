import type { NetworkInterfaceInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import { isAllowed, normaliseIp, RecentAddresses } from '../../src/dlna/client-addresses';
import { deviceDescription, deviceUuid } from '../../src/dlna/device-description';
import { didlLite, formatDuration, itemTitle, projectionHint } from '../../src/dlna/didl';
import { parentOf, parseObjectId, sceneItemId, scopeId, type SceneScope } from '../../src/dlna/dlna-ids';
import { DlnaIcons, iconSvg } from '../../src/dlna/dlna-icons';
import { parseSoapCall, soapFault, UpnpError } from '../../src/dlna/soap';
import { advertisements, onSubnet, parseSearch, ssdpInterfaces } from '../../src/dlna/ssdp';
import sharp from 'sharp';
import { DLNA_IMAGES } from '@fovea/contract';

describe('object ids', () => {
  const scopes: SceneScope[] = [
    { kind: 'all' },
    { kind: 'saved', playlistId: 3 },
    { kind: 'actor', actorId: 12 },
    { kind: 'tag', tagId: 7 },
    { kind: 'site', site: 'VR Bangers / Studio' },
    { kind: 'month', month: '2024-02' },
  ];

  it('round-trips every scene container and its items', () => {
    for (const scope of scopes) {
      expect(parseObjectId(scopeId(scope))).toEqual({ kind: 'scenes', scope });
      expect(parseObjectId(sceneItemId(scope, 42))).toEqual({ kind: 'scene', scope, sceneId: 42 });
    }
    expect(scopeId({ kind: 'site', site: 'VR Bangers / Studio' })).toBe('sites/VR%20Bangers%20%2F%20Studio');
  });

  it('reads the root, the top folders and unmatched files, and refuses anything else', () => {
    expect(parseObjectId('0')).toEqual({ kind: 'root' });
    expect(parseObjectId('actors')).toEqual({ kind: 'top', folder: 'actors' });
    expect(parseObjectId('not-matched/file-9')).toEqual({ kind: 'file', fileId: 9 });
    for (const bad of [
      '',
      '1',
      'nothing',
      'actors/x',
      'actors/0',
      'released/2024-13',
      'all/scene-x',
      'tags/1/2/scene-3',
      'not-matched/scene-1',
      'sites/%E0%A4%A',
    ]) {
      expect(parseObjectId(bad), bad).toBeUndefined();
    }
  });

  it('gives each object its parent', () => {
    const parent = (id: string) => {
      const object = parseObjectId(id);
      if (!object) throw new Error(id);
      return parentOf(object);
    };
    expect(parent('0')).toBe('-1');
    expect(parent('tags')).toBe('0');
    expect(parent('all')).toBe('0');
    expect(parent('actors/3')).toBe('actors');
    expect(parent('saved-searches/2/scene-5')).toBe('saved-searches/2');
    expect(parent('not-matched/file-1')).toBe('not-matched');
  });
});

describe('DIDL-Lite', () => {
  it('formats durations as H:MM:SS.mmm', () => {
    expect(formatDuration(0)).toBe('0:00:00.000');
    expect(formatDuration(61.5)).toBe('0:01:01.500');
    expect(formatDuration(3725.0004)).toBe('1:02:05.000');
    expect(formatDuration(36000)).toBe('10:00:00.000');
  });

  it("hints the projection from the file's own projection", () => {
    expect(itemTitle({ title: 'Beach', cast: ['Ann', 'Bo'], projection: '180_sbs', extension: '.mp4' })).toBe(
      'Ann, Bo - Beach _180_LR.mp4',
    );
    expect(itemTitle({ title: 'Beach', cast: [], projection: 'mkx200', extension: '.mkv' })).toBe(
      'Beach _MKX200_LR.mkv',
    );
    expect(itemTitle({ title: 'Flat', cast: [], projection: '', extension: '.mp4' })).toBe('Flat.mp4');
    expect(projectionHint('flat')).toBe('_FLAT');
    expect(projectionHint('fisheye190')).toBe('_FISHEYE190_LR');
    expect(projectionHint('360_tb')).toBe('_360_TB');
  });

  it('escapes text and writes res attributes', () => {
    const xml = didlLite([
      { type: 'container', id: 'tags/1', parentId: 'tags', title: 'A & <B>', childCount: 2 },
      {
        type: 'item',
        id: 'all/scene-1',
        parentId: 'all',
        title: 'T "1"',
        date: '2024-01-02',
        artists: ['Ann'],
        albumArtUrl: 'http://h/art/1.jpg',
        resources: [
          {
            url: 'http://h/media/5.mp4',
            mime: 'video/mp4',
            size: 99,
            duration: 2,
            width: 640,
            height: 320,
            bitrate: 8000,
          },
        ],
      },
    ]);
    expect(xml).toContain('<dc:title>A &amp; &lt;B&gt;</dc:title>');
    expect(xml).toContain('childCount="2"');
    expect(xml).toContain(
      '<res protocolInfo="http-get:*:video/mp4:DLNA.ORG_OP=01;DLNA.ORG_CI=0;DLNA.ORG_FLAGS=01700000000000000000000000000000" size="99" duration="0:00:02.000" resolution="640x320" bitrate="1000">http://h/media/5.mp4</res>',
    );
    expect(xml).toContain('<upnp:albumArtURI dlna:profileID="JPEG_TN">http://h/art/1.jpg</upnp:albumArtURI>');
  });
});

describe('device description and UUID', () => {
  it('derives a stable UUID from the name', () => {
    expect(deviceUuid('Fovea')).toBe(deviceUuid('Fovea'));
    expect(deviceUuid('Fovea')).not.toBe(deviceUuid('Other'));
    expect(deviceUuid('Fovea')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it('names the device and lists icons and both services', () => {
    const xml = deviceDescription({ serviceName: 'My <Lib>', version: '1.0' });
    expect(xml).toContain('<friendlyName>My &lt;Lib&gt;</friendlyName>');
    expect(xml).toContain(`<UDN>uuid:${deviceUuid('My <Lib>')}</UDN>`);
    expect(xml).toContain('<url>/icons/48.png</url>');
    expect(xml).toContain('<url>/icons/128.png</url>');
    expect(xml).toContain('<controlURL>/ctl/ContentDirectory</controlURL>');
    expect(xml).toContain('<serviceType>urn:schemas-upnp-org:service:ConnectionManager:1</serviceType>');
  });
});

describe('SOAP', () => {
  const envelope = (inner: string) =>
    `<?xml version="1.0"?><s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body>${inner}</s:Body></s:Envelope>`;

  it('reads the action and its arguments', () => {
    const call = parseSoapCall(
      envelope(
        '<u:Browse xmlns:u="urn:schemas-upnp-org:service:ContentDirectory:1"><ObjectID>tags/1</ObjectID><BrowseFlag>BrowseDirectChildren</BrowseFlag><Filter>*</Filter><StartingIndex>0</StartingIndex><RequestedCount>10</RequestedCount><SortCriteria></SortCriteria></u:Browse>',
      ),
      '"urn:schemas-upnp-org:service:ContentDirectory:1#Browse"',
    );
    expect(call).toEqual({
      action: 'Browse',
      args: {
        ObjectID: 'tags/1',
        BrowseFlag: 'BrowseDirectChildren',
        Filter: '*',
        StartingIndex: '0',
        RequestedCount: '10',
        SortCriteria: '',
      },
    });
  });

  it('refuses junk and a SOAPACTION that disagrees', () => {
    expect(() => parseSoapCall('not xml <<', undefined)).toThrow(UpnpError);
    expect(() => parseSoapCall('<a/>', undefined)).toThrow('no SOAP Body');
    expect(() => parseSoapCall(envelope('<u:Browse/>'), '"urn:x#GetSystemUpdateID"')).toThrow(
      'SOAPACTION names GetSystemUpdateID',
    );
    const fault = soapFault(new UpnpError(701, 'No such object: x'));
    expect(fault).toContain('<errorCode>701</errorCode>');
    expect(fault).toContain('<errorDescription>No such object: x</errorDescription>');
  });
});

describe('SSDP', () => {
  it('reads M-SEARCH requests only', () => {
    const search =
      'M-SEARCH * HTTP/1.1\r\nHOST: 239.255.255.250:1900\r\nMAN: "ssdp:discover"\r\nMX: 3\r\nST: ssdp:all\r\n\r\n';
    expect(parseSearch(search)).toEqual({ st: 'ssdp:all', mx: 3 });
    expect(parseSearch(search.replace('"ssdp:discover"', '"other"'))).toBeUndefined();
    expect(parseSearch('NOTIFY * HTTP/1.1\r\nNT: upnp:rootdevice\r\n\r\n')).toBeUndefined();
    expect(parseSearch('garbage')).toBeUndefined();
  });

  it('advertises the root device, the UUID, the device type and both services', () => {
    const list = advertisements({ uuid: 'u-1', deviceType: 'urn:d', serviceTypes: ['urn:s1', 'urn:s2'] });
    expect(list).toEqual([
      { nt: 'upnp:rootdevice', usn: 'uuid:u-1::upnp:rootdevice' },
      { nt: 'uuid:u-1', usn: 'uuid:u-1' },
      { nt: 'urn:d', usn: 'uuid:u-1::urn:d' },
      { nt: 'urn:s1', usn: 'uuid:u-1::urn:s1' },
      { nt: 'urn:s2', usn: 'uuid:u-1::urn:s2' },
    ]);
  });

  it('runs on LAN interfaces only, and only the listen address when one is given', () => {
    const entry = (address: string, internal: boolean): NetworkInterfaceInfo => ({
      address,
      netmask: '255.255.255.0',
      family: 'IPv4',
      mac: '00:00:00:00:00:00',
      internal,
      cidr: `${address}/24`,
    });
    const all = {
      lo: [entry('127.0.0.1', true)],
      eth0: [entry('192.168.1.5', false)],
      wg0: [entry('10.9.0.2', false)],
    };
    expect(ssdpInterfaces('0.0.0.0', all).map((iface) => iface.name)).toEqual(['eth0', 'wg0']);
    expect(ssdpInterfaces('10.9.0.2', all).map((iface) => iface.name)).toEqual(['wg0']);
    expect(ssdpInterfaces('127.0.0.1', all)).toEqual([]);
    const eth0 = { name: 'eth0', address: '192.168.1.5', netmask: '255.255.255.0' };
    expect(onSubnet('192.168.1.77', eth0)).toBe(true);
    expect(onSubnet('192.168.2.77', eth0)).toBe(false);
  });
});

describe('client addresses', () => {
  it('keeps the newest addresses first, once each, bounded', () => {
    const recent = new RecentAddresses(3);
    for (const address of ['a', 'b', 'a', 'c', 'd']) recent.record(address);
    expect(recent.all()).toEqual(['d', 'c', 'a']);
  });

  it('allows everyone with an empty list, else only listed addresses', () => {
    expect(normaliseIp('::ffff:10.0.0.5')).toBe('10.0.0.5');
    expect(isAllowed('10.0.0.5', [])).toBe(true);
    expect(isAllowed('10.0.0.5', ['10.0.0.5'])).toBe(true);
    expect(isAllowed('10.0.0.6', ['10.0.0.5'])).toBe(false);
  });
});

describe('icons', () => {
  it('draws every DLNA image as a PNG of the asked size', async () => {
    const icons = new DlnaIcons();
    expect(icons.names()).toEqual([...DLNA_IMAGES]);
    for (const name of DLNA_IMAGES) {
      expect(iconSvg(name)).toContain('<svg');
      const meta = await sharp(await icons.png(name, 48)).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', 48, 48]);
    }
    const big = await sharp(await icons.png('rocket', 128)).metadata();
    expect([big.width, big.height]).toEqual([128, 128]);
    // Different drawings give different pictures.
    expect((await icons.png('ghost', 48)).equals(await icons.png('gem', 48))).toBe(false);
  });
});
