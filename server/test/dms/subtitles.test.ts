import { truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import type { FileType } from '../../src/db/schema';
import { SUBTITLE_MAX_BYTES } from '../../src/services/subtitle.service';
import { libraryFactory } from '../factories/library.factory';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';
import { createTestApp } from '../helpers/test-app';

let app: FoveaApp;
let mediaDir: string;
const ids: Record<string, number> = {};

beforeAll(async () => {
  app = await createTestApp();
  mediaDir = makeTempDir('fovea-subtitles-');
  const make = libraryFactory(app.database.db);
  const volume = await make.volume({ path: mediaDir });
  const scene = await make.scene();
  const file = async (
    key: string,
    filename: string,
    content: Buffer | string | null,
    type: FileType = 'subtitles',
  ) => {
    if (content !== null) writeFileSync(join(mediaDir, filename), content);
    ids[key] = await make.file({
      volume_id: volume,
      path: mediaDir,
      filename,
      type,
      scene_id: scene,
    });
  };
  await file('srt', 'clip.en.srt', '\uFEFF1\r\n00:00:01,000 --> 00:00:02,500\r\nHello\r\n\r\n');
  await file('latin1', 'clip.fr.srt', Buffer.from('1\n00:00:01,000 --> 00:00:02,000\nCaf\xe9\n', 'latin1'));
  await file('vtt', 'clip.de.vtt', 'WEBVTT\n\n00:01.000 --> 00:02.000\nHallo\n');
  await file('badVtt', 'clip.it.vtt', '1\n00:00:01,000 --> 00:00:02,000\nCiao\n');
  await file(
    'ass',
    'clip.ass',
    '[Events]\nFormat: Start, End, Text\nDialogue: 0:00:01.00,0:00:02.00,{\\b1}Hi\n',
  );
  await file('sub', 'clip.sub', '{1}{2}Hi');
  await file('big', 'big.srt', '');
  truncateSync(join(mediaDir, 'big.srt'), SUBTITLE_MAX_BYTES + 1);
  await file('gone', 'gone.srt', null);
  await file('video', 'clip.mp4', 'not a subtitle', 'video');
});

afterAll(async () => {
  await app.close();
  removeTempDir(mediaDir);
  removeTempDir(app.config.dataDir);
  removeTempDir(app.config.webDir);
});

const get = (key: string) => app.http.inject({ method: 'GET', url: `/api/dms/subtitles/${ids[key] ?? 0}` });

describe('GET /api/dms/subtitles/{fileId}', () => {
  it('converts SubRip to WebVTT, as text/vtt in UTF-8, revalidated on every use', async () => {
    const response = await get('srt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe('WEBVTT\n\n1\n00:00:01.000 --> 00:00:02.500\nHello\n');
  });

  it('reads a file that is not UTF-8 as Windows Western', async () => {
    expect((await get('latin1')).body).toContain('\nCafé\n');
  });

  it('passes WebVTT through and converts SubStation dialogue', async () => {
    expect((await get('vtt')).body).toBe('WEBVTT\n\n00:01.000 --> 00:02.000\nHallo\n');
    expect((await get('ass')).body).toBe('WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHi\n');
  });

  it('answers 404 for unknown files, other file types, unsupported formats and files gone from disk', async () => {
    for (const key of ['none', 'video', 'sub', 'gone']) {
      const response = await get(key);
      expect(response.statusCode, key).toBe(404);
      expect(response.json()).toMatchObject({ error: 'Not Found', message: expect.any(String) });
    }
  });

  it('refuses a file over the size bound and a .vtt that is not WebVTT with 422', async () => {
    for (const key of ['big', 'badVtt']) {
      const response = await get(key);
      expect(response.statusCode, key).toBe(422);
      expect(response.json<{ message: string }>().message).toMatch(/4 MB|not a WebVTT/);
    }
  });

  it('refuses a file id that is not a number', async () => {
    const response = await app.http.inject({ method: 'GET', url: '/api/dms/subtitles/abc' });
    expect(response.statusCode).toBe(400);
  });
});
