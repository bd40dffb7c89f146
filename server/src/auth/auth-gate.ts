import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { accessDecision } from './access-decision';
import { authRequest } from './auth-request';
import type { AuthService } from './auth.service';
import { takeMediaToken } from './media-token';
import { sendRefusal } from './request-guard';

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
    const authenticated = loginSet && auth.identify(authRequest(request)) !== null;
    const decision = accessDecision(
      {
        method: request.method,
        path,
        address: request.ip,
        authenticated,
        // Only a request without a session or key can need its media token.
        mediaToken: loginSet && !authenticated && auth.mediaTokenValid(path, jar.tokenOf(request.raw)),
      },
      { loginSet },
    );
    if (!decision.allow) await sendRefusal(request, reply, decision.status, decision.message);
  });
}
