import { createServer, Socket, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './helpers/start-server.ts';
import { freshPostgresUrl, ON_POSTGRES } from './helpers/test-database.ts';

/** A TCP relay in front of the PostgreSQL server that the test can cut and restore, like a network fault. */
class Relay {
  private readonly sockets = new Set<Socket>();
  private open = true;
  readonly server: Server;

  constructor(private readonly target: { host: string; port: number }) {
    this.server = createServer((client) => {
      if (!this.open) {
        client.destroy();
        return;
      }
      const upstream = new Socket();
      upstream.connect(target.port, target.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
  }

  listen(): Promise<number> {
    return new Promise((resolve) => this.server.listen(0, '127.0.0.1', () => resolve((this.server.address() as AddressInfo).port)));
  }

  cut(): void {
    this.open = false;
    for (const socket of this.sockets) socket.destroy();
  }

  restore(): void {
    this.open = true;
  }
}

describe.skipIf(!ON_POSTGRES)('health while PostgreSQL is unreachable', () => {
  let server: RunningServer | undefined;
  let relay: Relay | undefined;
  afterAll(async () => {
    await server?.stop(true);
    relay?.server.close();
  });

  it('answers 503 while the database cannot be reached and 200 again once it can, by itself', async () => {
    const direct = new URL(await freshPostgresUrl());
    relay = new Relay({ host: direct.hostname, port: Number(direct.port) });
    const relayed = new URL(direct);
    relayed.port = String(await relay.listen());
    server = await startServer({ databaseUrl: relayed.toString() });
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);

    relay.cut();
    const down = await fetch(`${server.url}/api/health`);
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ ok: false });

    relay.restore();
    let status = 0;
    for (let attempt = 0; attempt < 20 && status !== 200; attempt++) {
      status = (await fetch(`${server.url}/api/health`)).status;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(status).toBe(200);
    expect((await fetch(`${server.url}/shop`)).status).toBe(200);
  });
});
