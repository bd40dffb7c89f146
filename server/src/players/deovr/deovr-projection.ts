import type { File, Projection } from '@fovea/contract';

export interface DeoProjection {
  screenType: string;
  stereoMode: 'sbs' | 'tb' | 'off';
}

/** 180° side by side: what DeoVR assumes for VR video, and the answer when the files disagree. */
export const DEFAULT_DEO_PROJECTION: DeoProjection = { screenType: 'dome', stereoMode: 'sbs' };

/** File projection → DeoVR screenType/stereoMode (xbvr-facts §3.10; fisheye lenses are sent by name). */
const TABLE: Partial<Record<Projection, DeoProjection>> = {
  mkx200: { screenType: 'mkx200', stereoMode: 'sbs' },
  mkx220: { screenType: 'mkx220', stereoMode: 'sbs' },
  rf52: { screenType: 'rf52', stereoMode: 'sbs' },
  fisheye190: { screenType: 'fisheye190', stereoMode: 'sbs' },
  fisheye: { screenType: 'fisheye', stereoMode: 'sbs' },
  vrca220: { screenType: 'vrca220', stereoMode: 'sbs' },
  '180_sbs': { screenType: 'dome', stereoMode: 'sbs' },
  '180_tb': { screenType: 'dome', stereoMode: 'tb' },
  '360_tb': { screenType: 'sphere', stereoMode: 'tb' },
  flat: { screenType: 'flat', stereoMode: 'off' },
  '360_mono': { screenType: 'sphere', stereoMode: 'off' },
  '180_mono': { screenType: 'dome', stereoMode: 'off' },
};

export function deoProjectionOf(projection: Projection): DeoProjection {
  return TABLE[projection] ?? DEFAULT_DEO_PROJECTION;
}

/**
 * A scene's projection: the first video file's, used only when every video file shares it (mixed files keep
 * DeoVR's 180° SBS default, xbvr#726); no video gives the default.
 */
export function sceneDeoProjection(videos: readonly File[]): DeoProjection {
  const first = videos[0];
  if (first === undefined || videos.some((file) => file.projection !== first.projection)) {
    return DEFAULT_DEO_PROJECTION;
  }
  return deoProjectionOf(first.projection);
}
