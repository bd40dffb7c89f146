import type {
  BundleActionActor,
  BundleActor,
  BundleAction,
  BundleCuepoint,
  BundleExtRef,
  BundleExtRefLink,
  BundleFile,
  BundleHistory,
  BundlePlaylist,
  BundleScene,
  BundleSite,
  BundleVolume,
  PathMapping,
} from '@fovea/contract';
import { remapPath } from './path-remap';
import {
  ACTION_ACTOR_FIELDS,
  ACTION_FIELDS,
  ACTOR_FIELDS,
  CUEPOINT_FIELDS,
  EXTREF_FIELDS,
  EXTREF_LINK_FIELDS,
  FILE_FIELDS,
  HISTORY_FIELDS,
  PLAYLIST_FIELDS,
  SCENE_FIELDS,
  SITE_FIELDS,
  VOLUME_FIELDS,
  pickFields,
} from './xbvr-fields';
import { type XbvrRow, xbvrText } from './xbvr-values';

/*
 * XBVR rows → bundle records (contract/src/bundle.schema.ts). A value outside a record's enum (an action type,
 * file type, …) is passed on as it is (hence the casts): the spool's schema check then rejects that record
 * with its reason.
 */

const PUTIO = 'putio';

export function toActor(row: XbvrRow): BundleActor {
  return pickFields(row, ACTOR_FIELDS) as BundleActor;
}

export function toScene(row: XbvrRow, tags: readonly string[], cast: readonly BundleActor[]): BundleScene {
  return {
    ...(pickFields(row, SCENE_FIELDS) as BundleScene),
    tags: tags.map((name) => ({ name })),
    cast: [...cast],
  };
}

/**
 * A file with the path of its storage location; directory and location are remapped unless it is a put.io file
 * (whose path is a put.io file id).
 */
export function toFile(row: XbvrRow, mappings: readonly PathMapping[]): BundleFile {
  const path = xbvrText(row.path);
  const putio = row.xbvr_volume_type === PUTIO;
  const volume =
    row.xbvr_volume_path === null || row.xbvr_volume_path === undefined ? '' : xbvrText(row.xbvr_volume_path);
  return {
    path: putio ? path : remapPath(path, mappings),
    ...(volume === '' ? {} : { volume: putio ? volume : remapPath(volume, mappings) }),
    ...pickFields(row, FILE_FIELDS),
    ...(Object.hasOwn(row, 'type') ? { type: xbvrText(row.type) } : {}),
  } as BundleFile;
}

export function toCuepoint(row: XbvrRow): BundleCuepoint {
  return pickFields(row, CUEPOINT_FIELDS) as BundleCuepoint;
}

export function toHistory(row: XbvrRow): BundleHistory {
  return pickFields(row, HISTORY_FIELDS) as BundleHistory;
}

export function toAction(row: XbvrRow): BundleAction {
  return { action_type: xbvrText(row.action_type), ...pickFields(row, ACTION_FIELDS) } as BundleAction;
}

export function toActionActor(row: XbvrRow): BundleActionActor {
  return {
    action_type: xbvrText(row.action_type),
    ...pickFields(row, ACTION_ACTOR_FIELDS),
  } as BundleActionActor;
}

/** A volume; a local folder's Path is remapped, a put.io volume's ("Put.io (user)") is not. */
export function toVolume(row: XbvrRow, mappings: readonly PathMapping[]): BundleVolume {
  const type = xbvrText(row.type) || 'local';
  const path = xbvrText(row.path);
  return {
    Type: type,
    Path: type === PUTIO ? path : remapPath(path, mappings),
    ...pickFields(row, VOLUME_FIELDS),
  } as BundleVolume;
}

export function toPlaylist(row: XbvrRow): BundlePlaylist {
  return {
    ...pickFields(row, PLAYLIST_FIELDS),
    playlist_type: xbvrText(row.playlist_type) || 'scene',
  } as BundlePlaylist;
}

export function toSite(row: XbvrRow): BundleSite {
  return pickFields(row, SITE_FIELDS) as BundleSite;
}

/**
 * A link of an external reference. Its name id is the linked scene's current scene_id or actor's current name
 * when the row it points at still exists; otherwise (a site id, "deleted", a vanished row) XBVR's stored one.
 */
export function toExtRefLink(row: XbvrRow): BundleExtRefLink {
  const stored = xbvrText(row.internal_name_id);
  const current = stored === 'deleted' ? null : (row.xbvr_scene_id ?? row.xbvr_actor_name ?? null);
  return {
    internal_table: xbvrText(row.internal_table),
    internal_name_id: current === null ? stored : xbvrText(current),
    ...pickFields(row, EXTREF_LINK_FIELDS),
  } as BundleExtRefLink;
}

export function toExtRef(row: XbvrRow, links: readonly BundleExtRefLink[]): BundleExtRef {
  return { ...(pickFields(row, EXTREF_FIELDS) as BundleExtRef), xbvr_links: [...links] };
}
