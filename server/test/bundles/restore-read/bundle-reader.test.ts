import fs from 'node:fs';
import path from 'node:path';
import { BUNDLE_SECTIONS, ZERO_TIME, type BundleSection } from '@fovea/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BundleFormatError, spoolBundleFile } from '../../../src/bundles/restore/bundle-reader';
import type { SpooledBundle } from '../../../src/bundles/spooled-bundle';
import { makeTempDir, removeTempDir } from '../../helpers/temp-dir';
import { handMadeBundle, v1Bundle } from './hand-made-bundle';

let dir: string;
let counter = 0;

beforeAll(() => {
  dir = makeTempDir('fovea-bundle-read-');
});
afterAll(() => removeTempDir(dir));

/** Writes `text` to a bundle file and spools it into a fresh folder. */
async function spool(text: string, hooks?: Parameters<typeof spoolBundleFile>[2]) {
  counter += 1;
  const file = path.join(dir, `bundle-${counter}.json`);
  const spoolDir = path.join(dir, `spool-${counter}`);
  fs.writeFileSync(file, text);
  return { spoolDir, result: spoolBundleFile(file, spoolDir, hooks) };
}

async function all<T>(records: AsyncIterable<T>): Promise<T[]> {
  const list: T[] = [];
  for await (const record of records) list.push(record);
  return list;
}

/** Spooling a broken file fails with this message and leaves no spool folder behind. */
async function expectFormatError(text: string, message: string | RegExp) {
  const { spoolDir, result } = await spool(text);
  const error = await result.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BundleFormatError);
  expect((error as Error).message).toMatch(message);
  expect(fs.existsSync(spoolDir)).toBe(false);
}

describe('spoolBundleFile: a v2.1 bundle as XBVR writes it', () => {
  let bundle: SpooledBundle;
  let spoolDir: string;
  const progress: [number, number][] = [];

  beforeAll(async () => {
    const text = JSON.stringify(handMadeBundle, null, 2);
    const spooled = await spool(text, { onBytes: (read, total) => progress.push([read, total]) });
    spoolDir = spooled.spoolDir;
    bundle = await spooled.result;
  });

  it('keeps the version and timestamp, and counts every section', () => {
    expect(bundle.version).toBe('2.1');
    expect(bundle.timestamp).toBe('2024-06-01T12:00:00.123456789Z');
    const expected: Partial<Record<BundleSection, number>> = {};
    for (const section of BUNDLE_SECTIONS) {
      const list = (handMadeBundle as Record<string, unknown>)[section];
      if (Array.isArray(list)) expected[section] = list.length;
    }
    // Every section but Fovea's own (unmatchedFiles, foveaCustomSites), which XBVR does not write.
    expect(Object.keys(expected)).toHaveLength(BUNDLE_SECTIONS.length - 2);
    expect(bundle.counts).toEqual(expected);
    expect(bundle.rejectedTotal).toBe(0);
  });

  it('gives every record back as the contract reads it, in file order, as often as asked', async () => {
    const scenes = await all(bundle.records('scenes'));
    expect(scenes.map((s) => s.scene_id)).toEqual(['naughtyamericavr-101', 'custom-1']);
    const [full, bare] = scenes;
    expect(full?.title).toBe('Café "Ünïcode" ✓ 🎬');
    expect(full?.synopsis).toBe('Line one\nline two\t"quoted"');
    expect(full?.last_opened).toBe(ZERO_TIME);
    expect(full?.site).toBe('Naughty America VR');
    // The cast as names; each actor's whole object once, apart.
    expect(full?.cast).toEqual([{ name: 'Jane Doe' }, { name: 'Ann Roe' }]);
    const castActors = await all(bundle.castActors());
    expect(castActors.map((c) => c.name)).toEqual(['Jane Doe', 'Ann Roe']);
    expect(castActors[0]?.birth_date).toBe(ZERO_TIME);
    expect(full?.IsSubscribed).toBe(true);
    // 0/1 booleans and numeric strings are read as the contract defines them.
    expect(bare?.favourite).toBe(true);
    expect(bare?.star_rating).toBe(3);
    expect(bare?.cast).toBeNull();
    expect(await all(bundle.records('scenes'))).toEqual(scenes);

    const files = await all(bundle.records('sceneFileLinks'));
    expect(files[0]?.files?.[0]).toMatchObject({
      path: '/videos/nam',
      filename: 'nam-101.mp4',
      size: 4_000_000_000,
    });
    const cuepoints = await all(bundle.records('sceneCuepoints'));
    expect(cuepoints[0]?.cuepoints?.map((c) => [c.time_start, c.track])).toEqual([
      [0, null],
      [60.5, 1],
    ]);
    expect((await all(bundle.records('volumes')))[0]).toMatchObject({ Type: 'local', Path: '/videos' });
    expect((await all(bundle.records('sites')))[0]?.name).toBe('Naughty America VR');
    expect((await all(bundle.records('akas')))[0]?.actors?.[0]?.name).toBe('Jane Doe');
    expect((await all(bundle.records('externalReferences')))[0]?.xbvr_links?.[0]?.match_type).toBe(99999);
    expect((await all(bundle.records('actionActors')))[0]?.action_actors?.[0]?.new_value).toBe('170');
    expect((await all(bundle.records('config')))[0]?.key).toBe('config');
    expect(await all(bundle.records('unmatchedFiles'))).toEqual([]);
    expect(await all(bundle.v1Scenes())).toEqual([]);
  });

  it('reports its progress, ending at the whole file', () => {
    const size = Buffer.byteLength(JSON.stringify(handMadeBundle, null, 2));
    expect(progress.at(-1)).toEqual([size, size]);
  });

  it('removes its spool when disposed', async () => {
    expect(fs.readdirSync(spoolDir).length).toBeGreaterThan(0);
    await bundle.dispose();
    await bundle.dispose();
    expect(fs.existsSync(spoolDir)).toBe(false);
  });
});

describe('spoolBundleFile: other readable bundles', () => {
  it('reads a v1 bundle as its scraped scenes', async () => {
    const bundle = await (await spool(JSON.stringify(v1Bundle))).result;
    expect(bundle.version).toBe('1');
    expect(bundle.counts).toEqual({ scenes: 2 });
    const scenes = await all(bundle.v1Scenes());
    expect(scenes.map((s) => s._id)).toEqual(['vrb-1', 'vrb-2']);
    expect(scenes[0]?.cast).toEqual(['Jane Doe']);
    expect(await all(bundle.records('scenes'))).toEqual([]);
    await bundle.dispose();
  });

  it('reads records that come before the bundleVersion key, keeping their order', async () => {
    const { scenes, actors, bundleVersion } = handMadeBundle;
    const text = JSON.stringify({ scenes, actors, timestamp: 'later', bundleVersion });
    const bundle = await (await spool(text)).result;
    expect((await all(bundle.records('scenes'))).map((s) => s.scene_id)).toEqual([
      'naughtyamericavr-101',
      'custom-1',
    ]);
    expect(bundle.counts).toEqual({ scenes: 2, actors: 1 });
    expect(bundle.timestamp).toBe('later');
    await bundle.dispose();
  });

  it('rejects records that do not validate, with their key and reason, and keeps the others', async () => {
    const text = JSON.stringify({
      bundleVersion: '2.1',
      scenes: [{ scene_id: 'good-1' }, { scene_id: 'bad-1', title: 42 }, { title: 'no id' }, 'not a record'],
      sceneFileLinks: [{ scene_id: 'good-1', files: [{ path: '/v', filename: 'a.mp4', type: 'movie' }] }],
      actors: [{ name: 'Jane', height: 'tall' }],
      externalReferences: [{ external_source: 'stashdb scene', external_id: '' }],
      unmatchedFiles: [{ path: '/v', filename: 'b.mp4', size: 'big' }],
    });
    const bundle = await (await spool(text)).result;
    expect((await all(bundle.records('scenes'))).map((s) => s.scene_id)).toEqual(['good-1']);
    expect(bundle.counts).toEqual({ scenes: 1 });
    expect(bundle.rejectedTotal).toBe(7);
    expect(bundle.rejected.map((r) => [r.section, r.key])).toEqual([
      ['scenes', 'bad-1'],
      ['scenes', '#3'],
      ['scenes', '#4'],
      ['sceneFileLinks', 'good-1'],
      ['actors', 'Jane'],
      ['externalReferences', 'stashdb scene/'],
      ['unmatchedFiles', '/v/b.mp4'],
    ]);
    expect(bundle.rejected[0]?.reason).toMatch(/^title: .*string/);
    expect(bundle.rejected[3]?.reason).toMatch(/^files\.0\.type: /);
    await bundle.dispose();
  });

  it('ignores unknown keys, manualSceneMatches and null sections', async () => {
    const text = JSON.stringify({
      bundleVersion: 2.1,
      extra: [{ whatever: true }],
      manualSceneMatches: [{ scene_id: 'x' }],
      scenes: null,
      note: 'hello',
    });
    const bundle = await (await spool(text)).result;
    expect(bundle.counts).toEqual({});
    expect(bundle.rejectedTotal).toBe(0);
    await bundle.dispose();
  });
});

describe('spoolBundleFile: files that are not a readable bundle', () => {
  const text = JSON.stringify(handMadeBundle);

  it('a file cut in the middle of the scenes is truncated', async () => {
    await expectFormatError(
      text.slice(0, text.indexOf('"custom-1"')),
      'the bundle ends too early: the file is truncated',
    );
  });

  it('invalid JSON inside a record names the byte where it breaks', async () => {
    const broken = text.replace('"duration":45,', '"duration":45 x,');
    const at = Buffer.byteLength(broken.slice(0, broken.indexOf(' x,') + 1));
    await expectFormatError(
      broken,
      `the bundle is not valid JSON (at byte ${at}: Expected ',' or '}' after property value)`,
    );
  });

  it('invalid JSON between records names the byte too', async () => {
    await expectFormatError(
      '{"timestamp":"x" "bundleVersion":"2.1"}',
      /^the bundle is not valid JSON \(at byte 17: expected ',' or '}', found "\\"bundleVersion/,
    );
    await expectFormatError(
      '{"bundleVersion":"2.1","scenes":[{"scene_id":"a"}}',
      /at byte 49: expected ',' or '\]'/,
    );
    await expectFormatError(
      '{"bundleVersion":"2.1","scenes":[{"scene_id":"a"]]}',
      /at byte 48: expected '\}', found "\]\]\}"/,
    );
    await expectFormatError(
      '<html>Not found</html>',
      /^the bundle is not valid JSON \(at byte 0: expected a JSON object, found "<html>/,
    );
  });

  it('an unknown version, no version, or a top level that is not an object', async () => {
    await expectFormatError(
      JSON.stringify({ bundleVersion: '3', scenes: [] }),
      'unsupported bundle version "3": Fovea reads 2.1 and 1',
    );
    await expectFormatError(
      JSON.stringify({ timestamp: 'x', scenes: [{ scene_id: 'a' }] }),
      /^the bundle has no bundleVersion/,
    );
    await expectFormatError('[{"scene_id":"a"}]', 'the bundle is not a JSON object: its top level is a list');
    await expectFormatError('  ', 'the bundle is empty');
    await expectFormatError(
      '{"bundleVersion":"2.1","scenes":{}}',
      'the "scenes" section of the bundle is not a list',
    );
  });

  it('stops when aborted and removes its spool', async () => {
    const controller = new AbortController();
    controller.abort(new Error('shutting down'));
    const { spoolDir, result } = await spool(text, { signal: controller.signal });
    await expect(result).rejects.toThrow('shutting down');
    expect(fs.existsSync(spoolDir)).toBe(false);
  });
});
