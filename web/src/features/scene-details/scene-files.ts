import type { File } from '@fovea/contract';
import {
  formatBitrate,
  formatDate,
  formatDuration,
  formatFileSize,
  formatResolution,
  NO_VALUE,
} from '../files/file-format';

/** The files of a scene with the video files first (the rest in server order). */
export function filesVideoFirst(files: readonly File[]): File[] {
  return [...files].sort((a, b) => Number(b.type === 'video') - Number(a.type === 'video'));
}

/** The heatmap picture the server draws for a script file. */
export const heatmapUrl = (fileId: number): string => `/api/dms/heatmap/${fileId}`;

/**
 * The facts line of a file: size (and bitrate), resolution, codec and projection of a video, duration and
 * date; unknown values are left out.
 */
export function fileFacts(file: File): string {
  const known = (value: string) => value !== '' && value !== NO_VALUE;
  const size = formatFileSize(file.size);
  const bitrate = formatBitrate(file.video_bitrate);
  const parts = [file.type === 'video' && known(bitrate) ? `${size} (${bitrate})` : size];
  if (file.type === 'video') {
    parts.push(
      [formatResolution(file.video_width, file.video_height), file.video_codec_name].filter(known).join(' '),
    );
    parts.push(file.projection);
  }
  if (file.duration > 1) parts.push(formatDuration(file.duration));
  parts.push(formatDate(file.created_time));
  return parts.filter(known).join(', ');
}
