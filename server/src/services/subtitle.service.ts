import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { HttpError, NotFoundError } from '../http/http-errors';
import { subtitleFormat, toWebVtt } from '../media/subtitle-vtt';
import type { FileStreamRepository } from '../repositories/file-stream.repository';

/** Subtitle files larger than this are not converted (a feature film's SRT is well under 1 MB). */
export const SUBTITLE_MAX_BYTES = 4 * 1024 * 1024;

const utf8 = new TextDecoder('utf-8', { fatal: true });
/** Older subtitle files are often in the Windows Western code page rather than UTF-8. */
const windows1252 = new TextDecoder('windows-1252');

function decode(bytes: Buffer): string {
  try {
    return utf8.decode(bytes);
  } catch {
    return windows1252.decode(bytes);
  }
}

/**
 * A scene's subtitle files as WebVTT for the web player's <track>. The path comes from the files row only;
 * put.io volumes hold only videos, so a subtitles row there is not offered.
 */
export class SubtitleService {
  constructor(private readonly files: Pick<FileStreamRepository, 'locate'>) {}

  async webVtt(fileId: number): Promise<string> {
    const row = await this.files.locate(fileId);
    if (!row || row.type !== 'subtitles') throw new NotFoundError(`There is no subtitle file ${fileId}`);
    const format = subtitleFormat(row.filename);
    if (!format || row.volume_type !== 'local') {
      throw new NotFoundError(`Subtitle file ${fileId} (${row.filename}) cannot be shown in the browser`);
    }
    const fullPath = join(row.path, row.filename);
    const size = await stat(fullPath).then(
      (info) => (info.isFile() ? info.size : null),
      () => null,
    );
    if (size === null) {
      throw new NotFoundError(`Subtitle file ${fileId} is not on disk at ${fullPath}; rescan to update it.`);
    }
    if (size > SUBTITLE_MAX_BYTES) {
      const limit = SUBTITLE_MAX_BYTES / 1024 / 1024;
      throw new HttpError(422, `Subtitle file ${fileId} is larger than ${limit} MB and is not converted`);
    }
    const vtt = toWebVtt(format, decode(await readFile(fullPath)));
    if (vtt === null) {
      throw new HttpError(422, `Subtitle file ${fileId} (${row.filename}) is not a WebVTT file`);
    }
    return vtt;
  }
}
