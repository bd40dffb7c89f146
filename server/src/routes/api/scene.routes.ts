import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { apiRoutes } from '@fovea/contract';
import { fastifyPath, routeSchema } from '../../http/route-schema';
import type { SceneCreateService } from '../../services/scene-create.service';
import type { SceneCuepointService } from '../../services/scene-cuepoint.service';
import type { SceneEditService } from '../../services/scene-edit.service';
import type { SceneService } from '../../services/scene.service';

export interface SceneCallDeps {
  scenes: SceneService;
  edits: SceneEditService;
  creator: SceneCreateService;
  cuepoints: SceneCuepointService;
}

/** A contract path ("/api/scene/{id}") in Fastify's form ("/api/scene/:id"). */

const tags = ['scenes'];

/** /api/scene: the calls on one scene (read, flags, rating, edit, create, delete, cuepoints, script). */
export function sceneCallRoutes(deps: SceneCallDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const r = apiRoutes;

    app.get(
      fastifyPath(r.sceneGet.path),
      {
        schema: routeSchema(r.sceneGet, {
          tags,
          summary:
            'One scene by numeric id, or by string scene_id when the value contains "-". The zero scene (id 0) when there is none, as the reference answers.',
        }),
      },
      async (request) => deps.scenes.get(request.params.id),
    );

    app.post(
      r.sceneToggle.path,
      {
        schema: routeSchema(r.sceneToggle, {
          tags,
          summary:
            'Flip one flag of a scene (by string scene_id). Wishlist only while the scene is not available, else 409.',
        }),
      },
      async (request) => {
        await deps.scenes.toggle(request.body.scene_id, request.body.list);
        return null;
      },
    );

    app.post(
      fastifyPath(r.sceneRate.path),
      {
        schema: routeSchema(r.sceneRate, { tags, summary: 'Rate a scene, 0 to 5 in half steps (0 = none)' }),
      },
      async (request) => deps.scenes.rate(request.params.id, request.body.rating),
    );

    app.post(
      fastifyPath(r.sceneEdit.path),
      {
        schema: routeSchema(r.sceneEdit, {
          tags,
          summary:
            'Edit a scene; every changed field goes to the edit journal so a later scrape keeps it. Answers the scene.',
        }),
      },
      async (request) => deps.edits.edit(request.params.id, request.body),
    );

    app.post(
      r.sceneDelete.path,
      {
        schema: routeSchema(r.sceneDelete, {
          tags,
          summary:
            'Delete a scene (its files become unmatched; its edit journal stays). Answers the scene as it was.',
        }),
      },
      async (request) => deps.scenes.delete(request.body.scene_id),
    );

    app.post(
      r.sceneCreate.path,
      {
        schema: routeSchema(r.sceneCreate, {
          tags,
          summary:
            'Create a custom scene; a blank id is generated ("Custom-<yyyymmddhhmmss>"). 409 when the id is taken.',
        }),
      },
      async (request) => deps.creator.create(request.body),
    );

    app.post(
      fastifyPath(r.sceneCuepointAdd.path),
      {
        schema: routeSchema(r.sceneCuepointAdd, {
          tags,
          summary: 'Add a cuepoint to a scene. Answers the scene.',
        }),
      },
      async (request) => deps.cuepoints.add(request.params.id, request.body),
    );

    app.delete(
      fastifyPath(r.sceneCuepointDelete.path),
      {
        schema: routeSchema(r.sceneCuepointDelete, {
          tags,
          summary: "Delete a cuepoint of a scene (404 when it is not this scene's). Answers the scene.",
        }),
      },
      async (request) => deps.cuepoints.remove(request.params.id, request.params.cuepointId),
    );

    app.post(
      fastifyPath(r.sceneSelectScript.path),
      {
        schema: routeSchema(r.sceneSelectScript, {
          tags,
          summary: 'Make one script file of the scene its selected script. Answers the scene.',
        }),
      },
      async (request) => deps.scenes.selectScript(request.params.id, request.body.file_id),
    );
  };
}
