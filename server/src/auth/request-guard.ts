import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AllowedHosts } from './allowed-hosts';
import { crossSiteRefusal } from './cross-site';
import { contentTypeRefusal } from './json-content-type';

/** Headers on every answer: no framing by other sites, no type sniffing, no full URLs leaked to other sites. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "frame-ancestors 'self'",
  'x-frame-options': 'SAMEORIGIN',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
};

const REASONS: Readonly<Record<number, string>> = {
  401: 'Unauthorized',
  403: 'Forbidden',
  415: 'Unsupported Media Type',
};

/**
 * Answers a request refused before routing with `{error, message}`, as text (a route's response schema knows
 * nothing of this answer). A refused websocket upgrade has no HTTP exchange to end the connection: its socket is
 * ended after the answer.
 */
export async function sendRefusal(
  request: FastifyRequest,
  reply: FastifyReply,
  status: 401 | 403 | 415,
  message: string,
): Promise<void> {
  await reply
    .code(status)
    .type('application/json')
    .send(JSON.stringify({ error: REASONS[status], message }));
  if (request.headers.upgrade !== undefined) request.raw.socket.end();
}

/**
 * Before any route (the websocket's upgrade included): refuses an unknown Host (DNS rebinding) and requests a
 * browser makes for another site (403 with the reason), and /api bodies that are not JSON (415); adds
 * SECURITY_HEADERS to every answer.
 */
export function registerRequestGuard(http: FastifyInstance, hosts: AllowedHosts): void {
  http.addHook('onRequest', async (request, reply) => {
    const forbidden = hosts.refusal(request.headers.host) ?? crossSiteRefusal(request);
    const refusal =
      forbidden !== null
        ? { status: 403, message: forbidden }
        : { status: 415, message: contentTypeRefusal(request) };
    if (refusal.message === null) return;
    request.log.warn(
      { url: request.url, host: request.headers.host, reason: refusal.message },
      'request refused',
    );
    // As text: a route's response schema knows nothing of this answer.
    await reply
      .code(refusal.status)
      .type('application/json')
      .send(JSON.stringify({ error: REASONS[refusal.status], message: refusal.message }));
    // A refused websocket upgrade has no HTTP exchange to end the connection: end it after the answer.
    if (request.headers.upgrade !== undefined) request.raw.socket.end();
  });
  http.addHook('onSend', async (_request, reply, payload) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
      if (!reply.hasHeader(name)) reply.header(name, value);
    }
    return payload;
  });
}
