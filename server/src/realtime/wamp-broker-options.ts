/** Structural logger (pino-compatible). */
export interface WampBrokerLogger {
  warn(obj: object, msg: string): void;
  debug?(obj: object, msg: string): void;
}

export interface WampBrokerOptions {
  logger?: WampBrokerLogger;
  /** Realm clients must join; default "default". */
  realm?: string;
  /** Largest accepted frame in bytes (ws maxPayload); default 64 KiB. */
  maxPayload?: number;
  /** Ping every socket this often, terminate one that missed the previous pong; default 30 s, 0 disables. */
  heartbeatIntervalMs?: number;
  /** Abort a connection that sends no HELLO within this time; default 10 s, 0 disables. */
  helloTimeoutMs?: number;
  /** Terminate a session whose unsent output exceeds this many bytes (a stalled client); default 4 MiB. */
  maxBufferedAmount?: number;
  /** How long close() waits for clients to finish the close handshake before terminating; default 2 s. */
  closeTimeoutMs?: number;
}

export interface WampBrokerCloseOptions {
  /**
   * Send GOODBYE wamp.close.system_shutdown first (default true). Note: wampy treats a router GOODBYE as the
   * end of the session and does NOT auto-reconnect; pass false to close with 1001 only, so clients reconnect.
   */
  goodbye?: boolean;
}

export const DEFAULT_MAX_PAYLOAD = 64 * 1024;
