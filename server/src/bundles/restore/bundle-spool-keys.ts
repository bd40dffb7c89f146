import type { BundleSection } from '@fovea/contract';
import type { z } from 'zod';

const text = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

const field = (record: Record<string, unknown>, name: string): string => text(record[name]);

const joinPath = (dir: string, name: string): string => {
  if (dir === '') return name;
  return /[\\/]$/.test(dir) ? `${dir}${name}` : `${dir}/${name}`;
};

/** What identifies a record of a section, read from the raw record (which may not have validated). */
const KEYS: Record<BundleSection, (record: Record<string, unknown>) => string> = {
  volumes: (r) => field(r, 'Path'),
  playlists: (r) => field(r, 'name'),
  sites: (r) => field(r, 'name') || field(r, 'id'),
  scenes: (r) => field(r, 'scene_id'),
  sceneFileLinks: (r) => field(r, 'scene_id'),
  sceneCuepoints: (r) => field(r, 'scene_id'),
  sceneHistory: (r) => field(r, 'scene_id'),
  actions: (r) => field(r, 'scene_id'),
  akas: (r) => field(r, 'name'),
  tagGroups: (r) => field(r, 'name'),
  externalReferences: (r) =>
    field(r, 'external_source') || field(r, 'external_id')
      ? `${field(r, 'external_source')}/${field(r, 'external_id')}`
      : '',
  actors: (r) => field(r, 'name'),
  actionActors: (r) => field(r, 'actor_name'),
  config: (r) => field(r, 'key'),
  unmatchedFiles: (r) => (field(r, 'filename') ? joinPath(field(r, 'path'), field(r, 'filename')) : ''),
  foveaCustomSites: (r) => field(r, 'url') || field(r, 'name'),
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The natural key of a record for a rejection: scene_id, name, actor_name, path/filename, source/id, key; a v1
 * scene by its `_id` (or scene_id). Falls back to the record's place in its section ("#12").
 */
export function naturalKey(section: BundleSection, record: unknown, position: number, v1 = false): string {
  const key = isObject(record)
    ? v1
      ? field(record, '_id') || field(record, 'scene_id')
      : KEYS[section](record)
    : '';
  return key === '' ? `#${position}` : key.slice(0, 500);
}

/** A zod failure in one line: "title: Invalid input: expected string, received number; cast.0.name: …". */
export function rejectionReason(error: z.ZodError): string {
  const reason = error.issues
    .map((issue) => {
      const where = issue.path.map(String).join('.');
      return where === '' ? issue.message : `${where}: ${issue.message}`;
    })
    .join('; ');
  return reason.length > 500 ? `${reason.slice(0, 500)}…` : reason;
}
