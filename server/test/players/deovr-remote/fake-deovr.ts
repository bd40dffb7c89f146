import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { encodeFrame, FrameReader } from '../../../src/players/deovr-remote/deovr-frames';

/**
 * DeoVR's remote-control end on loopback: accepts connections, counts the frames each sends (the client's
 * pings are empty frames), and sends status frames or raw bytes to the current connection.
 */
export class FakeDeovr {
  readonly connections: Socket[] = [];
  /** Frames received per connection (all pings: a length of 0). */
  readonly received: Buffer[][] = [];
  private readonly server: Server;

  private constructor(server: Server) {
    this.server = server;
    server.on('connection', (socket) => {
      const reader = new FrameReader();
      const frames: Buffer[] = [];
      this.connections.push(socket);
      this.received.push(frames);
      socket.on('data', (chunk: Buffer) => frames.push(...reader.push(chunk)));
      socket.on('error', () => undefined);
    });
  }

  static async start(host = '127.0.0.1', port = 0): Promise<FakeDeovr> {
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    return new FakeDeovr(server);
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  get current(): Socket {
    const socket = this.connections.at(-1);
    if (!socket) throw new Error('no connection yet');
    return socket;
  }

  sendStatus(status: unknown): void {
    this.current.write(encodeFrame(status));
  }

  sendRaw(bytes: Buffer): void {
    this.current.write(bytes);
  }

  async close(): Promise<void> {
    for (const socket of this.connections) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
