import fs from 'node:fs';
import path from 'node:path';
import type { BundleEntry } from '@fovea/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spoolEntries } from '../../../src/bundles/restore/bundle-spool';
import { makeTempDir, removeTempDir } from '../../helpers/temp-dir';

let dir: string;
beforeAll(() => {
  dir = makeTempDir('fovea-bundle-spool-');
});
afterAll(() => removeTempDir(dir));

async function* entries(list: readonly BundleEntry[]): AsyncGenerator<BundleEntry> {
  yield* list;
}

async function all<T>(records: AsyncIterable<T>): Promise<T[]> {
  const list: T[] = [];
  for await (const record of records) list.push(record);
  return list;
}

describe('spoolEntries', () => {
  it('checks and spools what another reader produced, section by section', async () => {
    const spoolDir = path.join(dir, 'entries');
    const bad = { section: 'actors', record: { name: '' } } as BundleEntry;
    const bundle = await spoolEntries(
      { version: '2.1', timestamp: '2024-01-01T00:00:00Z' },
      entries([
        { section: 'volumes', record: { Type: 'local', Path: '/mnt/videos' } },
        { section: 'scenes', record: { scene_id: 's-1', title: 'One' } },
        { section: 'unmatchedFiles', record: { path: '/mnt/videos', filename: 'loose.mp4', size: 10 } },
        bad,
        { section: 'scenes', record: { scene_id: 's-2', title: 'Two' } },
      ]),
      spoolDir,
    );
    expect(bundle.version).toBe('2.1');
    expect(bundle.timestamp).toBe('2024-01-01T00:00:00Z');
    expect(bundle.counts).toEqual({ volumes: 1, scenes: 2, unmatchedFiles: 1 });
    expect((await all(bundle.records('scenes'))).map((s) => s.title)).toEqual(['One', 'Two']);
    expect(await all(bundle.records('unmatchedFiles'))).toEqual([
      { path: '/mnt/videos', filename: 'loose.mp4', size: 10 },
    ]);
    expect(bundle.rejected).toEqual([
      { section: 'actors', key: '#1', reason: expect.stringMatching(/^name: /) as string },
    ]);
    await bundle.dispose();
    expect(fs.existsSync(spoolDir)).toBe(false);
  });

  it('throws the source failure and removes its spool', async () => {
    const spoolDir = path.join(dir, 'failing');
    async function* failing(): AsyncGenerator<BundleEntry> {
      yield { section: 'scenes', record: { scene_id: 's-1' } };
      throw new Error('the XBVR database went away');
    }
    await expect(spoolEntries({ version: '2.1', timestamp: '' }, failing(), spoolDir)).rejects.toThrow(
      'the XBVR database went away',
    );
    expect(fs.existsSync(spoolDir)).toBe(false);
  });

  it('spools more records than one write holds, in order', async () => {
    const spoolDir = path.join(dir, 'many');
    const many: BundleEntry[] = Array.from({ length: 5000 }, (_, i) => ({
      section: 'actors',
      record: { name: `Actor ${i}`, biography: 'x'.repeat(400) },
    }));
    const bundle = await spoolEntries({ version: '2.1', timestamp: '' }, entries(many), spoolDir);
    const names = (await all(bundle.records('actors'))).map((a) => a.name);
    expect(names).toHaveLength(5000);
    expect(names[4999]).toBe('Actor 4999');
    expect(names).toEqual(many.map((e) => (e.record as { name: string }).name));
    await bundle.dispose();
  });
});
