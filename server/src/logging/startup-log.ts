import type { AppConfig } from '../config/config';
import type { Logger } from './logger';

/** The lines the log starts with once Fovea listens: where, which data folder, which ffmpeg and ffprobe. */
export function logListening(logger: Logger, config: AppConfig, address: string): void {
  logger.info(
    { address, dataDir: config.dataDir, version: config.version },
    `Fovea listening on ${address}/ui/`,
  );
  logger.info(
    { ffmpeg: config.ffmpegPath, ffprobe: config.ffprobePath, sources: config.mediaToolSources },
    `ffmpeg: ${config.ffmpegPath}, ffprobe: ${config.ffprobePath}`,
  );
  if (config.mediaToolSources?.ffmpeg === 'missing' || config.mediaToolSources?.ffprobe === 'missing') {
    logger.warn('ffmpeg or ffprobe was not found: install them, or run npm install to get the bundled ones');
  }
}
