import { parseJsonText, type SceneEditBody } from '@fovea/contract';
import type { Updateable } from 'kysely';
import type { ScenesTable } from '../db/schema';
import { toDateText } from '../mappers/wire-time';
import type { SceneEditEntry } from '../repositories/scene-edit-journal.repository';
import type { SceneRowData } from '../repositories/scene-write.repository';

/** The column changes of a scene edit and the journal entries that record them. */
export interface SceneFieldPlan {
  values: Updateable<ScenesTable>;
  entries: SceneEditEntry[];
}

/** A JSON list text in one canonical spelling ("null" and unreadable text count as an empty list). */
export function canonicalList(text: string): string {
  const value = parseJsonText(text);
  return JSON.stringify(Array.isArray(value) ? value : []);
}

/** The url of the first cover in an `images` JSON text, if any. */
export function firstCover(imagesText: string): string | undefined {
  const images = parseJsonText(imagesText);
  if (!Array.isArray(images)) return undefined;
  for (const image of images as unknown[]) {
    if (typeof image === 'object' && image !== null && 'type' in image && 'url' in image) {
      if (image.type === 'cover' && typeof image.url === 'string') return image.url;
    }
  }
  return undefined;
}

/** Minutes from the wire's duration ("" is 0). */
export const toMinutes = (duration: string | number): number =>
  typeof duration === 'number' ? duration : duration === '' ? 0 : Number.parseInt(duration, 10);

/**
 * Compares the scalar fields of an edit with the stored scene: each changed field becomes a column value and
 * one journal entry (named as on the wire). Absent fields are left alone. Cast and tags are handled apart.
 */
export function planFieldEdits(row: SceneRowData, body: SceneEditBody): SceneFieldPlan {
  const values: Updateable<ScenesTable> = {};
  const entries: SceneEditEntry[] = [];

  for (const field of ['title', 'synopsis', 'studio', 'site', 'scene_url', 'members_url'] as const) {
    const value = body[field];
    if (value !== undefined && value !== row[field]) {
      values[field] = value;
      entries.push({ changed_column: field, new_value: value });
    }
  }

  if (body.release_date_text !== undefined && body.release_date_text !== toDateText(row.release_date)) {
    values.release_date = body.release_date_text === '' ? null : body.release_date_text;
    entries.push({ changed_column: 'release_date_text', new_value: body.release_date_text });
  }

  for (const field of ['filenames_arr', 'images'] as const) {
    const text = body[field];
    if (text === undefined) continue;
    const value = canonicalList(text);
    if (value !== canonicalList(row[field])) {
      values[field] = value;
      entries.push({ changed_column: field, new_value: value });
    }
  }

  // The first cover becomes cover_url when the images were edited; otherwise cover_url is taken as sent, so
  // saving a scraped scene whose cover is not its first image changes nothing.
  const cover = (values.images === undefined ? undefined : firstCover(values.images)) ?? body.cover_url;
  if (cover !== undefined && cover !== row.cover_url) {
    values.cover_url = cover;
    entries.push({ changed_column: 'cover_url', new_value: cover });
  }

  if (body.is_multipart !== undefined && body.is_multipart !== (row.is_multipart === 1)) {
    values.is_multipart = body.is_multipart ? 1 : 0;
    entries.push({ changed_column: 'is_multipart', new_value: String(body.is_multipart) });
  }

  if (body.duration !== undefined) {
    const minutes = toMinutes(body.duration);
    if (minutes !== row.duration) {
      values.duration = minutes;
      entries.push({ changed_column: 'duration', new_value: String(minutes) });
    }
  }

  return { values, entries };
}
