import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { accessDecision } from './access-decision';
import { authRequest } from './auth-request';
import type { AuthService } from './auth.service';
import { takeMediaToken } from './media-token';

/**
 * The media tokens of requests, taken off their URLs before routing (Fastify's rewriteUrl), so that no route
 * (the image proxy reads the raw URL) ever sees them.
 */
export class MediaTokenJar {
  private readonly tokens = new WeakMap<IncomingMessage, string>();

  readonly rewriteUrl = (request: IncomingMessage): string => {
    const { url, token } = takeMediaToken(request.url ?? '/');
    if (token !== undefined) this.tokens.set(request, token);
    return url;
  };

  tokenOf(request: IncomingMessage): string | undefined {
    return this.tokens.get(request);
  }
}

/**
 * The login gate, right after the Host and cross-site guard: refuses a request that accessDecision refuses,
 * 401 or 403 with `{error, message}` (a refused websocket upgrade has its socket ended after the answer).
 */
export function registerAuthGate(http: FastifyInstance, auth: AuthService, jar: MediaTokenJar): void {
  http.addHook('onRequest', async (request, reply) => {
    const loginSet = auth.loginSet();
    const path = request.url.split('?')[0] ?? request.url;
    const decision = accessDecision(
      {
        method: request.method,
        path,
        address: request.ip,
        authenticated: loginSet && auth.identify(authRequest(request)) !== null,
        mediaToken: loginSet && auth.mediaTokenValid(path, jar.tokenOf(request.raw)),
      },
      { loginSet },
    );
    if (decision.allow) return;
    const error = decision.status === 401 ? 'Unauthorized' : 'Forbidden';
    await reply
      .code(decision.status)
      .type('application/json')
      .send(JSON.stringify({ error, message: decision.message }));
    if (request.headers.upgrade !== undefined) request.raw.socket.end();
  });
}
