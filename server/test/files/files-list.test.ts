import { File, FILE_SORT_FIELDS, FilePageResponse, type FileSortKey } from '@fovea/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { libraryFactory } from '../factories/library.factory';
import { postJson } from '../helpers/inject-json';
import { removeTempDir } from '../helpers/temp-dir';
import { createTestApp } from '../helpers/test-app';

let app: FoveaApp;
/** name -> file id */
const ids = new Map<string, number>();

interface Spec {
  name: string;
  height?: number;
  width?: number;
  fps?: number;
  bitrate?: number;
  created?: string | null;
  size?: number;
  duration?: number;
  matched?: boolean;
  type?: 'video' | 'script';
}

/** Heights, frame rates and bitrates sit on the edges of the buckets (constants.ts). */
const SPECS: Spec[] = [
  { name: 'alpha.mp4', height: 1080, fps: 30, bitrate: 10_000_000, created: '2024-01-01T00:00:00.000Z', matched: true },
  { name: 'Beta.mp4', height: 1899, fps: 60, bitrate: 14_999_999, created: '2024-02-01T00:00:00.000Z' },
  { name: 'gamma.mkv', height: 1900, fps: 59.94, bitrate: 15_000_000, created: '2024-03-01T00:00:00.000Z' },
  { name: 'delta_100%.mp4', height: 2449, fps: 25, bitrate: 24_999_999, created: '2024-04-01T00:00:00.000Z' },
  { name: 'epsilon.mp4', height: 2450, fps: 0, bitrate: 25_000_000, created: '2024-05-01T00:00:00.000Z', matched: true },
  { name: 'zeta_x.mp4', height: 2899, fps: 90, bitrate: 35_000_000, created: '2024-06-01T00:00:00.000Z' },
  { name: 'Eta.mp4', height: 2900, fps: 29.97, bitrate: 35_000_001, created: '2024-07-01T00:00:00.000Z' },
  { name: 'theta.funscript', type: 'script', created: '2024-08-01T00:00:00.000Z' },
  { name: 'iota.mp4', height: 3299, fps: 30, bitrate: 50_000_000, created: '2024-09-01T00:00:00.000Z' },
  { name: 'kappa.mp4', height: 3300, fps: 60, bitrate: 80_000_000, created: null, matched: true },
  { name: 'lambda.mp4', height: 4000, fps: 50, bitrate: 1, created: '2024-10-01T00:00:00.000Z' },
]; // prettier-ignore

beforeAll(async () => {
  app = await createTestApp();
  const make = libraryFactory(app.database.db);
  const volume = await make.volume();
  const scene = await make.scene();
  for (const [index, spec] of SPECS.entries()) {
    const height = spec.height ?? 0;
    const id = await make.file({
      volume_id: volume,
      filename: spec.name,
      type: spec.type ?? 'video',
      scene_id: spec.matched ? scene : null,
      video_height: height,
      video_width: spec.width ?? height * 2,
      video_avgfps_val: spec.fps ?? 0,
      video_bitrate: spec.bitrate ?? 0,
      created_time: spec.created === undefined ? '2024-01-01T00:00:00.000Z' : spec.created,
      // Ties on size and duration, so the id decides between equals.
      size: spec.size ?? 1000 + (index % 4) * 100,
      duration: spec.duration ?? (index % 3) * 60,
    });
    ids.set(spec.name, id);
  }
});

afterAll(async () => {
  await app.close();
  removeTempDir(app.config.dataDir);
  removeTempDir(app.config.webDir);
});

const list = async (body: object) => {
  const response = await postJson(app, '/api/files/list', body);
  expect(response.code).toBe(200);
  return File.array().parse(response.body);
};
const names = async (body: object) =>
  (await list({ state: 'all', sort: '', ...body })).map((file) => file.filename);
const namesOf = (...wanted: string[]) =>
  SPECS.map((spec) => spec.name).filter((name) => wanted.includes(name));

describe('POST /api/files/list filters', () => {
  it('lists the unmatched files by default, newest first', async () => {
    const files = await list({});
    expect(files.every((file) => file.scene_id === 0)).toBe(true);
    expect(files.map((file) => file.filename)).toEqual([
      'lambda.mp4', 'iota.mp4', 'theta.funscript', 'Eta.mp4', 'zeta_x.mp4', 'delta_100%.mp4', 'gamma.mkv', 'Beta.mp4',
    ]); // prettier-ignore
  });

  it('filters by state', async () => {
    expect(await names({ state: 'matched' })).toEqual(namesOf('alpha.mp4', 'epsilon.mp4', 'kappa.mp4'));
    expect(await names({ state: 'all' })).toHaveLength(SPECS.length);
    expect(await names({ state: 'unmatched' })).toHaveLength(SPECS.length - 3);
  });

  it.each([
    [['below4k'], ['alpha.mp4', 'Beta.mp4', 'theta.funscript']],
    [['4k'], ['gamma.mkv', 'delta_100%.mp4']],
    [['5k'], ['epsilon.mp4', 'zeta_x.mp4']],
    [['6k'], ['Eta.mp4', 'iota.mp4']],
    [['above6k'], ['kappa.mp4', 'lambda.mp4']],
    [
      ['4k', 'above6k'],
      ['gamma.mkv', 'delta_100%.mp4', 'kappa.mp4', 'lambda.mp4'],
    ],
  ])('resolutions %j select by video_height', async (resolutions, expected) => {
    expect(await names({ resolutions })).toEqual(namesOf(...expected));
  });

  it.each([
    [['30fps'], ['alpha.mp4', 'Eta.mp4', 'iota.mp4']],
    [['60fps'], ['Beta.mp4', 'gamma.mkv', 'kappa.mp4']],
    [['other'], ['delta_100%.mp4', 'epsilon.mp4', 'zeta_x.mp4', 'theta.funscript', 'lambda.mp4']],
    [['30fps', 'other'], ['alpha.mp4', 'delta_100%.mp4', 'epsilon.mp4', 'zeta_x.mp4', 'Eta.mp4', 'theta.funscript', 'iota.mp4', 'lambda.mp4']],
  ])('framerates %j select by the rounded frame rate', async (framerates, expected) => {
    expect(await names({ framerates })).toEqual(namesOf(...expected));
  }); // prettier-ignore

  it.each([
    [['low'], ['alpha.mp4', 'Beta.mp4', 'theta.funscript', 'lambda.mp4']],
    [['medium'], ['gamma.mkv', 'delta_100%.mp4']],
    [['high'], ['epsilon.mp4', 'zeta_x.mp4']],
    [['ultra'], ['Eta.mp4', 'iota.mp4', 'kappa.mp4']],
    [['low', 'ultra'], ['alpha.mp4', 'Beta.mp4', 'Eta.mp4', 'theta.funscript', 'iota.mp4', 'kappa.mp4', 'lambda.mp4']],
  ])('bitrates %j select by Mbps bands', async (bitrates, expected) => {
    expect(await names({ bitrates })).toEqual(namesOf(...expected));
  }); // prettier-ignore

  it('combines the lists with AND', async () => {
    expect(
      await names({ resolutions: ['below4k', '4k'], framerates: ['60fps'], bitrates: ['medium'] }),
    ).toEqual(['gamma.mkv']);
    expect(await names({ state: 'matched', resolutions: ['4k'] })).toEqual([]);
  });

  it('filters by created date, both ends included, any offset', async () => {
    expect(await names({ createdDate: ['2024-02-01T00:00:00Z', '2024-03-01T01:00:00+01:00'] })).toEqual([
      'Beta.mp4',
      'gamma.mkv',
    ]);
    expect(await names({ createdDate: [] })).toHaveLength(SPECS.length);
    expect(await names({ createdDate: ['2030-01-01T00:00:00.000Z', '2031-01-01T00:00:00.000Z'] })).toEqual(
      [],
    );
  });

  it.each([
    ['ALPHA', ['alpha.mp4']],
    ['eta', ['Beta.mp4', 'zeta_x.mp4', 'Eta.mp4', 'theta.funscript']],
    ['100%', ['delta_100%.mp4']],
    ['_x', ['zeta_x.mp4']],
    ['%', ['delta_100%.mp4']],
    ['a_1', ['delta_100%.mp4']],
    ['.funscript', ['theta.funscript']],
    ['', SPECS.map((spec) => spec.name)],
  ])('filename %j is a case-insensitive substring (%, _ literal)', async (filename, expected) => {
    expect(await names({ filename })).toEqual(namesOf(...expected));
  });
});

describe('POST /api/files/list sorts', () => {
  const keys = FILE_SORT_FIELDS.flatMap((field) => [`${field}_asc`, `${field}_desc`] as FileSortKey[]);

  it.each(keys)('sorts by %s, equal values by id', async (sort) => {
    const all = await list({ state: 'all', sort: '' });
    expect(all.map((file) => file.id)).toEqual([...ids.values()]);
    const field = sort.replace(/_(asc|desc)$/, '') as (typeof FILE_SORT_FIELDS)[number];
    const sign = sort.endsWith('_desc') ? -1 : 1;
    const value = (file: File) => (field === 'filename' ? file.filename.toLowerCase() : file[field]);
    const expected = [...all].sort((a, b) => {
      const [x, y] = [value(a), value(b)];
      return sign * (x < y ? -1 : x > y ? 1 : a.id - b.id);
    });
    const sorted = await list({ state: 'all', sort });
    expect(sorted.map((file) => file.filename)).toEqual(expected.map((file) => file.filename));
    expect(new Set(sorted.map(value)).size).toBeGreaterThan(1);
  });
});

describe('POST /api/files/page', () => {
  it('pages through the list with the total', async () => {
    const full = await list({ state: 'all', sort: 'size_desc' });
    const seen: string[] = [];
    for (let offset = 0; offset < full.length; offset += 4) {
      const response = await postJson(app, '/api/files/page', {
        state: 'all',
        sort: 'size_desc',
        offset,
        limit: 4,
      });
      expect(response.code).toBe(200);
      const page = FilePageResponse.parse(response.body);
      expect(page.total).toBe(SPECS.length);
      seen.push(...page.files.map((file) => file.filename));
    }
    expect(seen).toEqual(full.map((file) => file.filename));
  });

  it('counts with the filters, pages default to 50 from 0', async () => {
    const response = await postJson(app, '/api/files/page', { bitrates: ['low'] });
    const page = FilePageResponse.parse(response.body);
    expect(page.total).toBe(3);
    expect(page.files.map((file) => file.filename)).toEqual(['lambda.mp4', 'theta.funscript', 'Beta.mp4']);
    const past = FilePageResponse.parse((await postJson(app, '/api/files/page', { offset: 100 })).body);
    expect(past).toEqual({ files: [], total: SPECS.length - 3, scenes: [] });
  });

  it('names the scenes of the matched files of the page, each once', async () => {
    const page = FilePageResponse.parse(
      (await postJson(app, '/api/files/page', { state: 'matched', limit: 500 })).body,
    );
    expect(page.files.length).toBeGreaterThan(1);
    const sceneIds = [...new Set(page.files.map((file) => file.scene_id))];
    expect(page.scenes.map((scene) => scene.id)).toEqual(sceneIds);
    const title = await app.database.db
      .selectFrom('scenes')
      .select(['scene_id', 'title'])
      .where('id', '=', sceneIds[0] ?? 0)
      .executeTakeFirstOrThrow();
    expect(page.scenes[0]).toMatchObject(title);
    const unmatched = FilePageResponse.parse(
      (await postJson(app, '/api/files/page', { state: 'unmatched' })).body,
    );
    expect(unmatched.scenes).toEqual([]);
  });
});

describe('bad requests', () => {
  it.each([
    [{ sort: 'bogus_asc' }, 'sort'],
    [{ state: 'deleted' }, 'state'],
    [{ resolutions: ['8k'] }, 'resolutions'],
    [{ framerates: '30fps' }, 'framerates'],
    [{ bitrates: ['huge'] }, 'bitrates'],
    [{ createdDate: ['2024-01-01T00:00:00Z'] }, 'createdDate'],
    [{ createdDate: ['yesterday', 'today'] }, 'createdDate'],
    [{ filename: 42 }, 'filename'],
  ])('POST /api/files/list %j is a 400 naming %s', async (body, key) => {
    const response = await postJson(app, '/api/files/list', body);
    expect(response.code).toBe(400);
    expect((response.body as { issues: { path: unknown[] }[] }).issues[0]?.path.slice(0, 2)).toEqual([
      'body',
      key,
    ]);
  });

  it.each([[{ limit: 0 }], [{ limit: 501 }], [{ offset: -1 }], [{ offset: 1.5 }]])(
    'POST /api/files/page %j is a 400',
    async (body) => {
      expect((await postJson(app, '/api/files/page', body)).code).toBe(400);
    },
  );
});

describe('GET /api/files/file/{id}', () => {
  it('answers the file', async () => {
    const id = ids.get('gamma.mkv') ?? 0;
    const response = await app.http.inject({ method: 'GET', url: `/api/files/file/${id}` });
    expect(response.statusCode).toBe(200);
    expect(File.parse(response.json())).toMatchObject({
      id,
      filename: 'gamma.mkv',
      video_height: 1900,
      video_avgfps_val: 59.94,
      scene_id: 0,
      type: 'video',
    });
  });

  it('answers 404 for an unknown file and 400 for a bad id', async () => {
    const missing = await app.http.inject({ method: 'GET', url: '/api/files/file/987654' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Not Found', message: 'There is no file 987654' });
    expect((await app.http.inject({ method: 'GET', url: '/api/files/file/abc' })).statusCode).toBe(400);
  });
});
