import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_STASHDB_URL,
  DEFAULT_UPDATE_URL,
  defaultDataDir,
  resolveConfig,
} from '../../src/config/config';
import { findProjectRoot, readAppVersion } from '../../src/config/app-info';

const fixed = { version: '1.0.0', webDir: '/app/web/dist' };

describe('resolveConfig', () => {
  it('uses the documented defaults', () => {
    const config = resolveConfig({}, { HOME: homedir() }, fixed);
    expect(config).toMatchObject({
      port: 9999,
      host: '0.0.0.0',
      dataDir: join(homedir(), '.local', 'share', 'fovea'),
      databaseUrl: undefined,
      updateUrl: DEFAULT_UPDATE_URL,
      webDir: '/app/web/dist',
      stashdbUrl: DEFAULT_STASHDB_URL,
    });
    expect(DEFAULT_STASHDB_URL).toBe('https://stashdb.org/graphql');
  });

  it('reads the StashDB endpoint from FOVEA_STASHDB_URL', () => {
    const env = { FOVEA_STASHDB_URL: ' http://127.0.0.1:4000/graphql ' };
    expect(resolveConfig({}, env, fixed).stashdbUrl).toBe('http://127.0.0.1:4000/graphql');
    expect(resolveConfig({}, { FOVEA_STASHDB_URL: '  ' }, fixed).stashdbUrl).toBe(DEFAULT_STASHDB_URL);
  });

  it('reads FOVEA_* variables and XDG_DATA_HOME', () => {
    const env = {
      FOVEA_PORT: '8080',
      FOVEA_HOST: '127.0.0.1',
      FOVEA_DATABASE_URL: 'sqlite:///srv/fovea.db',
      FOVEA_UPDATE_URL: 'http://127.0.0.1:1/latest',
      XDG_DATA_HOME: '/srv/data',
    };
    expect(resolveConfig({}, env, fixed)).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/srv/data/fovea',
      databaseUrl: 'sqlite:///srv/fovea.db',
      updateUrl: 'http://127.0.0.1:1/latest',
    });
    expect(resolveConfig({}, { FOVEA_DATA_DIR: 'relative/dir' }, fixed).dataDir).toBe(
      resolve('relative/dir'),
    );
  });

  it('lets flags win over the environment', () => {
    const config = resolveConfig(
      { port: '7000', host: '::1', dataDir: '/tmp/flag', databaseUrl: 'flag.db' },
      { FOVEA_PORT: '8080', FOVEA_HOST: '0.0.0.0', FOVEA_DATA_DIR: '/tmp/env', FOVEA_DATABASE_URL: 'env.db' },
      fixed,
    );
    expect(config).toMatchObject({ port: 7000, host: '::1', dataDir: '/tmp/flag', databaseUrl: 'flag.db' });
  });

  it('refuses a port that is not a port, naming where it came from', () => {
    expect(() => resolveConfig({ port: 'http' }, {}, fixed)).toThrow('--port must be a port number');
    expect(() => resolveConfig({}, { FOVEA_PORT: '70000' }, fixed)).toThrow(
      'FOVEA_PORT must be a port number',
    );
  });

  it('falls back to ~/.local/share/fovea when XDG_DATA_HOME is blank', () => {
    expect(defaultDataDir({ XDG_DATA_HOME: '  ' })).toBe(join(homedir(), '.local', 'share', 'fovea'));
  });
});

describe('app info', () => {
  it('finds the project and its version', () => {
    const root = findProjectRoot();
    expect(readAppVersion(root)).toMatch(/^\d+\.\d+\.\d+/);
  });
});
