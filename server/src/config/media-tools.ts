import { accessSync, constants, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, join } from 'node:path';

export type MediaToolName = 'ffmpeg' | 'ffprobe';

export interface MediaTool {
  /** What to run: a full path, or the bare name when nothing was found (running it then fails clearly). */
  path: string;
  /** Where it came from: FFMPEG_PATH/FFPROBE_PATH, the system PATH, the npm package, or nowhere. */
  source: 'environment' | 'system' | 'bundled' | 'missing';
}

const ENVIRONMENT_NAMES: Record<MediaToolName, string> = { ffmpeg: 'FFMPEG_PATH', ffprobe: 'FFPROBE_PATH' };
/** The optional npm packages that carry a static build per platform. */
const PACKAGES: Record<MediaToolName, string> = {
  ffmpeg: '@ffmpeg-installer/ffmpeg',
  ffprobe: '@ffprobe-installer/ffprobe',
};

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** The program on PATH, as a shell would find it (with PATHEXT's extensions on Windows). */
export function findOnPath(name: string, env: NodeJS.ProcessEnv): string | undefined {
  const extensions = process.platform === 'win32' ? (env.PATHEXT ?? '.EXE;.CMD').split(';') : [''];
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (dir === '') continue;
    for (const extension of extensions) {
      const candidate = join(dir, `${name}${extension.toLowerCase()}`);
      if (isExecutable(candidate)) return candidate;
    }
  }
  return undefined;
}

/** The binary of the npm package, when it is installed for this platform. */
function bundledPath(packageName: string): string | undefined {
  try {
    const required: unknown = createRequire(import.meta.url)(packageName);
    const path = (required as { path?: unknown }).path;
    return typeof path === 'string' && isExecutable(path) ? path : undefined;
  } catch {
    // Not installed, or no build for this platform: the package throws a string when it cannot find one.
    return undefined;
  }
}

/**
 * ffmpeg or ffprobe: the environment variable wins, then the one on PATH (the system's, usually the newer
 * build with more codecs), then the static build from the optional npm package, so `npm install && npm start`
 * works on a machine without a system package.
 */
export function locateMediaTool(name: MediaToolName, env: NodeJS.ProcessEnv): MediaTool {
  const fromEnvironment = env[ENVIRONMENT_NAMES[name]]?.trim();
  if (fromEnvironment) return { path: fromEnvironment, source: 'environment' };
  const onPath = findOnPath(name, env);
  if (onPath) return { path: onPath, source: 'system' };
  const bundled = bundledPath(PACKAGES[name]);
  if (bundled) return { path: bundled, source: 'bundled' };
  return { path: name, source: 'missing' };
}
