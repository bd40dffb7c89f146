import { createHash } from 'node:crypto';
import { create } from 'xmlbuilder2';
import { CONNECTION_MANAGER_TYPE, CONTENT_DIRECTORY_TYPE } from './soap';

export const MEDIA_SERVER_TYPE = 'urn:schemas-upnp-org:device:MediaServer:1';
export const SERVER_HEADER = 'Linux/6 DLNADOC/1.50 UPnP/1.0 Fovea-DMS/1.0';

export const DESCRIPTION_PATH = '/rootDesc.xml';
export const ICON_SIZES = [48, 128] as const;

export const SERVICES = [
  {
    type: CONTENT_DIRECTORY_TYPE,
    id: 'urn:upnp-org:serviceId:ContentDirectory',
    scpd: '/scpd/ContentDirectory.xml',
    control: '/ctl/ContentDirectory',
    events: '/evt/ContentDirectory',
  },
  {
    type: CONNECTION_MANAGER_TYPE,
    id: 'urn:upnp-org:serviceId:ConnectionManager',
    scpd: '/scpd/ConnectionManager.xml',
    control: '/ctl/ConnectionManager',
    events: '/evt/ConnectionManager',
  },
] as const;

/** A stable UUID (version 5 layout) derived from the service name: renaming the server makes a new device. */
export function deviceUuid(serviceName: string): string {
  const hash = createHash('sha1').update(`fovea-dlna:${serviceName}`).digest();
  hash[6] = ((hash[6] ?? 0) & 0x0f) | 0x50;
  hash[8] = ((hash[8] ?? 0) & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

export function iconPath(size: number): string {
  return `/icons/${size}.png`;
}

/** The UPnP device description: friendlyName and manufacturer are the service name. */
export function deviceDescription(options: { serviceName: string; version: string }): string {
  const root = create({ version: '1.0', encoding: 'utf-8' }).ele('root', {
    xmlns: 'urn:schemas-upnp-org:device-1-0',
    'xmlns:dlna': 'urn:schemas-dlna-org:device-1-0',
  });
  root.ele('specVersion').ele('major').txt('1').up().ele('minor').txt('0');
  const device = root.ele('device');
  const text: [string, string][] = [
    ['deviceType', MEDIA_SERVER_TYPE],
    ['friendlyName', options.serviceName],
    ['manufacturer', options.serviceName],
    ['manufacturerURL', 'https://github.com/fovea-vr/fovea'],
    ['modelDescription', 'Fovea VR library'],
    ['modelName', 'Fovea'],
    ['modelNumber', options.version],
    ['serialNumber', '1'],
    ['UDN', `uuid:${deviceUuid(options.serviceName)}`],
  ];
  for (const [name, value] of text) device.ele(name).txt(value);
  device.ele('dlna:X_DLNADOC').txt('DMS-1.50');
  const icons = device.ele('iconList');
  for (const size of ICON_SIZES) {
    icons
      .ele('icon')
      .ele('mimetype')
      .txt('image/png')
      .up()
      .ele('width')
      .txt(String(size))
      .up()
      .ele('height')
      .txt(String(size))
      .up()
      .ele('depth')
      .txt('32')
      .up()
      .ele('url')
      .txt(iconPath(size));
  }
  const services = device.ele('serviceList');
  for (const service of SERVICES) {
    services
      .ele('service')
      .ele('serviceType')
      .txt(service.type)
      .up()
      .ele('serviceId')
      .txt(service.id)
      .up()
      .ele('SCPDURL')
      .txt(service.scpd)
      .up()
      .ele('controlURL')
      .txt(service.control)
      .up()
      .ele('eventSubURL')
      .txt(service.events);
  }
  device.ele('presentationURL').txt('/');
  return root.end();
}

interface Argument {
  name: string;
  direction: 'in' | 'out';
  variable: string;
}
interface Variable {
  name: string;
  type: string;
  events?: boolean;
  values?: string[];
}

function scpd(actions: Record<string, Argument[]>, variables: Variable[]): string {
  const root = create({ version: '1.0', encoding: 'utf-8' }).ele('scpd', {
    xmlns: 'urn:schemas-upnp-org:service-1-0',
  });
  root.ele('specVersion').ele('major').txt('1').up().ele('minor').txt('0');
  const list = root.ele('actionList');
  for (const [name, args] of Object.entries(actions)) {
    const action = list.ele('action');
    action.ele('name').txt(name);
    const argumentList = action.ele('argumentList');
    for (const arg of args) {
      argumentList
        .ele('argument')
        .ele('name')
        .txt(arg.name)
        .up()
        .ele('direction')
        .txt(arg.direction)
        .up()
        .ele('relatedStateVariable')
        .txt(arg.variable);
    }
  }
  const table = root.ele('serviceStateTable');
  for (const variable of variables) {
    const node = table.ele('stateVariable', { sendEvents: variable.events ? 'yes' : 'no' });
    node.ele('name').txt(variable.name).up().ele('dataType').txt(variable.type);
    if (variable.values) {
      const allowed = node.ele('allowedValueList');
      for (const value of variable.values) allowed.ele('allowedValue').txt(value);
    }
  }
  return root.end();
}

const arg = (name: string, direction: 'in' | 'out', variable: string): Argument => ({
  name,
  direction,
  variable,
});

export const CONTENT_DIRECTORY_SCPD = scpd(
  {
    Browse: [
      arg('ObjectID', 'in', 'A_ARG_TYPE_ObjectID'),
      arg('BrowseFlag', 'in', 'A_ARG_TYPE_BrowseFlag'),
      arg('Filter', 'in', 'A_ARG_TYPE_Filter'),
      arg('StartingIndex', 'in', 'A_ARG_TYPE_Index'),
      arg('RequestedCount', 'in', 'A_ARG_TYPE_Count'),
      arg('SortCriteria', 'in', 'A_ARG_TYPE_SortCriteria'),
      arg('Result', 'out', 'A_ARG_TYPE_Result'),
      arg('NumberReturned', 'out', 'A_ARG_TYPE_Count'),
      arg('TotalMatches', 'out', 'A_ARG_TYPE_Count'),
      arg('UpdateID', 'out', 'A_ARG_TYPE_UpdateID'),
    ],
    GetSystemUpdateID: [arg('Id', 'out', 'SystemUpdateID')],
    GetSortCapabilities: [arg('SortCaps', 'out', 'SortCapabilities')],
    GetSearchCapabilities: [arg('SearchCaps', 'out', 'SearchCapabilities')],
  },
  [
    { name: 'A_ARG_TYPE_ObjectID', type: 'string' },
    { name: 'A_ARG_TYPE_BrowseFlag', type: 'string', values: ['BrowseMetadata', 'BrowseDirectChildren'] },
    { name: 'A_ARG_TYPE_Filter', type: 'string' },
    { name: 'A_ARG_TYPE_Index', type: 'ui4' },
    { name: 'A_ARG_TYPE_Count', type: 'ui4' },
    { name: 'A_ARG_TYPE_SortCriteria', type: 'string' },
    { name: 'A_ARG_TYPE_Result', type: 'string' },
    { name: 'A_ARG_TYPE_UpdateID', type: 'ui4' },
    { name: 'SystemUpdateID', type: 'ui4', events: true },
    { name: 'SortCapabilities', type: 'string' },
    { name: 'SearchCapabilities', type: 'string' },
  ],
);

export const CONNECTION_MANAGER_SCPD = scpd(
  {
    GetProtocolInfo: [arg('Source', 'out', 'SourceProtocolInfo'), arg('Sink', 'out', 'SinkProtocolInfo')],
    GetCurrentConnectionIDs: [arg('ConnectionIDs', 'out', 'CurrentConnectionIDs')],
  },
  [
    { name: 'SourceProtocolInfo', type: 'string', events: true },
    { name: 'SinkProtocolInfo', type: 'string', events: true },
    { name: 'CurrentConnectionIDs', type: 'string', events: true },
  ],
);
