import type { DetectedProjection } from '../media/projection';
import type { PutioFile } from '../putio/putio.client';
import type { ScanFileValues } from '../repositories/file-scan.repository';
import type { FileClassifier } from './classify-file';
import { baseValues, projectionValues } from './inspect-files';
import type { FoundFile } from './scan-plan';

/** A put.io video as the scanner records it. */
export interface PutioFound extends FoundFile {
  values: ScanFileValues;
}

/** put.io writes UTC times without a zone ('2024-05-01T10:11:12'); null when there is none or it is unreadable. */
export function putioTime(text: string | null | undefined): string | null {
  if (!text) return null;
  const zoned = /(?:Z|[+-]\d\d:?\d\d)$/i.test(text) ? text : `${text}Z`;
  const time = new Date(zoned);
  return Number.isNaN(time.getTime()) ? null : time.toISOString();
}

/**
 * The videos of a put.io listing (xbvr-facts §6.3): path is the put.io file id, size, times and the
 * OpenSubtitles hash come from put.io, and the projection from the name alone (the dimensions are unknown,
 * so the name is read as for a 2:1 video: 180° side by side unless a token says otherwise).
 */
export function putioVideos(
  listing: readonly PutioFile[],
  classify: FileClassifier,
  detect: (filename: string, width: number, height: number) => DetectedProjection,
): PutioFound[] {
  return listing.flatMap((entry) => {
    if (classify(entry.name) !== 'video') return [];
    const createdTime = putioTime(entry.created_at);
    const mtime = putioTime(entry.updated_at) ?? createdTime ?? '';
    const found = {
      dir: String(entry.id),
      filename: entry.name,
      type: 'video' as const,
      size: entry.size,
      mtime,
      createdTime: createdTime ?? mtime,
    };
    const values: ScanFileValues = {
      ...baseValues(found),
      created_time: createdTime,
      updated_time: mtime === '' ? null : mtime,
      oshash: entry.opensubtitles_hash ?? '',
      ...projectionValues(detect(entry.name, 2, 1)),
    };
    return [{ ...found, values }];
  });
}
