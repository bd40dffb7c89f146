import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findOnPath, locateMediaTool } from '../../src/config/media-tools';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

const dir = makeTempDir('media-tools-');
afterAll(() => removeTempDir(dir));

describe('locateMediaTool', () => {
  it('takes FFMPEG_PATH and FFPROBE_PATH first', () => {
    const env = {
      FFMPEG_PATH: ' /opt/ffmpeg/bin/ffmpeg ',
      FFPROBE_PATH: '/opt/ffmpeg/bin/ffprobe',
      PATH: '/usr/bin',
    };
    expect(locateMediaTool('ffmpeg', env)).toEqual({ path: '/opt/ffmpeg/bin/ffmpeg', source: 'environment' });
    expect(locateMediaTool('ffprobe', env)).toEqual({
      path: '/opt/ffmpeg/bin/ffprobe',
      source: 'environment',
    });
  });

  it('takes the program on PATH next, skipping folders where it is not executable', () => {
    const notExecutable = join(dir, 'a');
    const executable = join(dir, 'b');
    mkdirSync(notExecutable, { recursive: true });
    mkdirSync(executable, { recursive: true });
    writeFileSync(join(notExecutable, 'ffmpeg'), '');
    writeFileSync(join(executable, 'ffmpeg'), '#!/bin/sh\n');
    chmodSync(join(executable, 'ffmpeg'), 0o755);
    const env = { PATH: [join(dir, 'missing'), notExecutable, executable].join(':') };
    expect(findOnPath('ffmpeg', env)).toBe(join(executable, 'ffmpeg'));
    expect(locateMediaTool('ffmpeg', env)).toEqual({ path: join(executable, 'ffmpeg'), source: 'system' });
  });

  it('falls back to the npm packages’ builds when neither is on PATH, and they run', () => {
    const env = { PATH: join(dir, 'empty') };
    for (const name of ['ffmpeg', 'ffprobe'] as const) {
      const tool = locateMediaTool(name, env);
      expect(tool.source, name).toBe('bundled');
      expect(tool.path, name).toContain(`@${name}-installer`);
      expect(execFileSync(tool.path, ['-version']).toString(), name).toContain(`${name} version`);
    }
  });
});
