import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { apiRoutes } from '@fovea/contract';
import { fastifyPath, routeSchema } from '../../http/route-schema';
import type { ActorAkaService } from '../../services/actor-aka.service';
import type { ActorCallService } from '../../services/actor-call.service';
import type { ActorCountryListService } from '../../services/actor-country-list.service';
import type { ActorEditService } from '../../services/actor-edit.service';
import type { ActorExtrefService } from '../../services/actor-extref.service';
import type { ActorReader } from '../../services/actor-reader.service';
import { shapeOf } from '../../http/actor-shape';

export interface ActorCallDeps {
  reader: ActorReader;
  calls: ActorCallService;
  edits: ActorEditService;
  akas: ActorAkaService;
  extrefs: ActorExtrefService;
  countries: ActorCountryListService;
}

const tags = ['actors'];

/** /api/actor: the calls on one actor (read, flags, rating, edit, delete, images, colleagues), and the country list. */
export function actorCallRoutes(deps: ActorCallDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const r = apiRoutes;

    // Registered before /api/actor/{id}, though the static path wins in Fastify's router anyway.
    app.get(
      r.actorCountryList.path,
      {
        schema: routeSchema(r.actorCountryList, {
          tags,
          summary:
            'Every country (ISO 3166-1 alpha-2 code and English name), by name, with the path of its flag served by Fovea (/flags/{code}.svg; "" when there is no flag).',
        }),
      },
      async () => deps.countries.countries(),
    );

    app.get(
      fastifyPath(r.actorGet.path),
      {
        schema: routeSchema(r.actorGet, {
          tags,
          summary:
            'One actor with its scenes, by numeric id or by name when the value contains "-". An unknown actor is the zero actor (id 0).',
        }),
      },
      async (request) => deps.reader.find(request.params.id, shapeOf(request.query)),
    );

    app.post(
      r.actorToggle.path,
      {
        schema: routeSchema(r.actorToggle, {
          tags,
          summary:
            'Flip one flag of an actor (favourite, watchlist, needs_update). 404 for an unknown actor.',
        }),
      },
      async (request) => {
        await deps.calls.toggle(request.body.actor_id, request.body.list);
        return null;
      },
    );

    app.post(
      fastifyPath(r.actorRate.path),
      {
        schema: routeSchema(r.actorRate, { tags, summary: 'Rate an actor, 0 to 5 in half steps (0 = none)' }),
      },
      async (request) => deps.calls.rate(request.params.id, request.body.rating, shapeOf(request.query)),
    );

    app.post(
      fastifyPath(r.actorEdit.path),
      {
        schema: routeSchema(r.actorEdit, {
          tags,
          summary:
            'Edit an actor; every changed field goes to the actor edit journal so a later scrape keeps it. 400 "No matching country" for an unknown nationality. Answers the actor.',
        }),
      },
      async (request) => deps.edits.edit(request.params.id, request.body, shapeOf(request.query)),
    );

    app.delete(
      fastifyPath(r.actorDelete.path),
      {
        schema: routeSchema(r.actorDelete, {
          tags,
          summary: 'Delete an actor (its cast links and aka memberships go with it). Answers the zero actor.',
        }),
      },
      async (request) => deps.calls.delete(request.params.id),
    );

    app.post(
      r.actorSetImage.path,
      {
        schema: routeSchema(r.actorSetImage, {
          tags,
          summary: "Make a URL the actor's main image (added to its images when missing). Answers the actor.",
        }),
      },
      async (request) => deps.calls.setImage(request.body.actor_id, request.body.url, shapeOf(request.query)),
    );

    app.delete(
      r.actorDeleteImage.path,
      {
        schema: routeSchema(r.actorDeleteImage, {
          tags,
          summary:
            'Remove an image of an actor (JSON body); the main image falls back to the first remaining one. Answers the actor.',
        }),
      },
      async (request) =>
        deps.calls.deleteImage(request.body.actor_id, request.body.url, shapeOf(request.query)),
    );

    app.get(
      fastifyPath(r.actorColleagues.path),
      {
        schema: routeSchema(r.actorColleagues, {
          tags,
          summary:
            'The co-stars of an actor, the most shared scenes first, each with shared_scenes and the scenes it shares with the actor (not all its scenes; none with with_scenes=false). 404 for an unknown actor.',
        }),
      },
      async (request) => deps.reader.colleagues(request.params.id, shapeOf(request.query)),
    );

    app.get(
      fastifyPath(r.actorAkas.path),
      {
        schema: routeSchema(r.actorAkas, {
          tags,
          summary:
            'The aka groups of an actor, the actors it is grouped with (a group pseudo-actor: its members) and possible akas (shared external references or alias names), each with its non-hidden scenes newest first (none with with_scenes=false).',
        }),
      },
      async (request) => deps.akas.akasOf(request.params.id, shapeOf(request.query)),
    );

    app.get(
      fastifyPath(r.actorExtrefs.path),
      {
        schema: routeSchema(r.actorExtrefs, {
          tags,
          summary: 'The external references (profile pages, StashDB performer) linked to an actor.',
        }),
      },
      async (request) => deps.extrefs.list(request.params.id),
    );

    app.post(
      fastifyPath(r.actorEditExtrefs.path),
      {
        schema: routeSchema(r.actorEditExtrefs, {
          tags,
          summary:
            "Set an actor's profile links from a bare array of URLs: missing links are deleted, new ones created (source from the domain). Answers the links.",
        }),
      },
      async (request) => deps.extrefs.edit(request.params.id, request.body),
    );
  };
}
