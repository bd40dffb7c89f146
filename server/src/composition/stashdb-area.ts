import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/schema';
import { StashdbActorRepository } from '../repositories/stashdb-actor.repository';
import type { StashdbLinkRepository } from '../repositories/stashdb-link.repository';
import { stashdbRoutes } from '../routes/api/stashdb.routes';
import type { ActorReader } from '../services/actor-reader.service';
import type { OptionsService } from '../services/options.service';
import type { SceneReader } from '../services/scene-reader.service';
import { StashdbActorLinkService } from '../services/stashdb-actor-link.service';
import { StashdbActorSearchService } from '../services/stashdb-actor-search.service';
import { StashdbLinkService } from '../services/stashdb-link.service';
import { StashdbSceneSearchService } from '../services/stashdb-scene-search.service';
import type { StashdbClient } from '../stashdb/stashdb.client';

/** The StashDB calls: scene and performer search, manual links of scenes and actors, performer refresh. */
export async function registerStashdbArea(
  http: FastifyInstance,
  deps: {
    db: Database;
    client: StashdbClient;
    links: StashdbLinkRepository;
    sceneReader: SceneReader;
    actorReader: ActorReader;
    options: OptionsService;
  },
): Promise<void> {
  const { client, links, options } = deps;
  const actors = new StashdbActorRepository(deps.db);
  await http.register(
    stashdbRoutes({
      search: new StashdbSceneSearchService({ client, repo: links, options }),
      links: new StashdbLinkService({ client, repo: links, reader: deps.sceneReader, options }),
      actorSearch: new StashdbActorSearchService({ client, repo: actors, options }),
      actorLinks: new StashdbActorLinkService({ client, repo: actors, reader: deps.actorReader, options }),
    }),
  );
}
