import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { apiRoutes } from '@fovea/contract';
import type { FastifyReply } from 'fastify';
import { fastifyPath, routeSchema } from '../http/route-schema';
import type { ApiKeyService } from './api-keys.service';
import { authRequest } from './auth-request';
import { TooManyAttemptsError, type AuthAnswer, type AuthService } from './auth.service';

/** Sets the answer's cookie and sends its status. */
function answer(reply: FastifyReply, outcome: AuthAnswer) {
  if (outcome.setCookie !== undefined) void reply.header('set-cookie', outcome.setCookie);
  return outcome.status;
}

/** Runs a password check; a 429 carries Retry-After. */
async function limited<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof TooManyAttemptsError)
      void reply.header('retry-after', String(error.retryAfterSeconds));
    throw error;
  }
}

/**
 * /api/auth: the status (open to everyone), logging in and out, the login itself and the API keys. The gate
 * (auth-gate.ts) lets only the status and the login through without a session while a login is set.
 */
export function authRoutes(deps: { auth: AuthService; apiKeys: ApiKeyService }): FastifyPluginAsyncZod {
  return async (app) => {
    const {
      authStatus,
      authLogin,
      authLogout,
      authSetCredentials,
      authDeleteCredentials,
      apiKeyList,
      apiKeyCreate,
      apiKeyDelete,
    } = apiRoutes;
    const tags = ['auth'];
    app.get(
      authStatus.path,
      {
        schema: routeSchema(authStatus, {
          tags,
          summary: 'Whether a login is set and this request is logged in',
        }),
      },
      async (request) => deps.auth.status(authRequest(request)),
    );
    app.post(
      authLogin.path,
      {
        schema: routeSchema(authLogin, {
          tags,
          summary: 'Log in: sets the session cookie (401 wrong credentials, 429 too many attempts)',
        }),
      },
      async (request, reply) =>
        answer(reply, await limited(reply, () => deps.auth.login(request.body, authRequest(request)))),
    );
    app.post(
      authLogout.path,
      { schema: routeSchema(authLogout, { tags, summary: 'Log out: clears the session cookie' }) },
      async (request, reply) => {
        void reply.header('set-cookie', deps.auth.logout(authRequest(request)));
        return null;
      },
    );
    app.put(
      authSetCredentials.path,
      {
        schema: routeSchema(authSetCredentials, {
          tags,
          summary: 'Set or change the login (every other session ends); 409 when set by the environment',
        }),
      },
      async (request, reply) =>
        answer(
          reply,
          await limited(reply, () => deps.auth.setCredentials(request.body, authRequest(request))),
        ),
    );
    app.delete(
      authDeleteCredentials.path,
      {
        schema: routeSchema(authDeleteCredentials, {
          tags,
          summary: 'Turn the login off (needs the current password)',
        }),
      },
      async (request, reply) =>
        answer(
          reply,
          await limited(reply, () => deps.auth.deleteCredentials(request.body, authRequest(request))),
        ),
    );
    app.get(
      apiKeyList.path,
      { schema: routeSchema(apiKeyList, { tags, summary: 'The API keys (never the keys themselves)' }) },
      async () => deps.apiKeys.list(),
    );
    app.post(
      apiKeyCreate.path,
      {
        schema: routeSchema(apiKeyCreate, { tags, summary: 'Create an API key; the key is shown this once' }),
      },
      async (request) => deps.apiKeys.create(request.body.name),
    );
    app.delete(
      fastifyPath(apiKeyDelete.path),
      { schema: routeSchema(apiKeyDelete, { tags, summary: 'Delete an API key' }) },
      async (request) => {
        await deps.apiKeys.delete(request.params.id);
        return null;
      },
    );
  };
}
