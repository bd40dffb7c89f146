import { join } from 'node:path';
import type { AppConfig } from '../../server/src/config/config';

/** The app configuration the benchmark runs with: a given data folder, loopback, quiet logs. */
export function benchConfig(dataDir: string, port = 0): AppConfig {
  return {
    port,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: undefined,
    // Port 9 (discard) refuses at once: the version check never leaves the machine.
    updateUrl: 'http://127.0.0.1:9/latest',
    webDir: join(dataDir, 'no-web'),
    logLevel: 'warn',
    logToStdout: false,
    version: 'bench',
    putioUrl: 'http://127.0.0.1:9/v2',
    stashdbUrl: 'http://127.0.0.1:9/graphql',
    ffmpegPath: process.env.FFMPEG_PATH?.trim() || 'ffmpeg',
    ffprobePath: process.env.FFPROBE_PATH?.trim() || 'ffprobe',
    dlnaPort: 0,
  };
}
