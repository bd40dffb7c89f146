import { WebSocket } from 'ws';
import type { RawData } from 'ws';
import { WAMP_REALM, WAMP_SUBPROTOCOL } from '@fovea/contract';
import {
  WampCode,
  WampUri,
  dealerReply,
  isValidUri,
  parseWampMessage,
  randomWampId,
  wampFrame,
} from './wamp-protocol';
import type { WampClientMessage, WampDict, WampList } from './wamp-protocol';
import { DEFAULT_MAX_PAYLOAD } from './wamp-broker-options';
import type { WampBrokerCloseOptions, WampBrokerLogger, WampBrokerOptions } from './wamp-broker-options';
import { WampSubscriptionRegistry } from './wamp-subscription-registry';

export type { WampBrokerCloseOptions, WampBrokerLogger, WampBrokerOptions } from './wamp-broker-options';
export { DEFAULT_MAX_PAYLOAD } from './wamp-broker-options';

const WELCOME_DETAILS = { roles: { broker: { features: { publisher_exclusion: true } } } };

/** WebSocket close codes. */
const CLOSE_NORMAL = 1000;
const CLOSE_GOING_AWAY = 1001;
const CLOSE_PROTOCOL_ERROR = 1002;
const CLOSE_UNSUPPORTED_DATA = 1003;

interface Session {
  readonly socket: WebSocket;
  /** WAMP session id, set on WELCOME. */
  id: number | null;
  state: 'opening' | 'established' | 'closing';
  alive: boolean;
  helloTimer: NodeJS.Timeout | null;
}

function rawDataToString(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}

function whenClosed(socket: WebSocket): Promise<void> {
  if (socket.readyState === WebSocket.CLOSED) return Promise.resolve();
  return new Promise((resolve) => socket.once('close', () => resolve()));
}

/** Resolves after `ms`, or at once when `signal` settles first (the timer is then cleared). */
async function raceTimeout(signal: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  await Promise.race([signal, timeout]);
  clearTimeout(timer);
}

/**
 * WAMP v2 broker (basic profile, JSON only) over `ws` sockets. One realm, anonymous, exact-match
 * subscriptions with one subscription id per topic shared by all sessions. Nothing a client sends can throw
 * out of it: a malformed frame aborts that client's session only.
 */
export class WampBroker {
  readonly maxPayload: number;
  private readonly logger: WampBrokerLogger | undefined;
  private readonly config: Required<Omit<WampBrokerOptions, 'logger' | 'maxPayload'>>;

  private readonly sockets = new Map<WebSocket, Session>();
  private readonly sessionsById = new Map<number, Session>();
  private readonly subscriptions = new WampSubscriptionRegistry<Session>();
  private heartbeat: NodeJS.Timeout | null = null;
  private closing: Promise<void> | null = null;
  /** Nesting of deliver() (a logger relaying to service.log re-enters it); bounded against loops. */
  private delivering = 0;

  constructor(options: WampBrokerOptions = {}) {
    this.logger = options.logger;
    this.maxPayload = options.maxPayload ?? DEFAULT_MAX_PAYLOAD;
    this.config = {
      realm: options.realm ?? WAMP_REALM,
      heartbeatIntervalMs: options.heartbeatIntervalMs ?? 30_000,
      helloTimeoutMs: options.helloTimeoutMs ?? 10_000,
      maxBufferedAmount: options.maxBufferedAmount ?? 4 * 1024 * 1024,
      closeTimeoutMs: options.closeTimeoutMs ?? 2_000,
    };
  }

  /** Established WAMP sessions. */
  get sessionCount(): number {
    return this.sessionsById.size;
  }

  /** Sessions currently subscribed to `topic`. */
  subscriberCount(topic: string): number {
    return this.subscriptions.count(topic);
  }

  /** Take over an open server-side socket (e.g. from @fastify/websocket). */
  attach(socket: WebSocket): void {
    socket.on('error', (err) => this.logger?.debug?.({ err }, 'realtime socket error'));
    if (this.closing) {
      socket.close(CLOSE_GOING_AWAY, 'server shutting down');
      return;
    }
    if (socket.protocol !== WAMP_SUBPROTOCOL) {
      this.logger?.debug?.({ protocol: socket.protocol }, 'realtime connection without wamp.2.json refused');
      socket.close(CLOSE_PROTOCOL_ERROR, `subprotocol ${WAMP_SUBPROTOCOL} required`);
      return;
    }
    const session: Session = { socket, id: null, state: 'opening', alive: true, helloTimer: null };
    this.sockets.set(socket, session);
    const { helloTimeoutMs } = this.config;
    if (helloTimeoutMs > 0) {
      session.helloTimer = setTimeout(() => this.abort(session, 'no HELLO received in time'), helloTimeoutMs);
      session.helloTimer.unref();
    }
    socket.on('pong', () => {
      session.alive = true;
    });
    socket.on('message', (data, isBinary) => this.onFrame(session, data, isBinary));
    socket.on('close', () => this.drop(session));
    this.startHeartbeat();
  }

  /**
   * Send EVENT [36, subId, pubId, {}, [], kwargs] (or [36, subId, pubId, {}] without kwargs) to every
   * session subscribed to `topic`. Returns how many sessions it was sent to.
   */
  publish(topic: string, kwargs?: Record<string, unknown>): number {
    if (!isValidUri(topic)) {
      this.logger?.warn({ topic }, 'realtime publish to an invalid topic URI dropped');
      return 0;
    }
    return this.deliver(topic, undefined, kwargs, null);
  }

  /** Say GOODBYE (system_shutdown) to every session and close every socket. Idempotent. */
  close(options: WampBrokerCloseOptions = {}): Promise<void> {
    this.closing ??= this.shutdown(options.goodbye ?? true);
    return this.closing;
  }

  private async shutdown(goodbye: boolean): Promise<void> {
    this.stopHeartbeat();
    const sessions = [...this.sockets.values()];
    const closed = Promise.all(sessions.map((session) => whenClosed(session.socket)));
    for (const session of sessions) {
      if (goodbye && session.state === 'established') {
        this.send(session, wampFrame.goodbye(WampUri.systemShutdown));
      }
      this.closeSession(session, CLOSE_GOING_AWAY, 'server shutting down');
    }
    await raceTimeout(closed, this.config.closeTimeoutMs);
    for (const session of sessions) {
      if (session.socket.readyState !== WebSocket.CLOSED) session.socket.terminate();
      this.drop(session);
    }
  }

  private onFrame(session: Session, data: RawData, isBinary: boolean): void {
    try {
      if (session.state === 'closing') return;
      if (isBinary) {
        this.abort(session, 'binary frames are not supported (wamp.2.json)', CLOSE_UNSUPPORTED_DATA);
        return;
      }
      const parsed = parseWampMessage(rawDataToString(data));
      if (!parsed.ok) {
        this.abort(session, parsed.reason);
        return;
      }
      if (session.state === 'opening') this.onHandshake(session, parsed.message);
      else this.onSessionMessage(session, parsed.message);
    } catch (err) {
      this.abort(session, 'internal error while handling the message');
      this.logger?.warn({ err }, 'realtime message handling failed');
    }
  }

  private onHandshake(session: Session, message: WampClientMessage): void {
    if (message.type === 'abort') {
      this.closeSession(session, CLOSE_NORMAL, 'aborted');
      return;
    }
    if (message.type !== 'hello') {
      this.abort(session, `${message.type.toUpperCase()} received before HELLO`);
      return;
    }
    if (message.realm !== this.config.realm) {
      this.abort(session, `no realm ${message.realm}`, CLOSE_NORMAL, WampUri.noSuchRealm);
      return;
    }
    if (session.helloTimer) clearTimeout(session.helloTimer);
    session.helloTimer = null;
    let id = randomWampId();
    while (this.sessionsById.has(id)) id = randomWampId();
    session.id = id;
    session.state = 'established';
    this.sessionsById.set(id, session);
    this.send(session, wampFrame.welcome(id, WELCOME_DETAILS));
  }

  private onSessionMessage(session: Session, message: WampClientMessage): void {
    switch (message.type) {
      case 'hello':
      case 'authenticate':
        this.abort(session, `${message.type.toUpperCase()} received in an established session`);
        return;
      case 'abort':
        this.closeSession(session, CLOSE_NORMAL, 'aborted');
        return;
      case 'goodbye':
        this.send(session, wampFrame.goodbye(WampUri.goodbyeAndOut));
        this.closeSession(session, CLOSE_NORMAL, 'goodbye');
        return;
      case 'subscribe':
        this.subscribe(session, message.requestId, message.options, message.topic);
        return;
      case 'unsubscribe':
        this.unsubscribe(session, message.requestId, message.subscriptionId);
        return;
      case 'publish':
        this.onPublish(session, message);
        return;
      default: {
        // Dealer role messages: this router offers no dealer.
        const reply = dealerReply(message);
        if (reply) this.send(session, reply);
        else this.logger?.debug?.({ session: session.id, type: message.type }, 'realtime message ignored');
      }
    }
  }

  private subscribe(session: Session, requestId: number, options: WampDict, topic: string): void {
    if (options.match !== undefined && options.match !== 'exact') {
      this.send(session, wampFrame.error(WampCode.SUBSCRIBE, requestId, WampUri.invalidArgument));
      return;
    }
    if (!isValidUri(topic)) {
      this.send(session, wampFrame.error(WampCode.SUBSCRIBE, requestId, WampUri.invalidUri));
      return;
    }
    const subscriptionId = this.subscriptions.subscribe(session, topic);
    this.send(session, wampFrame.subscribed(requestId, subscriptionId));
  }

  private unsubscribe(session: Session, requestId: number, subscriptionId: number): void {
    const frame = this.subscriptions.unsubscribe(session, subscriptionId)
      ? wampFrame.unsubscribed(requestId)
      : wampFrame.error(WampCode.UNSUBSCRIBE, requestId, WampUri.noSuchSubscription);
    this.send(session, frame);
  }

  private onPublish(session: Session, message: Extract<WampClientMessage, { type: 'publish' }>): void {
    const acknowledge = message.options.acknowledge === true;
    let refusal: string | null = null;
    if (!isValidUri(message.topic)) refusal = WampUri.invalidUri;
    else if (message.topic.startsWith('wamp.')) refusal = WampUri.notAuthorized;
    if (refusal) {
      if (acknowledge) this.send(session, wampFrame.error(WampCode.PUBLISH, message.requestId, refusal));
      return;
    }
    const excluded = message.options.exclude_me === false ? null : session;
    const publicationId = randomWampId();
    this.deliver(message.topic, message.args, message.kwargs, excluded, publicationId);
    if (acknowledge) this.send(session, wampFrame.published(message.requestId, publicationId));
  }

  private deliver(
    topic: string,
    args: WampList | undefined,
    kwargs: WampDict | undefined,
    excluded: Session | null,
    publicationId = randomWampId(),
  ): number {
    const subscription = this.subscriptions.get(topic);
    if (!subscription || this.closing || this.delivering > 4) return 0;
    let text: string;
    try {
      text = JSON.stringify(wampFrame.event(subscription.id, publicationId, args, kwargs));
    } catch (err) {
      this.logger?.warn({ err, topic }, 'realtime event could not be serialised');
      return 0;
    }
    let sent = 0;
    this.delivering += 1;
    try {
      for (const receiver of [...subscription.sessions]) {
        if (receiver !== excluded && this.sendText(receiver, text)) sent += 1;
      }
    } finally {
      this.delivering -= 1;
    }
    return sent;
  }

  private send(session: Session, frame: unknown[]): boolean {
    return this.sendText(session, JSON.stringify(frame));
  }

  private sendText(session: Session, text: string): boolean {
    const { socket } = session;
    if (socket.readyState !== WebSocket.OPEN) return false;
    const { bufferedAmount } = socket;
    if (bufferedAmount > this.config.maxBufferedAmount) {
      // Drop first, log after: the log line itself may be published (service.log) to this very session.
      socket.terminate();
      this.drop(session);
      this.logger?.warn(
        { session: session.id, bufferedAmount },
        'realtime client is not reading; connection terminated',
      );
      return false;
    }
    try {
      socket.send(text);
      return true;
    } catch (err) {
      this.logger?.debug?.({ err, session: session.id }, 'realtime send failed');
      return false;
    }
  }

  /** ABORT the session with `reason` (protocol_violation unless given) and close the socket. */
  private abort(
    session: Session,
    message: string,
    closeCode = CLOSE_PROTOCOL_ERROR,
    reason: string = WampUri.protocolViolation,
  ): void {
    if (session.state === 'closing') return;
    this.send(session, wampFrame.abort(reason, message));
    this.closeSession(session, closeCode, reason);
    // Logged after closing, so the service.log line of this warning is not sent to the aborted session.
    if (reason === WampUri.protocolViolation) {
      this.logger?.warn({ session: session.id, message }, 'realtime protocol violation; session aborted');
    }
  }

  private closeSession(session: Session, code: number, reason: string): void {
    session.state = 'closing';
    this.leaveAll(session);
    const { socket } = session;
    if (socket.readyState === WebSocket.OPEN || socket.readyState === WebSocket.CONNECTING) {
      try {
        socket.close(code, reason.slice(0, 123));
      } catch {
        socket.terminate();
      }
    }
  }

  /** Forget a socket entirely (on close). */
  private drop(session: Session): void {
    session.state = 'closing';
    if (session.helloTimer) clearTimeout(session.helloTimer);
    session.helloTimer = null;
    this.leaveAll(session);
    this.sockets.delete(session.socket);
    if (this.sockets.size === 0) this.stopHeartbeat();
  }

  /** End the WAMP session: no more events, not counted, subscriptions dropped. */
  private leaveAll(session: Session): void {
    this.subscriptions.removeSession(session);
    if (session.id !== null) this.sessionsById.delete(session.id);
  }

  private startHeartbeat(): void {
    const { heartbeatIntervalMs } = this.config;
    if (this.heartbeat || heartbeatIntervalMs <= 0) return;
    this.heartbeat = setInterval(() => this.beat(), heartbeatIntervalMs);
    this.heartbeat.unref();
  }

  private stopHeartbeat(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }

  private beat(): void {
    for (const session of [...this.sockets.values()]) {
      if (!session.alive) {
        this.logger?.debug?.({ session: session.id }, 'realtime client missed a pong; connection terminated');
        session.socket.terminate();
        this.drop(session);
        continue;
      }
      session.alive = false;
      try {
        session.socket.ping();
      } catch {
        // The socket is closing; its close event drops it.
      }
    }
  }
}
