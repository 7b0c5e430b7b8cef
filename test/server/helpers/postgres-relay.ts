import { createServer, Socket, type AddressInfo, type Server } from 'node:net';
import pg from 'pg';

/**
 * A TCP relay in front of the test's PostgreSQL server that a test can take down and bring back
 * on the same port, as a database server that stops and starts again: while it is down its port
 * is closed (new connections are refused, ECONNREFUSED) and the connections it carried are cut.
 */
export class PostgresRelay {
  private readonly sockets = new Set<Socket>();
  /** The relay's own connections to the server, one per connection it carries. */
  private readonly upstreams = new Set<Socket>();
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
      this.upstreams.add(upstream);
      upstream.on('close', () => this.upstreams.delete(upstream));
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  /** How many connections it carries now (a pool's open connections, idle or not). */
  get connections(): number {
    return this.upstreams.size;
  }

  /**
   * As the server's own fast shutdown (pg_ctl stop, a restart) meets its clients: new connections
   * are refused at once, and the server ends each session it carried with 57P01 ("terminating
   * connection due to administrator command") before closing it; the port then stays closed.
   */
  async shutDown(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server === null) return;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    const ports = [...this.upstreams].map((socket) => socket.localPort);
    const admin = new pg.Client({ connectionString: this.target.toString() });
    await admin.connect();
    try {
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE client_port = ANY($1::int[])', [ports]);
    } finally {
      await admin.end();
    }
    // each session ends once its client has read the 57P01; one that lingers is cut
    const lingering = setTimeout(() => { for (const socket of this.sockets) socket.destroy(); }, 2_000);
    await closed;
    clearTimeout(lingering);
  }

  /** Closes the port and cuts every connection it carried. */
  async down(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    if (server !== null) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
