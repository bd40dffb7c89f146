import { LibrarySummary } from '@fovea/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { libraryFactory } from '../factories/library.factory';
import { removeTempDir } from '../helpers/temp-dir';
import { createTestApp } from '../helpers/test-app';

let app: FoveaApp;

beforeAll(async () => {
  app = await createTestApp();
});

afterAll(async () => {
  await app.close();
  removeTempDir(app.config.dataDir);
  removeTempDir(app.config.webDir);
});

async function summary() {
  const response = await app.http.inject({ method: 'GET', url: '/api/library/summary' });
  expect(response.statusCode).toBe(200);
  return LibrarySummary.parse(response.json());
}

describe('GET /api/library/summary', () => {
  it('is all zeros for a new library', async () => {
    expect(await summary()).toEqual({
      scenes: 0,
      available_scenes: 0,
      actors: 0,
      files: 0,
      unmatched_files: 0,
    });
  });

  it('counts scenes, available scenes after a refresh, actors without aka groups, and unmatched files', async () => {
    const make = libraryFactory(app.database.db);
    const volume = await make.volume();
    const owned = await make.scene();
    await make.scene();
    await make.file({ volume_id: volume, scene_id: owned });
    await make.file({ volume_id: volume });
    await make.file({ volume_id: volume, type: 'script' });
    await make.actor('Jane Doe');
    await make.actor('aka:Jane Doe,J Doe');
    await app.sceneStatus.refreshScenes([owned]);

    expect(await summary()).toEqual({
      scenes: 2,
      available_scenes: 1,
      actors: 1,
      files: 3,
      unmatched_files: 2,
    });
  });
});
