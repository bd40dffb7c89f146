import { createConnection, type Socket } from 'node:net';
import { FrameReader, parseStatus, PING_FRAME, type DeovrStatus } from './deovr-frames';

/** DeoVR listens for remote control on this port of the headset. */
export const DEOVR_REMOTE_PORT = 23554;

export interface DeovrRemoteClientOptions {
  port?: number;
  /** Pause between connection attempts (1 s, as the reference). */
  retryMs?: number;
  /** Keep-alive ping interval (1 s). */
  pingMs?: number;
  connectTimeoutMs?: number;
  /** A connection that has sent nothing for this long is dropped and tried again (10 s). */
  silenceTimeoutMs?: number;
}

/** What the client reports; the callbacks never see a socket. */
export interface DeovrRemoteHandlers {
  /** The host to connect to (the last DeoVR caller), or null while none is known. */
  host(): string | null;
  connected(host: string): void;
  status(status: DeovrStatus, host: string): void;
  /** A frame that is not a status packet (ignored), or a stream out of step (the connection is dropped). */
  junk(reason: string, host: string): void;
  /** Not connected: after a failed attempt, a closed connection, or while no host is known. */
  disconnected(): void;
}

/**
 * The TCP side of DeoVR remote control: connects to `<host>:23554`, pings every second, cuts the answers into
 * status packets, and tries again one second after any failure, for as long as it runs. Junk never throws out
 * of it: a bad packet is skipped, a frame too long to be real drops the connection.
 */
export class DeovrRemoteClient {
  private running = false;
  private loopDone: Promise<void> = Promise.resolve();
  private socket: Socket | null = null;
  private socketHost: string | null = null;
  private wake: (() => void) | null = null;
  private readonly port: number;
  private readonly retryMs: number;
  private readonly pingMs: number;
  private readonly connectTimeoutMs: number;
  private readonly silenceTimeoutMs: number;

  constructor(
    private readonly handlers: DeovrRemoteHandlers,
    options: DeovrRemoteClientOptions = {},
  ) {
    this.port = options.port ?? DEOVR_REMOTE_PORT;
    this.retryMs = options.retryMs ?? 1000;
    this.pingMs = options.pingMs ?? 1000;
    this.connectTimeoutMs = options.connectTimeoutMs ?? 3000;
    this.silenceTimeoutMs = options.silenceTimeoutMs ?? 10_000;
  }

  get isRunning(): boolean {
    return this.running;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loopDone = this.loop();
  }

  /** Ends the loop and the connection; resolves once both are over. */
  async stop(): Promise<void> {
    this.running = false;
    this.socket?.destroy();
    this.wake?.();
    await this.loopDone;
  }

  /** The player host changed: drop a connection to another host (the loop connects to the new one). */
  hostChanged(host: string): void {
    if (this.socket && this.socketHost !== host) this.socket.destroy();
    this.wake?.();
  }

  private async loop(): Promise<void> {
    while (this.running) {
      const host = this.safeCall(() => this.handlers.host()) ?? null;
      if (host) await this.connection(host);
      if (!this.running) break;
      this.safeCall(() => this.handlers.disconnected());
      await this.pause(this.retryMs);
    }
  }

  /** One connection, from the attempt to its close; never rejects. */
  private connection(host: string): Promise<void> {
    return new Promise<void>((resolve) => {
      const socket = createConnection({ host, port: this.port });
      this.socket = socket;
      this.socketHost = host;
      const reader = new FrameReader();
      let lastReceived = Date.now();
      let ping: NodeJS.Timeout | undefined;
      const connectTimer = setTimeout(() => socket.destroy(), this.connectTimeoutMs);
      socket.setNoDelay(true);
      socket.once('connect', () => {
        clearTimeout(connectTimer);
        lastReceived = Date.now();
        this.safeCall(() => this.handlers.connected(host));
        socket.write(PING_FRAME);
        ping = setInterval(() => {
          if (Date.now() - lastReceived >= this.silenceTimeoutMs) socket.destroy();
          else socket.write(PING_FRAME);
        }, this.pingMs);
      });
      socket.on('data', (chunk: Buffer) => {
        lastReceived = Date.now();
        let frames: Buffer[];
        try {
          frames = reader.push(chunk);
        } catch (error) {
          this.safeCall(() => this.handlers.junk(String(error), host));
          socket.destroy();
          return;
        }
        for (const body of frames) {
          if (body.length === 0) continue;
          const status = parseStatus(body);
          if (status) this.safeCall(() => this.handlers.status(status, host));
          else this.safeCall(() => this.handlers.junk('a frame that is not a DeoVR status packet', host));
        }
      });
      // The close that follows every error ends the connection.
      socket.on('error', () => undefined);
      socket.once('close', () => {
        clearTimeout(connectTimer);
        clearInterval(ping);
        if (this.socket === socket) {
          this.socket = null;
          this.socketHost = null;
        }
        resolve();
      });
      if (!this.running) socket.destroy();
    });
  }

  private pause(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.wake = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wake = done;
    });
  }

  private safeCall<T>(call: () => T): T | undefined {
    try {
      return call();
    } catch {
      return undefined;
    }
  }
}
