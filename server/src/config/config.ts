import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { locateMediaTool, type MediaTool } from './media-tools';

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** As given by --database-url / FOVEA_DATABASE_URL; undefined means the SQLite file in the data folder. */
  databaseUrl: string | undefined;
  /** GitHub-releases-style JSON URL the version check reads `tag_name` from. */
  updateUrl: string;
  /** The built web UI (web/dist). */
  webDir: string;
  logLevel: string;
  /** Also print logs to stdout (off in tests). */
  logToStdout: boolean;
  version: string;
  /** put.io's REST API base (FOVEA_PUTIO_URL); tests point it at a local server. */
  putioUrl: string;
  /** StashDB's (stash-box) GraphQL endpoint (FOVEA_STASHDB_URL); tests point it at a local server. */
  stashdbUrl: string;
  /** The ffmpeg and ffprobe programs: FFMPEG_PATH / FFPROBE_PATH, else the ones on PATH, else the npm packages'. */
  ffmpegPath: string;
  ffprobePath: string;
  /** Where ffmpeg and ffprobe were found (logged at start). */
  mediaToolSources?: { ffmpeg: MediaTool['source']; ffprobe: MediaTool['source'] };
  /** The DLNA server's HTTP port (--dlna-port / FOVEA_DLNA_PORT, default 1338; 0 = any free port). */
  dlnaPort: number;
  /**
   * Host names the server answers to besides IP addresses, localhost and the machine's name
   * (FOVEA_ALLOWED_HOSTS, comma-separated; `*` for any, e.g. behind a reverse proxy that checks names itself).
   */
  allowedHosts?: string[];
  /**
   * The login of the whole app from FOVEA_USERNAME and FOVEA_PASSWORD (both given): it takes precedence over the
   * one set in Options → Security, which then cannot be changed there.
   */
  login?: { username: string; password: string };
}

export const DEFAULT_PORT = 9999;
export const DEFAULT_HOST = '0.0.0.0';
export const DEFAULT_UPDATE_URL = 'https://api.github.com/repos/fovea-vr/fovea/releases/latest';
export const DEFAULT_PUTIO_URL = 'https://api.put.io/v2';
export const DEFAULT_DLNA_PORT = 1338;
export const DEFAULT_STASHDB_URL = 'https://stashdb.org/graphql';

export interface ConfigFlags {
  port?: string | undefined;
  host?: string | undefined;
  dataDir?: string | undefined;
  databaseUrl?: string | undefined;
  dlnaPort?: string | undefined;
}

/** The default data folder: $XDG_DATA_HOME/fovea, else ~/.local/share/fovea. */
export function defaultDataDir(env: NodeJS.ProcessEnv): string {
  const xdg = env.XDG_DATA_HOME?.trim();
  return xdg ? join(xdg, 'fovea') : join(homedir(), '.local', 'share', 'fovea');
}

export function parsePort(value: string, source: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`${source} must be a port number from 0 to 65535, not "${value}"`);
  }
  return port;
}

/** FOVEA_USERNAME + FOVEA_PASSWORD as the app's login; one without the other is a mistake worth stopping for. */
export function environmentLogin(env: NodeJS.ProcessEnv): AppConfig['login'] {
  const username = env.FOVEA_USERNAME?.trim() ?? '';
  const password = env.FOVEA_PASSWORD ?? '';
  if (username === '' && password === '') return undefined;
  if (username === '' || password === '') {
    throw new Error('FOVEA_USERNAME and FOVEA_PASSWORD set the login together: give both, or neither');
  }
  return { username, password };
}

/** Flags win over environment variables, which win over defaults. */
export function resolveConfig(
  flags: ConfigFlags,
  env: NodeJS.ProcessEnv,
  fixed: { version: string; webDir: string },
): AppConfig {
  const portText = flags.port ?? env.FOVEA_PORT;
  const dataDir = flags.dataDir ?? env.FOVEA_DATA_DIR;
  const dlnaPortText = flags.dlnaPort ?? env.FOVEA_DLNA_PORT;
  const login = environmentLogin(env);
  const ffmpeg = locateMediaTool('ffmpeg', env);
  const ffprobe = locateMediaTool('ffprobe', env);
  return {
    port: portText === undefined ? DEFAULT_PORT : parsePort(portText, flags.port ? '--port' : 'FOVEA_PORT'),
    host: flags.host ?? env.FOVEA_HOST ?? DEFAULT_HOST,
    dataDir: resolve(dataDir?.trim() ? dataDir : defaultDataDir(env)),
    databaseUrl: flags.databaseUrl ?? (env.FOVEA_DATABASE_URL?.trim() || undefined),
    updateUrl: env.FOVEA_UPDATE_URL?.trim() || DEFAULT_UPDATE_URL,
    webDir: env.FOVEA_WEB_DIR?.trim() || fixed.webDir,
    logLevel: env.FOVEA_LOG_LEVEL?.trim() || 'info',
    logToStdout: true,
    version: fixed.version,
    putioUrl: env.FOVEA_PUTIO_URL?.trim() || DEFAULT_PUTIO_URL,
    stashdbUrl: env.FOVEA_STASHDB_URL?.trim() || DEFAULT_STASHDB_URL,
    ffmpegPath: ffmpeg.path,
    ffprobePath: ffprobe.path,
    mediaToolSources: { ffmpeg: ffmpeg.source, ffprobe: ffprobe.source },
    dlnaPort:
      dlnaPortText === undefined
        ? DEFAULT_DLNA_PORT
        : parsePort(dlnaPortText, flags.dlnaPort ? '--dlna-port' : 'FOVEA_DLNA_PORT'),
    allowedHosts: (env.FOVEA_ALLOWED_HOSTS ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name !== ''),
    ...(login ? { login } : {}),
  };
}
