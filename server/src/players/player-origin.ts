import type { FastifyRequest } from 'fastify';

function firstValue(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  const first = value?.split(',')[0]?.trim();
  return first === undefined || first === '' ? undefined : first;
}

/**
 * `<proto>://<host>` as the player reached us (xbvr-facts §3.10): the protocol is the first value of
 * X-Forwarded-Proto when a proxy sent one, else the connection's; the host is the Host header (with its port).
 * Player answers build every absolute URL from it, so a headset behind a TLS proxy gets https links.
 */
export function playerOrigin(request: FastifyRequest): string {
  const forwarded = firstValue(request.headers['x-forwarded-proto'])?.toLowerCase();
  const proto = forwarded === 'http' || forwarded === 'https' ? forwarded : request.protocol;
  const host = firstValue(request.headers.host) ?? request.host;
  return `${proto}://${host}`;
}
