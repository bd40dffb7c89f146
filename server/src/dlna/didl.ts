import type { Projection } from '@fovea/contract';
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';

/** DLNA flags for a plain HTTP file: byte seeking (OP=01), not converted, streaming and background transfer. */
export const DLNA_FLAGS = 'DLNA.ORG_OP=01;DLNA.ORG_CI=0;DLNA.ORG_FLAGS=01700000000000000000000000000000';

export function protocolInfo(mime: string): string {
  return `http-get:*:${mime}:${DLNA_FLAGS}`;
}

/** Seconds as UPnP's `H:MM:SS.mmm` (the hours are not padded). */
export function formatDuration(seconds: number): string {
  const totalMs = Math.max(0, Math.round(seconds * 1000));
  const ms = totalMs % 1000;
  const totalSeconds = Math.floor(totalMs / 1000);
  const pad = (value: number, width: number) => String(value).padStart(width, '0');
  return `${Math.floor(totalSeconds / 3600)}:${pad(Math.floor(totalSeconds / 60) % 60, 2)}:${pad(totalSeconds % 60, 2)}.${pad(ms, 3)}`;
}

/**
 * The filename hint DLNA players read the projection from (user-needs §9.3), from the file's own projection;
 * '' when unknown (portrait, or not detected), so players fall back to their own defaults.
 */
const PROJECTION_HINTS: Record<Projection, string> = {
  '180_sbs': '_180_LR',
  '180_mono': '_180_MONO',
  '180_tb': '_180_TB',
  '360_tb': '_360_TB',
  '360_mono': '_360_MONO',
  mkx200: '_MKX200_LR',
  mkx220: '_MKX220_LR',
  vrca220: '_VRCA220_LR',
  rf52: '_RF52_LR',
  fisheye190: '_FISHEYE190_LR',
  fisheye: '_FISHEYE_LR',
  flat: '_FLAT',
  '': '',
};

export function projectionHint(projection: Projection): string {
  return PROJECTION_HINTS[projection];
}

/** `<cast> - <title> <hint><.ext>`: the title players show and read the projection from. */
export function itemTitle(parts: {
  title: string;
  cast: readonly string[];
  projection: Projection;
  extension: string;
}): string {
  const cast = parts.cast.length > 0 ? `${parts.cast.join(', ')} - ` : '';
  const hint = projectionHint(parts.projection);
  return `${cast}${parts.title}${hint ? ` ${hint}` : ''}${parts.extension}`;
}

export interface DidlContainer {
  id: string;
  parentId: string;
  title: string;
  childCount: number;
}

export interface DidlResource {
  url: string;
  mime: string;
  /** Bytes. */
  size: number;
  /** Seconds. */
  duration: number;
  width: number;
  height: number;
  /** Bits per second (written as bytes per second, as UPnP wants). */
  bitrate: number;
}

export interface DidlItem {
  id: string;
  parentId: string;
  title: string;
  /** YYYY-MM-DD, when known. */
  date?: string | null;
  artists: readonly string[];
  albumArtUrl?: string | null;
  resources: readonly DidlResource[];
}

export type DidlObject = ({ type: 'container' } & DidlContainer) | ({ type: 'item' } & DidlItem);

const DIDL_NS = 'urn:schemas-upnp-org:metadata-1-0/DIDL-Lite/';
const DC_NS = 'http://purl.org/dc/elements/1.1/';
const UPNP_NS = 'urn:schemas-upnp-org:metadata-1-0/upnp/';
const DLNA_NS = 'urn:schemas-dlna-org:metadata-1-0/';

function addContainer(root: XMLBuilder, container: DidlContainer): void {
  root
    .ele('container', {
      id: container.id,
      parentID: container.parentId,
      restricted: '1',
      searchable: '0',
      childCount: String(container.childCount),
    })
    .ele('dc:title')
    .txt(container.title)
    .up()
    .ele('upnp:class')
    .txt('object.container.storageFolder');
}

function addItem(root: XMLBuilder, item: DidlItem): void {
  const node = root.ele('item', { id: item.id, parentID: item.parentId, restricted: '1' });
  node.ele('dc:title').txt(item.title);
  node.ele('upnp:class').txt('object.item.videoItem');
  if (item.date) node.ele('dc:date').txt(item.date);
  for (const artist of item.artists) node.ele('upnp:artist').txt(artist);
  if (item.albumArtUrl) {
    node.ele('upnp:albumArtURI', { 'dlna:profileID': 'JPEG_TN' }).txt(item.albumArtUrl);
  }
  for (const resource of item.resources) {
    const attributes: Record<string, string> = {
      protocolInfo: protocolInfo(resource.mime),
      size: String(resource.size),
    };
    if (resource.duration > 0) attributes.duration = formatDuration(resource.duration);
    if (resource.width > 0 && resource.height > 0)
      attributes.resolution = `${resource.width}x${resource.height}`;
    if (resource.bitrate > 0) attributes.bitrate = String(Math.round(resource.bitrate / 8));
    node.ele('res', attributes).txt(resource.url);
  }
}

/** A DIDL-Lite document (no XML declaration) with these containers and items, in order. */
export function didlLite(objects: readonly DidlObject[]): string {
  const root = create().ele('DIDL-Lite', {
    xmlns: DIDL_NS,
    'xmlns:dc': DC_NS,
    'xmlns:upnp': UPNP_NS,
    'xmlns:dlna': DLNA_NS,
  });
  for (const object of objects) {
    if (object.type === 'container') addContainer(root, object);
    else addItem(root, object);
  }
  // An empty list is written <DIDL-Lite ...></DIDL-Lite>, never self-closed: some renderers parse naively.
  return root.end({ headless: true, allowEmptyTags: true });
}
