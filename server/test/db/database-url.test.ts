import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveDatabaseFile } from '../../src/db/database-url';

const dataDir = path.resolve('/data/fovea');

describe('resolveDatabaseFile', () => {
  it.each([
    [undefined, path.join(dataDir, 'fovea.db')],
    ['  ', path.join(dataDir, 'fovea.db')],
    ['sqlite:///abs/lib.db', path.resolve('/abs/lib.db')],
    ['sqlite://relative.db', path.join(dataDir, 'relative.db')],
    ['sqlite:sub/x.db', path.join(dataDir, 'sub/x.db')],
    ['sqlite:/abs/y.db', path.resolve('/abs/y.db')],
    ['SQLITE:///abs/z.db?mode=rwc', path.resolve('/abs/z.db')],
    ['file:lib.db', path.join(dataDir, 'lib.db')],
    ['file:///abs/my%20lib.db', path.resolve('/abs/my lib.db')],
    ['other.db', path.join(dataDir, 'other.db')],
    ['/var/lib/fovea/main.db', path.resolve('/var/lib/fovea/main.db')],
  ])('%s -> %s', (url, expected) => {
    expect(resolveDatabaseFile(url, dataDir)).toBe(expected);
  });

  it.each(['postgres://u:p@host/db', 'postgresql://host/db'])('rejects %s as not supported yet', (url) => {
    expect(() => resolveDatabaseFile(url, dataDir)).toThrow(
      'PostgreSQL is not supported yet: use a sqlite: URL or a file path',
    );
  });

  it('rejects other schemes without leaking a password', () => {
    expect(() => resolveDatabaseFile('mysql://root:secret@db/x', dataDir)).toThrow(/Unsupported.*"mysql:"/);
    expect(() => resolveDatabaseFile('mysql://root:secret@db/x', dataDir)).not.toThrow(/secret/);
    expect(() => resolveDatabaseFile('sqlite://', dataDir)).toThrow(/names no file/);
  });
});
