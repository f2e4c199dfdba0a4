import { createConnection, createServer, type Server, type Socket } from 'node:net';

/**
 * A loopback TCP proxy that can drop and refuse connections, to simulate a database outage or a
 * phone's network dropping mid-upload.
 */
export class TcpProxy {
  private server: Server | null = null;
  private sockets = new Set<Socket>();
  /** Bytes from clients still let through before every connection is cut (null: no cut armed). */
  private budget: number | null = null;
  private onCut: (() => void) | null = null;
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async start(port = 0): Promise<number> {
    this.server = createServer((client) => {
      const upstream = createConnection(this.targetPort, this.targetHost);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      upstream.pipe(client);
      client.on('end', () => upstream.end());
      // By hand rather than piped: a cut must let exactly the armed bytes through.
      client.on('data', (chunk: Buffer) => {
        if (this.budget === null) {
          upstream.write(chunk);
          return;
        }
        if (chunk.length < this.budget) {
          this.budget -= chunk.length;
          upstream.write(chunk);
          return;
        }
        const last = chunk.subarray(0, this.budget);
        this.budget = null;
        const cut = this.cut();
        upstream.write(last, () => setTimeout(cut, 100));
        client.pause();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    const address = this.server.address();
    this.port = typeof address === 'object' && address ? address.port : port;
    return this.port;
  }

  /**
   * Cuts every open connection once `bytes` more have come from clients, as a dropped network
   * does mid-request; new connections pass again. Resolves at the cut.
   */
  private cut(): () => void {
    const sockets = [...this.sockets];
    const done = this.onCut;
    return () => {
      for (const socket of sockets) socket.destroy();
      done?.();
    };
  }

  cutAfter(bytes: number): Promise<void> {
    this.budget = bytes;
    return new Promise((resolve) => (this.onCut = resolve));
  }

  /** Cuts every open connection and refuses new ones. */
  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    await new Promise<void>((resolve) =>
      this.server ? this.server.close(() => resolve()) : resolve(),
    );
    this.server = null;
  }
}
