import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { BundleSections, type BundleEntry } from '@fovea/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openXbvrDatabase, type XbvrDatabase } from '../../../src/bundles/xbvr-db/xbvr-database';
import { XbvrSourceError } from '../../../src/bundles/xbvr-db/xbvr-source-error';
import { makeTempDir, removeTempDir } from '../../helpers/temp-dir';
import { DOCKER_MAPPING, EXPECTED_ENTRIES } from './xbvr-expected-entries';
import { buildXbvrSqlite } from './xbvr-sqlite-builder';

async function readAll(db: XbvrDatabase, signal?: AbortSignal): Promise<BundleEntry[]> {
  const entries: BundleEntry[] = [];
  for await (const entry of db.entries(DOCKER_MAPPING, signal)) entries.push(entry);
  return entries;
}

const sha256 = (file: string): string => createHash('sha256').update(fs.readFileSync(file)).digest('hex');

let dir = '';
let file = '';

beforeAll(() => {
  dir = makeTempDir('fovea-xbvr-db-');
  file = buildXbvrSqlite(dir);
});
afterAll(() => removeTempDir(dir));

describe('reading an XBVR SQLite database', () => {
  it('yields every section in bundle order, field by field, with paths remapped', async () => {
    const db = await openXbvrDatabase({ kind: 'sqlite', path: file });
    try {
      const entries = await readAll(db);
      const sections = [...new Set(entries.map((entry) => entry.section))];
      expect(sections).toEqual([...new Set(EXPECTED_ENTRIES.map((entry) => entry.section))]);
      for (const section of sections) {
        const of = (list: BundleEntry[]) =>
          list.filter((entry) => entry.section === section).map((e) => e.record);
        expect(of(entries), section).toEqual(of(EXPECTED_ENTRIES));
      }
      expect(entries).toEqual(EXPECTED_ENTRIES);
    } finally {
      await db.close();
    }
  });

  it('gives records the bundle schema accepts as they are', async () => {
    const db = await openXbvrDatabase({ kind: 'sqlite', path: file });
    try {
      for (const entry of await readAll(db)) {
        const parsed = BundleSections[entry.section].safeParse(entry.record);
        expect(parsed.success, `${entry.section}: ${parsed.error?.message ?? ''}`).toBe(true);
      }
    } finally {
      await db.close();
    }
  });

  it('reads the same across page boundaries (pages of 1 and 2 rows)', async () => {
    for (const pageSize of [1, 2]) {
      const db = await openXbvrDatabase({ kind: 'sqlite', path: file }, { pageSize });
      try {
        expect(await readAll(db)).toEqual(EXPECTED_ENTRIES);
      } finally {
        await db.close();
      }
    }
  });

  it('leaves the source file byte-identical and creates no journal beside it', async () => {
    const before = sha256(file);
    const mtime = fs.statSync(file).mtimeMs;
    const db = await openXbvrDatabase({ kind: 'sqlite', path: file });
    await readAll(db);
    await db.close();
    expect(sha256(file)).toBe(before);
    expect(fs.statSync(file).mtimeMs).toBe(mtime);
    expect(fs.readdirSync(dir).sort()).toEqual(['main.db']);
  });

  it("accepts XBVR's data folder and opens the main.db inside", async () => {
    const db = await openXbvrDatabase({ kind: 'sqlite', path: dir });
    try {
      expect((await readAll(db)).length).toBe(EXPECTED_ENTRIES.length);
    } finally {
      await db.close();
    }
  });

  it('stops between pages when the signal is aborted', async () => {
    const db = await openXbvrDatabase({ kind: 'sqlite', path: file }, { pageSize: 1 });
    const controller = new AbortController();
    const seen: string[] = [];
    try {
      await expect(
        (async () => {
          for await (const entry of db.entries(DOCKER_MAPPING, controller.signal)) {
            seen.push(entry.section);
            if (entry.section === 'scenes') controller.abort();
          }
        })(),
      ).rejects.toThrow();
      expect(seen.at(-1)).toBe('scenes');
      expect(seen).not.toContain('sceneFileLinks');
    } finally {
      await db.close();
    }
  });
});

describe('an older XBVR database', () => {
  it('reads without the tables it did not have yet (edit journals, external references, tag groups)', async () => {
    const old = path.join(dir, 'old.db');
    fs.copyFileSync(file, old);
    const writable = new Database(old);
    for (const table of [
      'action_actors',
      'external_references',
      'external_reference_links',
      'tag_groups',
      'tag_group_tags',
    ]) {
      writable.exec(`DROP TABLE ${table}`);
    }
    writable.exec('ALTER TABLE scenes DROP COLUMN ai_script');
    writable.close();
    const db = await openXbvrDatabase({ kind: 'sqlite', path: old });
    try {
      const entries = await readAll(db);
      const gone = new Set(['actionActors', 'externalReferences', 'tagGroups']);
      const expected = EXPECTED_ENTRIES.filter((entry) => !gone.has(entry.section)).map((entry) => {
        if (entry.section !== 'scenes') return entry;
        const { ai_script: _dropped, ...record } = entry.record;
        return { section: entry.section, record };
      });
      expect(entries).toEqual(expected);
    } finally {
      await db.close();
      fs.rmSync(old);
    }
  });
});

describe('sources that are not an XBVR database', () => {
  it('says there is no file', async () => {
    const missing = path.join(dir, 'nope', 'main.db');
    await expect(openXbvrDatabase({ kind: 'sqlite', path: missing })).rejects.toThrow(
      new XbvrSourceError(`no file at ${missing}`),
    );
  });

  it('says a folder has no main.db', async () => {
    const empty = makeTempDir('fovea-xbvr-empty-');
    try {
      await expect(openXbvrDatabase({ kind: 'sqlite', path: empty })).rejects.toThrow(
        /is a folder without XBVR's main\.db/,
      );
    } finally {
      removeTempDir(empty);
    }
  });

  it('says a file is not an SQLite database', async () => {
    const text = path.join(dir, 'notes.txt');
    fs.writeFileSync(
      text,
      'this is not a database, just some text that is long enough to look like a page '.repeat(20),
    );
    try {
      const error = await openXbvrDatabase({ kind: 'sqlite', path: text }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(XbvrSourceError);
      expect((error as Error).message).toMatch(/is not an SQLite database/);
    } finally {
      fs.rmSync(text);
    }
  });

  it('says an SQLite database without a scenes table is not XBVR’s', async () => {
    const other = path.join(dir, 'other.db');
    const db = new Database(other);
    db.exec('CREATE TABLE things (id integer primary key)');
    db.close();
    try {
      await expect(openXbvrDatabase({ kind: 'sqlite', path: other })).rejects.toThrow(
        new XbvrSourceError('not an XBVR database (no scenes table)'),
      );
    } finally {
      fs.rmSync(other);
    }
  });
});
