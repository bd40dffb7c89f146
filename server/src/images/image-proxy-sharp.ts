import sharp from 'sharp';
import type { ResizeSpec } from './image-proxy-request';

/** What sharp reads from an image's header; null when the bytes are not an image sharp knows. */
export interface ImageInfo {
  format: string;
  width: number;
  height: number;
  pages: number;
  hasAlpha: boolean;
}

const CONTENT_TYPES: Record<string, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  tiff: 'image/tiff',
  avif: 'image/avif',
  heif: 'image/heif',
  jp2: 'image/jp2',
  jxl: 'image/jxl',
};

/** The Content-Type an original is served with: from its detected format, else what the remote host said. */
export function originalContentType(format: string, declared: string | null): string {
  return CONTENT_TYPES[format] ?? (declared?.startsWith('image/') ? declared : 'application/octet-stream');
}

export async function inspectImage(bytes: Buffer): Promise<ImageInfo | null> {
  try {
    const meta = await sharp(bytes).metadata();
    const width = meta.autoOrient.width;
    const height = meta.pageHeight ?? meta.autoOrient.height;
    if (!width || !height) return null;
    // sharp calls AVIF "heif" with the AV1 compression.
    const format = meta.format === 'heif' && meta.compression === 'av1' ? 'avif' : meta.format;
    return { format, width, height, pages: meta.pages ?? 1, hasAlpha: meta.hasAlpha };
  } catch {
    return null;
  }
}

/**
 * True when the resize would not make the image smaller (and no other format is asked for), so the original
 * bytes are the answer.
 */
export function resizeIsNoop(spec: ResizeSpec, info: ImageInfo): boolean {
  const widthFits = spec.width === 0 || spec.width >= info.width;
  const heightFits = spec.height === 0 || spec.height >= info.height;
  return widthFits && heightFits && (!spec.jpeg || info.format === 'jpeg');
}

/**
 * What a resized copy is written as: JPEG when asked for; else the original's format for JPEG, PNG, WebP and
 * GIF; otherwise PNG.
 */
export function resizedFormat(info: ImageInfo, spec?: ResizeSpec): 'jpeg' | 'png' | 'webp' | 'gif' {
  if (spec?.jpeg) return 'jpeg';
  switch (info.format) {
    case 'jpeg':
    case 'png':
    case 'webp':
    case 'gif':
      return info.format;
    default:
      return 'png';
  }
}

export function resizedContentType(info: ImageInfo, spec?: ResizeSpec): string {
  return CONTENT_TYPES[resizedFormat(info, spec)] ?? 'image/png';
}

/**
 * A smaller copy: width or height alone keep the proportions, both crop to fill (centre) or, with `fit`,
 * fit inside. Never enlarges; EXIF orientation is applied; animated GIF and WebP stay animated (unless a JPEG
 * is asked for: then the first frame).
 */
export async function resizeImage(bytes: Buffer, spec: ResizeSpec, info: ImageInfo): Promise<Buffer> {
  const format = resizedFormat(info, spec);
  const animated = info.pages > 1 && (format === 'gif' || format === 'webp');
  const oriented = sharp(bytes, { animated, failOn: 'error' }).autoOrient();
  // JPEG has no transparency: transparent parts become black, as a headset draws them on its dark room.
  const flat = format === 'jpeg' && info.hasAlpha ? oriented.flatten({ background: '#000000' }) : oriented;
  const image =
    spec.width === 0 && spec.height === 0
      ? flat
      : flat.resize({
          width: spec.width || undefined,
          height: spec.height || undefined,
          fit: spec.width && spec.height ? (spec.fit ? 'inside' : 'cover') : 'inside',
          withoutEnlargement: true,
        });
  switch (format) {
    case 'jpeg':
      return image.jpeg({ quality: 85, mozjpeg: true }).toBuffer();
    case 'webp':
      return image.webp({ quality: 85 }).toBuffer();
    case 'gif':
      return image.gif().toBuffer();
    case 'png':
      return image.png().toBuffer();
  }
}
