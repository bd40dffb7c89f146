import sharp from 'sharp';

/** The heatmap thumbnail's geometry (xbvr-facts §11.3). */
export const THUMBNAIL_WIDTH = 700;
export const THUMBNAIL_HEIGHT = 420;
export const MAX_THUMBNAIL_HEATMAPS = 20;
/** Each heatmap strip is 10 px high with a 3 px margin above it. */
const STRIP_HEIGHT = 10;
const STRIP_MARGIN = 3;
export const STRIP_PITCH = STRIP_HEIGHT + STRIP_MARGIN;

/** The cover's height above `count` heatmaps: 420 - count * 13 (count capped at 20). */
export function coverHeight(count: number): number {
  return THUMBNAIL_HEIGHT - Math.min(count, MAX_THUMBNAIL_HEATMAPS) * STRIP_PITCH;
}

/** A heatmap PNG stretched to 700x10, or null when sharp cannot read it. */
function strip(png: Buffer): Promise<Buffer | null> {
  return sharp(png, { failOn: 'error' })
    .resize(THUMBNAIL_WIDTH, STRIP_HEIGHT, { fit: 'fill' })
    .flatten({ background: '#ffffff' })
    .png()
    .toBuffer()
    .catch(() => null);
}

/**
 * A 700x420 JPEG (quality 90): the readable heatmaps (at most 20) at the bottom, each stretched to 700x10 below
 * a 3 px black margin, the last one ending on the bottom edge, and the cover cropped to fill the rest. No cover,
 * or one sharp cannot read, leaves the top black rather than failing the thumbnail.
 */
export async function renderHeatmapThumbnail(
  cover: Buffer | null,
  heatmaps: readonly Buffer[],
): Promise<Buffer> {
  const strips = (await Promise.all(heatmaps.slice(0, MAX_THUMBNAIL_HEATMAPS).map(strip))).filter(
    (found): found is Buffer => found !== null,
  );
  const top = coverHeight(strips.length);
  const layers: sharp.OverlayOptions[] = [];
  if (cover) {
    const fitted = await sharp(cover, { failOn: 'error' })
      .autoOrient()
      .resize(THUMBNAIL_WIDTH, top, { fit: 'cover' })
      .flatten({ background: '#000000' })
      .png()
      .toBuffer()
      .catch(() => null);
    if (fitted) layers.push({ input: fitted, top: 0, left: 0 });
  }
  strips.forEach((input, i) => layers.push({ input, top: top + i * STRIP_PITCH + STRIP_MARGIN, left: 0 }));
  return sharp({
    create: { width: THUMBNAIL_WIDTH, height: THUMBNAIL_HEIGHT, channels: 3, background: '#000000' },
  })
    .composite(layers)
    .jpeg({ quality: 90 })
    .toBuffer();
}
