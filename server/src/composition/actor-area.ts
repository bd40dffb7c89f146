import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/schema';
import { ActorAkaRepository } from '../repositories/actor-aka.repository';
import { ActorExtrefRepository } from '../repositories/actor-extref.repository';
import { ActorListRepository } from '../repositories/actor-list/actor-list.repository';
import { ActorReadRepository } from '../repositories/actor-read.repository';
import { ActorWriteRepository } from '../repositories/actor-write.repository';
import { actorListRoutes } from '../routes/api/actor-list.routes';
import { actorCallRoutes } from '../routes/api/actor.routes';
import { flagRoutes } from '../routes/flag.routes';
import { ActorAkaService } from '../services/actor-aka.service';
import { ActorCallService } from '../services/actor-call.service';
import { ActorCountryListService } from '../services/actor-country-list.service';
import { ActorEditService } from '../services/actor-edit.service';
import { ActorExtrefService } from '../services/actor-extref.service';
import { ActorListFiltersService } from '../services/actor-list-filters.service';
import { ActorListService } from '../services/actor-list.service';
import { ActorReader } from '../services/actor-reader.service';
import type { AkaService } from '../services/aka.service';
import { FlagIcons } from '../services/flag-icons.service';

/**
 * The actor calls: the list and its filters, the country flags (/flags/{code}.svg from the flag-icons package)
 * and the calls on one actor (read, flags, rating, edit, delete, images, colleagues, akas, profile links).
 * Answers the actor reader the StashDB calls share.
 */
export async function registerActorArea(
  http: FastifyInstance,
  { db, akas }: { db: Database; akas: AkaService },
): Promise<{ actorReader: ActorReader }> {
  const actorRead = new ActorReadRepository(db);
  const actorReader = new ActorReader(actorRead);
  const actorLists = new ActorListRepository(db);
  await http.register(
    actorListRoutes({
      actorList: new ActorListService(actorLists, actorReader),
      actorFilters: new ActorListFiltersService(actorLists),
    }),
  );
  const flags = new FlagIcons();
  await http.register(flagRoutes({ flags }));
  const actorWrite = new ActorWriteRepository(db);
  await http.register(
    actorCallRoutes({
      reader: actorReader,
      calls: new ActorCallService(actorReader, actorWrite, akas),
      edits: new ActorEditService(actorWrite, actorReader),
      akas: new ActorAkaService(actorRead, new ActorAkaRepository(db), actorReader),
      extrefs: new ActorExtrefService(new ActorExtrefRepository(db)),
      countries: new ActorCountryListService(flags),
    }),
  );
  return { actorReader };
}
