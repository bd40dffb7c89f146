import { execFile } from 'node:child_process';

interface ExecFailure extends Error {
  code?: string | number | null;
  killed?: boolean;
  signal?: NodeJS.Signals | null;
}

export interface FfmpegRun {
  timeoutMs: number;
  signal?: AbortSignal | undefined;
  /** The error a failure becomes, from its one-line reason ("timed out after …", "ffmpeg failed (1): …"). */
  failure: (reason: string) => Error;
}

/** Runs ffmpeg to the end; a failure rejects with the last lines of its stderr as the reason. */
export function runFfmpeg(ffmpeg: string, args: string[], run: FfmpegRun): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(
      ffmpeg,
      args,
      {
        timeout: run.timeoutMs,
        killSignal: 'SIGKILL',
        maxBuffer: 1024 * 1024,
        encoding: 'utf8',
        windowsHide: true,
        ...(run.signal ? { signal: run.signal } : {}),
      },
      (error: ExecFailure | null, _stdout, stderr) => {
        if (!error) {
          resolve();
          return;
        }
        const detail = stderr.trim().split('\n').slice(-3).join(' ').slice(0, 500);
        const reason =
          error.name === 'AbortError'
            ? 'stopped'
            : error.killed
              ? `timed out after ${run.timeoutMs} ms`
              : error.code === 'ENOENT'
                ? 'ffmpeg not found'
                : `ffmpeg failed (${String(error.code ?? error.signal)})${detail ? `: ${detail}` : ''}`;
        reject(run.failure(reason));
      },
    );
  });
}
