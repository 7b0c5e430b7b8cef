/**
 * A PostgreSQL server with no connection slot left (53300, too many clients) still answers: the
 * request that gets no connection after a short wait is refused alone (503, Retry-After, saying the
 * shop is busy), the health check stays 200 so a balancer keeps the process, nothing is said as an
 * outage, and a slot freed during the wait is taken. A role's CONNECTION LIMIT stands in for
 * max_connections: the server refuses both with the same SQLSTATE.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { passwordCommand } from '../../../server/commands/password.ts';
import { serverMessages } from '../../../server/messages.ts';
import { OWNER_EMAIL } from '../../../server/security/owner-account.ts';
import { startServer, type RunningServer } from '../helpers/start-server.ts';
import { ON_POSTGRES, TEST_DATABASE_URL } from '../helpers/test-database.ts';

const servers: RunningServer[] = [];
const clients: pg.Client[] = [];
let admin: pg.Client | undefined;

afterAll(async () => {
  for (const client of clients) await client.end().catch(() => {});
  for (const server of servers) await server.stop(true);
  await admin?.end();
});

/** A database of its own, owned by a role that is not a superuser (the connection limit spares superusers). */
async function limitedDatabase(): Promise<{ url: string; role: string }> {
  const name = `full_${randomBytes(5).toString('hex')}`;
  if (admin === undefined) {
    admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
  }
  await admin.query(`CREATE ROLE ${name} LOGIN`);
  await admin.query(`CREATE DATABASE ${name} OWNER ${name}`);
  const url = new URL(TEST_DATABASE_URL!);
  url.username = name;
  url.pathname = `/${name}`;
  return { url: url.toString(), role: name };
}

/** Ends the server's own connections and leaves the role one, held by the test: every new connection is refused. */
async function fillConnectionSlots(url: string, role: string): Promise<pg.Client> {
  await admin!.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = $1', [role]);
  const holder = new pg.Client({ connectionString: url });
  holder.on('error', () => {});
  await holder.connect();
  clients.push(holder);
  await admin!.query(`ALTER ROLE ${role} CONNECTION LIMIT 1`);
  return holder;
}

describe.skipIf(!ON_POSTGRES)('a PostgreSQL server with no connection slot left', () => {
  it('refuses the request alone as busy, keeps the health check up, and takes a slot freed meanwhile', async () => {
    const { url, role } = await limitedDatabase();
    const server = await startServer({ databaseUrl: url });
    servers.push(server);
    expect((await fetch(`${server.url}/shop`)).status).toBe(200);
    const holder = await fillConnectionSlots(url, role);
    const errors = vi.spyOn(server.app.deps.log, 'error');

    const page = await fetch(`${server.url}/shop`);
    expect(page.status).toBe(503);
    expect(Number(page.headers.get('retry-after'))).toBeGreaterThan(0);
    const html = await page.text();
    expect(html).toContain(serverMessages.databaseFull);
    expect(html).not.toContain(serverMessages.maintenanceTitle);
    expect(html).not.toContain(serverMessages.outageTitle);

    const call = await fetch(`${server.url}/api/commerce/shopping-cart`);
    expect(call.status).toBe(503);
    expect(Number(call.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await call.json()).toEqual({ message: serverMessages.databaseFull });

    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ ok: true });

    const said = errors.mock.calls.map(([details, message]) => ({ details: details as Record<string, unknown>, message }));
    expect(said.filter((line) => line.message === serverMessages.databaseUnreachableLog)).toEqual([]);
    const full = said.filter((line) => line.message === serverMessages.tooManyClientsLog);
    expect(full).toHaveLength(1);
    expect(full[0]!.details).toMatchObject({ code: '53300' });

    // a slot freed while the request waits for one is taken: the visitor never sees the refusal
    const waiting = fetch(`${server.url}/shop`);
    await new Promise((resolve) => setTimeout(resolve, 150));
    await holder.end();
    expect((await waiting).status).toBe(200);
  });

  it('npm run password says the server is full and what to lower, not to check DATABASE_URL', async () => {
    const { url, role } = await limitedDatabase();
    const server = await startServer({ databaseUrl: url });
    servers.push(server);
    await fillConnectionSlots(url, role);
    const refusal = await passwordCommand([OWNER_EMAIL], { DATABASE_URL: url }).then(() => null, (error: Error) => error.message);
    expect(refusal).toMatch(/^cannot open postgres:\/\/full_\w+@127\.0\.0\.1:\d+\/full_\w+: PostgreSQL refused a connection: too many clients \(too many connections for role .*\); .*DATABASE_POOL_SIZE or WORKERS/);
    expect(refusal).not.toContain('check DATABASE_URL');
  });
});
