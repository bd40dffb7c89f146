import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  ApiError,
  HeresphereDenied,
  HeresphereEvent,
  HeresphereLibrary,
  HeresphereRequestBody,
  HeresphereScan,
  HeresphereVideo,
  type HeresphereAccess,
} from '@fovea/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { BadRequestError } from '../http/http-errors';
import type { HeresphereEventsService } from '../players/heresphere/heresphere-events.service';
import type { HeresphereService } from '../players/heresphere/heresphere.service';
import type { PlayerAuth } from '../players/player-auth';
import { playerBody, registerPlayerBodyParsers } from '../players/player-body';
import { playerOrigin } from '../players/player-origin';
import type { OptionsService } from '../services/options.service';

/**
 * HereSphere's JSON interface (not in the contract's route table: its answers are HereSphere's format,
 * xbvr-facts §3.11; schemas in contract/src/heresphere.schema.ts). Every answer, errors included, carries
 * `HereSphere-JSON-Version: 1`.
 */
const IdParam = z.object({ id: z.coerce.number().int().nonnegative() });
const errors = { '4xx': ApiError, '5xx': ApiError };
const METHODS = ['GET', 'POST', 'HEAD'];
const ok = (schema: z.ZodType) => ({ 200: z.union([schema, HeresphereDenied]), ...errors });

const COMMON =
  "Empty 200 answer when interfaces.deovr.enabled is off; HEAD answers an empty 200. With the players' " +
  'authentication on (the DeoVR username and password), the JSON body must carry username and password, else ' +
  'the answer is {access:0, library:[{name:"Login Required", list:null}]} (nothing sent) or access -1 with ' +
  '"Login Failed". URLs in answers use X-Forwarded-Proto and Host.';

const WRITE =
  'The POST body may carry write-back fields, each applied only when its interfaces.heresphere permission is ' +
  'on: rating (0-5), isFavorite, tags (Category: tags replace the scene tags; Feature:Watchlist and ' +
  'Feature:Trailer List set those flags; cuepoint tags replace the HereSphere cuepoints, and the simple ones ' +
  'unless retain_non_hsp_cuepoints), hsp (base64, saved as <video>.hsp beside the first video) and deleteFile ' +
  '(deletes ALL files of the scene from disk). needsMediaSource:false skips resolving trailers.';

function denied(access: HeresphereAccess): z.infer<typeof HeresphereDenied> {
  return { access, library: [{ name: access === 0 ? 'Login Required' : 'Login Failed', list: null }] };
}

/** The body's fields (a null field counts as absent), validated; 400 with every problem named. */
function readBody(raw: Record<string, unknown>): HeresphereRequestBody {
  const present = Object.fromEntries(Object.entries(raw).filter(([, value]) => value !== null));
  const parsed = HeresphereRequestBody.safeParse(present);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`);
  throw new BadRequestError(`Invalid HereSphere request: ${issues.join('; ')}`);
}

export function heresphereRoutes(deps: {
  auth: PlayerAuth;
  options: OptionsService;
  heresphere: HeresphereService;
  events: HeresphereEventsService;
}): FastifyPluginAsyncZod {
  return async (app) => {
    registerPlayerBodyParsers(app);
    app.addHook('onSend', async (_request, reply, payload) => {
      reply.header('HereSphere-JSON-Version', '1');
      return payload;
    });

    /**
     * Enabled switch, HEAD and login, from the one parsed body (also the update's: xbvr PR#1003). Answers the
     * validated body when the call may go on, or null once the reply is sent.
     */
    const admit = async (
      request: FastifyRequest,
      reply: FastifyReply,
    ): Promise<HeresphereRequestBody | null> => {
      if (!deps.options.get().interfaces.deovr.enabled || request.method === 'HEAD') {
        await reply.status(200).send();
        return null;
      }
      const raw = playerBody(request.body);
      const access = await deps.auth.check({ username: raw.username, password: raw.password });
      if (access !== 1) {
        await reply.status(200).send(denied(access));
        return null;
      }
      return readBody(raw);
    };

    /** Aborted when the player hangs up before the answer is sent (trailer lookups stop). */
    const hangUp = (reply: FastifyReply): AbortSignal => {
      const controller = new AbortController();
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) controller.abort();
      });
      return controller.signal;
    };

    app.route({
      method: METHODS,
      url: '/heresphere',
      exposeHeadRoute: false,
      schema: {
        tags: ['players'],
        summary: 'HereSphere library',
        description: `One list of video URLs per deo-enabled saved search, then "Unmatched" files, then "Trailers" (web.sceneTrailerlist). ${COMMON}`,
        response: ok(HeresphereLibrary),
      },
      handler: async (request, reply) => {
        if (!(await admit(request, reply))) return reply;
        return reply.serializer(JSON.stringify).send(await deps.heresphere.library(playerOrigin(request)));
      },
    });

    app.route({
      method: ['POST', 'GET', 'HEAD'],
      url: '/heresphere/scan',
      exposeHeadRoute: false,
      schema: {
        tags: ['players'],
        summary: 'HereSphere scan index',
        description: `Every scene of the library sections at once (duration in milliseconds, like the video data). ${COMMON}`,
        response: ok(HeresphereScan),
      },
      handler: async (request, reply) => {
        if (!(await admit(request, reply))) return reply;
        // Thousands of entries: streamed in batches (the tests check the shape), not re-validated per answer.
        return reply
          .type('application/json; charset=utf-8')
          .send(Readable.from(deps.heresphere.scanJson(playerOrigin(request))));
      },
    });

    app.route({
      method: METHODS,
      url: '/heresphere/:id',
      exposeHeadRoute: false,
      schema: {
        tags: ['players'],
        summary: 'HereSphere video data (and write-back)',
        description: `A scene as HereSphere video data; 404 for an unknown scene. ${WRITE} ${COMMON}`,
        params: IdParam,
        response: ok(HeresphereVideo),
      },
      handler: async (request, reply) => {
        const body = await admit(request, reply);
        if (!body) return reply;
        const signal = hangUp(reply);
        return reply.send(
          await deps.heresphere.video(request.params.id, body, playerOrigin(request), signal),
        );
      },
    });

    app.route({
      method: METHODS,
      url: '/heresphere/file/:id',
      exposeHeadRoute: false,
      schema: {
        tags: ['players'],
        summary: 'HereSphere unmatched file',
        description: `A video file as HereSphere video data; 404 when unknown. deleteFile deletes it when allow_file_deletes is on. ${COMMON}`,
        params: IdParam,
        response: ok(HeresphereVideo),
      },
      handler: async (request, reply) => {
        const body = await admit(request, reply);
        if (!body) return reply;
        return reply.send(await deps.heresphere.fileVideo(request.params.id, body, playerOrigin(request)));
      },
    });

    app.route({
      method: 'POST',
      url: '/heresphere/events/:id',
      schema: {
        tags: ['players'],
        summary: 'HereSphere playback event',
        description:
          'The eventServer of a video: {event: 0 open, 1 play, 2 pause, 3 close, time, ...}. A play holds the ' +
          "scene's watch session open, a pause or close lets it end (watch history), while interfaces.deovr " +
          'enabled and track_watch_time are on. Anything unreadable is ignored. Answers {recorded}. HereSphere ' +
          'sends no password with events, so they are not checked against the login.',
        params: IdParam,
        response: { 200: z.object({ recorded: z.boolean() }), ...errors },
      },
      handler: async (request) => {
        const parsed = HeresphereEvent.safeParse(playerBody(request.body));
        if (!parsed.success) return { recorded: false };
        return { recorded: await deps.events.record(request.params.id, parsed.data) };
      },
    });
  };
}
