import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { WS_PATH } from '@fovea/contract';
import type { WampBroker } from './wamp-broker';
import { selectSubprotocol } from './wamp-protocol';

/**
 * Serve the WAMP broker at /ws/ (and /ws). Registers @fastify/websocket itself, so call this before the other
 * routes and do not register @fastify/websocket elsewhere. On app.close() the broker says GOODBYE to every
 * session and closes its socket before the HTTP server stops.
 */
export async function registerRealtimeRoutes(app: FastifyInstance, broker: WampBroker): Promise<void> {
  await app.register(websocket, {
    options: {
      handleProtocols: selectSubprotocol,
      maxPayload: broker.maxPayload,
      perMessageDeflate: false,
    },
    // Socket errors (client vanished, oversize frame, bad UTF-8) are the client's problem, not an app error.
    errorHandler: (error, socket, request) => {
      request.log.debug({ err: error }, 'realtime socket error');
      socket.terminate();
    },
    preClose: async () => {
      await broker.close();
      for (const client of app.websocketServer.clients) client.terminate();
      await new Promise<void>((resolve) => app.websocketServer.close(() => resolve()));
    },
  });

  const handler = (socket: WebSocket): void => broker.attach(socket);
  app.get(WS_PATH, { websocket: true }, handler);
  const bare = WS_PATH.replace(/\/+$/, '');
  if (bare && !app.hasRoute({ method: 'GET', url: bare })) {
    app.get(bare, { websocket: true }, handler);
  }
}
