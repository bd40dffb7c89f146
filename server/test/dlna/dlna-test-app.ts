import type { FoveaApp } from '../../src/app';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';
import { createTestApp } from '../helpers/test-app';
import { COVER_HOST, seedDlnaLibrary, startCoverServer, type DlnaLibrary } from './dlna-fixture';

export interface DlnaTestApp {
  app: FoveaApp;
  lib: DlnaLibrary;
  mediaDir: string;
  covers: Awaited<ReturnType<typeof startCoverServer>>;
  /** Whether the DLNA server ran before the app listened (it must not). */
  startedBeforeListen: boolean;
  close(): Promise<void>;
}

/** A test app on the seeded DLNA library, listening on 127.0.0.1 with its DLNA server started. */
export async function startDlnaTestApp(): Promise<DlnaTestApp> {
  const covers = await startCoverServer();
  const app = await createTestApp({ imageHostMap: { [COVER_HOST]: '127.0.0.1' } });
  const mediaDir = makeTempDir('fovea-dlna-media-');
  const lib = await seedDlnaLibrary(app.database.db, app.sceneStatus, mediaDir, covers.url, async (body) => {
    const response = await app.http.inject({ method: 'POST', url: '/api/playlist', payload: body });
    return response.json<{ id: number }>().id;
  });
  const startedBeforeListen = app.dlna.state().running;
  await app.http.listen({ host: '127.0.0.1', port: 0 });
  await app.dlna.settled();
  return {
    app,
    lib,
    mediaDir,
    covers,
    startedBeforeListen,
    async close() {
      await app.close();
      await covers.close();
      removeTempDir(mediaDir);
      removeTempDir(app.config.dataDir);
      removeTempDir(app.config.webDir);
    },
  };
}
