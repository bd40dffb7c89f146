import { hasUsableCover } from '@fovea/contract';
import sharp from 'sharp';
import type { Logger } from '../logging/logger';

export interface DlnaArtDeps {
  /** The scene's cover URL ('' or null when it has none). */
  cover(sceneId: number): Promise<string | null>;
  /** GET of a path on the app itself (the image proxy), e.g. by Fastify's inject. */
  fetch(path: string): Promise<{ status: number; body: Buffer }>;
  /** The JPEG frame of the scene's video (frames/), or null when it has none. */
  frame(sceneId: number): Promise<Buffer | null>;
  logger: Logger;
}

/**
 * Cover art for DLNA items: the scene's cover through the image proxy at 700 px wide (so it is cached in the
 * data folder like every card image), re-encoded as JPEG because DLNA's album-art profile (JPEG_TN) is JPEG.
 * A scene without a usable cover (none, or the custom scenes' placeholder) shows its video frame.
 */
export class DlnaArtService {
  constructor(private readonly deps: DlnaArtDeps) {}

  async jpeg(sceneId: number): Promise<Buffer | null> {
    const cover = await this.deps.cover(sceneId);
    if (cover === null || !hasUsableCover(cover)) return this.deps.frame(sceneId);
    const answer = await this.deps.fetch(`/img/700x/${encodeURI(cover)}`);
    if (answer.status !== 200) return null;
    try {
      return await sharp(answer.body).flatten({ background: '#000000' }).jpeg({ quality: 85 }).toBuffer();
    } catch (error) {
      this.deps.logger.debug({ err: error, sceneId }, 'DLNA: the cover could not be made a JPEG');
      return null;
    }
  }
}
