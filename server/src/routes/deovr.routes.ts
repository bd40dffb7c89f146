import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { ApiError } from '@fovea/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { deoDenied } from '../players/deovr/deovr-library';
import type { DeovrService } from '../players/deovr/deovr.service';
import { playerBody, registerPlayerBodyParsers } from '../players/player-body';
import { playerOrigin } from '../players/player-origin';
import type { PlayersCore } from '../players/players-core';
import type { OptionsService } from '../services/options.service';

/**
 * DeoVR's JSON interface (not in the contract's route table: its answers are DeoVR's format, xbvr-facts
 * §3.10). HEAD, GET and POST on each path; the body (form or JSON) may carry `login` and `password`.
 */
const IdParam = z.object({ id: z.coerce.number().int().nonnegative() });
const DeoAnswer = z
  .unknown()
  .describe('DeoVR JSON (see the description); empty when DeoVR is off or for HEAD');
const responses = { 200: DeoAnswer, '4xx': ApiError, '5xx': ApiError };
const METHODS = ['GET', 'POST', 'HEAD'];

const COMMON =
  'Empty 200 answer when interfaces.deovr.enabled is off; HEAD answers an empty 200. With authentication on ' +
  '(and a username and password set) the form or JSON body must carry login and password, else the answer is ' +
  '{authorized:"0", scenes:[{name:"Login Required", list:null}]} (nothing sent) or authorized "-1" with ' +
  '"Login Failed". A granted call records the caller as the DeoVR host of the remote client. URLs in answers ' +
  'use X-Forwarded-Proto and Host.';

export function deovrRoutes(deps: {
  core: PlayersCore;
  options: OptionsService;
  deovr: DeovrService;
}): FastifyPluginAsyncZod {
  return async (app) => {
    registerPlayerBodyParsers(app);

    /** Enabled switch, HEAD and login; answers true when the call may go on. */
    const admit = async (request: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
      if (!deps.options.get().interfaces.deovr.enabled || request.method === 'HEAD') {
        await reply.status(200).send();
        return false;
      }
      const body = playerBody(request.body);
      const access = await deps.core.auth.check({ username: body.login, password: body.password });
      if (access !== 1) {
        await reply.status(200).send(deoDenied(access));
        return false;
      }
      deps.core.hosts.record(request.ip);
      return true;
    };

    app.route({
      method: METHODS,
      url: '/deovr',
      exposeHeadRoute: false,
      schema: {
        tags: ['players'],
        summary: 'DeoVR library',
        description: `One list per deo-enabled saved search (all its available scenes), then "Unmatched" files. ${COMMON}`,
        response: responses,
      },
      handler: async (request, reply) => {
        if (!(await admit(request, reply))) return reply;
        return reply.send(await deps.deovr.libraryAnswer(playerOrigin(request)));
      },
    });

    app.route({
      method: METHODS,
      url: '/deovr/:id',
      exposeHeadRoute: false,
      schema: {
        tags: ['players'],
        summary: 'DeoVR scene',
        description: `One scene in DeoVR's video format; 404 for an unknown scene. ${COMMON}`,
        params: IdParam,
        response: responses,
      },
      handler: async (request, reply) => {
        if (!(await admit(request, reply))) return reply;
        return reply.send(await deps.deovr.sceneAnswer(request.params.id, playerOrigin(request)));
      },
    });

    app.route({
      method: METHODS,
      url: '/deovr/file/:id',
      exposeHeadRoute: false,
      schema: {
        tags: ['players'],
        summary: 'DeoVR unmatched file',
        description: `A video file as a DeoVR video (id 999900000 + file id); 404 when unknown. ${COMMON}`,
        params: IdParam,
        response: responses,
      },
      handler: async (request, reply) => {
        if (!(await admit(request, reply))) return reply;
        return reply.send(await deps.deovr.fileAnswer(request.params.id, playerOrigin(request)));
      },
    });
  };
}
