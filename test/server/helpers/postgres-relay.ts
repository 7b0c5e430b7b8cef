import { createServer, Socket, type AddressInfo, type Server } from 'node:net';

/**
 * A TCP relay in front of the test's PostgreSQL server that a test can take down and bring back
 * on the same port, as a database server that stops and starts again: while it is down its port
 * is closed (new connections are refused, ECONNREFUSED) and the connections it carried are cut.
 */
export class PostgresRelay {
  private readonly sockets = new Set<Socket>();
  private server: Server | null = null;
  private port = 0;

  private constructor(private readonly target: URL) {}

  /** A relay to the server of `databaseUrl`, listening; its own URL is `url`. */
  static async start(databaseUrl: string): Promise<PostgresRelay> {
    const relay = new PostgresRelay(new URL(databaseUrl));
    await relay.up();
    return relay;
  }

  /** `databaseUrl` with the relay's port in place of the server's. */
  get url(): string {
    const url = new URL(this.target);
    url.port = String(this.port);
    return url.toString();
  }

  /** Listens again (on the same port once it has had one). */
  async up(): Promise<void> {
    if (this.server !== null) return;
    const server = createServer((client) => {
      const upstream = new Socket();
      upstream.connect(Number(this.target.port), this.target.hostname);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  /** Closes the port and cuts every connection it carried. */
  async down(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    if (server !== null) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
