import { afterAll, beforeAll } from 'vitest';
import type { FoveaApp } from '../../src/app';
import { libraryFactory } from '../factories/library.factory';
import { removeTempDir } from '../helpers/temp-dir';
import { createTestApp } from '../helpers/test-app';

export interface ActorTestContext {
  app: FoveaApp;
  make: ReturnType<typeof libraryFactory>;
}

/** One real app (fresh SQLite) per test file, closed and removed afterwards. */
export function useActorApp(): ActorTestContext {
  const context = {} as ActorTestContext;
  beforeAll(async () => {
    context.app = await createTestApp();
    context.make = libraryFactory(context.app.database.db);
  });
  afterAll(async () => {
    await context.app.close();
    removeTempDir(context.app.config.dataDir);
    removeTempDir(context.app.config.webDir);
  });
  return context;
}

/** The actor row as stored. */
export function actorRow(app: FoveaApp, id: number) {
  return app.database.db.selectFrom('actors').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** The actor edit journal of one actor, oldest first. */
export function journalOf(app: FoveaApp, actorName: string) {
  return app.database.db
    .selectFrom('actor_edits')
    .select(['actor_id', 'action_type', 'source', 'changed_column', 'new_value'])
    .where('actor_name', '=', actorName)
    .orderBy('id')
    .execute();
}

/** Sends a JSON request and answers the status code and parsed body. */
export async function send(app: FoveaApp, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) {
  const response = await app.http.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { code: response.statusCode, body: response.json<unknown>() };
}
