import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KnownFileRow } from '../../src/repositories/file-scan.repository';
import { fileClassifier, videoExtensions } from '../../src/scanner/classify-file';
import { detectMoves, type MoveCandidate } from '../../src/scanner/detect-moves';
import { goneFiles } from '../../src/scanner/gone-files';
import { planScan, type FoundFile } from '../../src/scanner/scan-plan';
import { putioTime, putioVideos } from '../../src/scanner/putio-files';
import { detectProjection } from '../../src/media/projection';
import { folderMountState } from '../../src/scanner/volume-mount';
import { walkFolder } from '../../src/scanner/walk-folder';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

const classify = fileClassifier(videoExtensions([]));

describe('classifying by extension', () => {
  it('knows videos (default extensions), scripts, hsp and subtitles, ignoring case', () => {
    expect(
      [
        'a.mp4',
        'a.MKV',
        'a.funscript',
        'a.FunScript',
        'a.cmscript',
        'a.hsp',
        'a.srt',
        'a.SSA',
        'a.ass',
        'a.vtt',
      ].map(classify),
    ).toEqual([
      'video',
      'video',
      'script',
      'script',
      'script',
      'hsp',
      'subtitles',
      'subtitles',
      'subtitles',
      'subtitles',
    ]);
  });

  it('ignores other files, names without an extension and the defaults once extensions are configured', () => {
    expect(['a.txt', 'a.jpg', 'mp4', 'a.mp4.part'].map(classify)).toEqual([null, null, null, null]);
    const configured = fileClassifier(videoExtensions(['.webm']));
    expect(['a.webm', 'a.WEBM', 'a.mp4', 'a.funscript'].map(configured)).toEqual([
      'video',
      'video',
      null,
      'script',
    ]);
  });
});

describe('walking a folder', () => {
  let root: string;

  beforeAll(() => {
    root = makeTempDir('fovea-walk-');
    mkdirSync(join(root, 'sub', 'deeper'), { recursive: true });
    mkdirSync(join(root, '.hidden'));
    writeFileSync(join(root, 'a.mp4'), 'x');
    writeFileSync(join(root, 'notes.txt'), 'x');
    writeFileSync(join(root, '.b.mp4'), 'x');
    writeFileSync(join(root, '.hidden', 'c.mp4'), 'x');
    writeFileSync(join(root, 'sub', 'd.funscript'), '{}');
    writeFileSync(join(root, 'sub', 'deeper', 'e.srt'), '1');
    // A loop (a link to an ancestor), a second link to a folder already walked, a broken link, a file link.
    symlinkSync(root, join(root, 'sub', 'deeper', 'loop'));
    symlinkSync(join(root, 'sub'), join(root, 'sub-again'));
    symlinkSync(join(root, 'nowhere'), join(root, 'broken.mp4'));
    symlinkSync(join(root, 'a.mp4'), join(root, 'link.mp4'));
  });

  afterAll(() => removeTempDir(root));

  it('lists the accepted files once each, skipping dot-files and dot-folders, without looping', async () => {
    const result = await walkFolder(root, (name) => classify(name) !== null);
    const found = result.files.map((file) => join(file.dir, file.filename).slice(root.length)).sort();
    expect(found).toEqual(['/a.mp4', '/link.mp4', '/sub/d.funscript', '/sub/deeper/e.srt']);
    expect(result.unreadable).toEqual([]);
  });

  it('reports a root that cannot be read instead of throwing', async () => {
    const result = await walkFolder(join(root, 'missing'), () => true);
    expect(result.files).toEqual([]);
    expect(result.unreadable).toHaveLength(1);
  });
});

describe('mount state of a folder', () => {
  it('is mounted only when the folder exists, is a folder and is not empty', async () => {
    const root = makeTempDir('fovea-mount-');
    try {
      expect(await folderMountState(root)).toEqual({ mounted: false, reason: 'it is empty' });
      writeFileSync(join(root, 'a.mp4'), 'x');
      expect(await folderMountState(root)).toEqual({ mounted: true });
      expect(await folderMountState(join(root, 'a.mp4'))).toEqual({
        mounted: false,
        reason: 'it is not a folder',
      });
      expect(await folderMountState(join(root, 'gone'))).toEqual({
        mounted: false,
        reason: 'it does not exist',
      });
    } finally {
      removeTempDir(root);
    }
  });
});

const known = (values: Partial<KnownFileRow> & { id: number; filename: string }): KnownFileRow => ({
  path: '/v',
  size: 100,
  updated_time: '2024-01-01T00:00:00.000Z',
  scene_id: null,
  oshash: '',
  type: 'video',
  video_width: 1920,
  missing_since: null,
  ...values,
});

const found = (values: Partial<FoundFile> & { filename: string }): FoundFile => ({
  dir: '/v',
  type: 'video',
  size: 100,
  mtime: '2024-01-01T00:00:00.000Z',
  ...values,
});

describe('planning a scan', () => {
  it('skips files with the same size and time, and sorts out new, changed and missing ones', () => {
    const plan = planScan(
      [
        found({ filename: 'same.mp4' }),
        found({ filename: 'bigger.mp4', size: 200 }),
        found({ filename: 'touched.mp4', mtime: '2024-02-01T00:00:00.000Z' }),
        found({ filename: 'new.mp4' }),
        found({ filename: 'same.mp4', dir: '/v/other' }),
      ],
      [
        known({ id: 1, filename: 'same.mp4' }),
        known({ id: 2, filename: 'bigger.mp4' }),
        known({ id: 3, filename: 'touched.mp4' }),
        known({ id: 4, filename: 'gone.mp4' }),
      ],
      { retryUnprobed: true },
    );
    expect(plan.unchanged).toBe(1);
    expect(plan.added.map((file) => `${file.dir}/${file.filename}`)).toEqual([
      '/v/new.mp4',
      '/v/other/same.mp4',
    ]);
    expect(plan.changed.map((change) => change.known.id)).toEqual([2, 3]);
    expect(plan.missing.map((row) => row.id)).toEqual([4]);
  });

  it('probes again a video whose last probe failed, only when asked', () => {
    const rows = [known({ id: 1, filename: 'broken.mp4', video_width: 0 })];
    const files = [found({ filename: 'broken.mp4' })];
    expect(planScan(files, rows, { retryUnprobed: true }).changed).toHaveLength(1);
    expect(planScan(files, rows, { retryUnprobed: false }).unchanged).toBe(1);
  });
});

const candidate = (values: Partial<MoveCandidate> & { id: number }): MoveCandidate => ({
  filename: `f${values.id}.mp4`,
  size: 5000,
  oshash: 'abc',
  scene_id: null,
  ...values,
});

describe('detecting moved files', () => {
  it('gives a new file the scene of a gone file with the same size and hash', () => {
    const moves = detectMoves(
      [candidate({ id: 1, scene_id: 7 }), candidate({ id: 2, scene_id: 8, size: 6000 })],
      [candidate({ id: 10, filename: 'renamed.mp4' }), candidate({ id: 11, size: 6000, oshash: 'other' })],
    );
    expect(moves).toEqual([{ fromId: 1, fileId: 10, sceneId: 7, filename: 'renamed.mp4' }]);
  });

  it('never guesses: no hash, an unmatched gone file, two scenes or an already matched new file give nothing', () => {
    expect(
      detectMoves([candidate({ id: 1, scene_id: 7, oshash: '' })], [candidate({ id: 10, oshash: '' })]),
    ).toEqual([]);
    expect(detectMoves([candidate({ id: 1 })], [candidate({ id: 10 })])).toEqual([]);
    expect(
      detectMoves(
        [candidate({ id: 1, scene_id: 7 }), candidate({ id: 2, scene_id: 8 })],
        [candidate({ id: 10 })],
      ),
    ).toEqual([]);
    expect(detectMoves([candidate({ id: 1, scene_id: 7 })], [candidate({ id: 10, scene_id: 9 })])).toEqual(
      [],
    );
  });
});

describe('telling gone files from unreachable ones', () => {
  it('keeps rows whose file exists or whose folder sits behind a broken link, and gives up the rest', async () => {
    const root = makeTempDir('fovea-gone-');
    const elsewhere = makeTempDir('fovea-elsewhere-');
    try {
      mkdirSync(join(root, 'kept'));
      writeFileSync(join(root, 'kept', 'still.txt'), 'x');
      mkdirSync(join(root, 'removed'));
      mkdirSync(join(elsewhere, 'disk'));
      symlinkSync(join(elsewhere, 'disk'), join(root, 'linked'));
      rmSync(join(elsewhere, 'disk'), { recursive: true });
      const rows = [
        known({ id: 1, path: join(root, 'kept'), filename: 'still.txt' }),
        known({ id: 2, path: join(root, 'kept'), filename: 'deleted.mp4' }),
        known({ id: 3, path: join(root, 'removed', 'deep'), filename: 'a.mp4' }),
        known({ id: 4, path: join(root, 'linked'), filename: 'a.mp4' }),
        known({ id: 5, path: join(root, 'linked', 'sub'), filename: 'a.mp4' }),
      ];
      expect((await goneFiles(root, rows)).map((row) => row.id)).toEqual([2, 3]);
    } finally {
      removeTempDir(root);
      removeTempDir(elsewhere);
    }
  });
});

describe('put.io listings', () => {
  it('reads put.io times as UTC', () => {
    expect(putioTime('2024-03-01T10:00:00')).toBe('2024-03-01T10:00:00.000Z');
    expect(putioTime('2024-03-01T10:00:00+02:00')).toBe('2024-03-01T08:00:00.000Z');
    expect(putioTime(null)).toBeNull();
    expect(putioTime('soon')).toBeNull();
  });

  it('keeps the videos, with the put.io id as path and the projection from the name', () => {
    const entry = {
      size: 5000,
      content_type: 'video/mp4',
      file_type: 'VIDEO',
      created_at: '2024-03-01T10:00:00',
      updated_at: null,
      opensubtitles_hash: '8e245d9679d31e12',
      parent_id: 0,
    };
    const videos = putioVideos(
      [
        { ...entry, id: 11, name: 'scene_mkx200.mp4' },
        { ...entry, id: 12, name: 'scene_180_LR.mkv' },
        { ...entry, id: 13, name: 'scene.funscript', file_type: 'TEXT' },
      ],
      classify,
      detectProjection,
    );
    expect(videos.map((video) => [video.dir, video.values.projection])).toEqual([
      ['11', 'mkx200'],
      ['12', '180_sbs'],
    ]);
    expect(videos[0]?.values).toMatchObject({
      path: '11',
      filename: 'scene_mkx200.mp4',
      type: 'video',
      size: 5000,
      oshash: '8e245d9679d31e12',
      created_time: '2024-03-01T10:00:00.000Z',
      updated_time: '2024-03-01T10:00:00.000Z',
    });
  });
});
