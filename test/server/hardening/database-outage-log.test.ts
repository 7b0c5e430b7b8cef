/**
 * The log of a PostgreSQL outage as an operator reads it during the incident: one line when the
 * server goes away (the pool's idle connections, ten of them or one, dying together are that one
 * line, also with no request coming in), nothing more from requests or the email sweep within the
 * minute, a reminder a minute later, and one line when the server answers again. An error that
 * is not the server going away is still logged with its stack.
 */
import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sweepOutboxOrLog } from '../../../server/email/outbox-sweeper.ts';
import { serverMessages } from '../../../server/messages.ts';
import { databaseAddress } from '../../../server/db/database-url.ts';
import { dropTable } from '../helpers/drop-table.ts';
import { PostgresRelay } from '../helpers/postgres-relay.ts';
import { startMain, stopMain, type MainChild } from '../helpers/start-main.ts';
import { startServer, temporaryDatabasePath, type RunningServer } from '../helpers/start-server.ts';
import { freshPostgresUrl, ON_POSTGRES } from '../helpers/test-database.ts';

const STACK_LINE = /\bat .+:\d+:\d+/;
/** A password in the URL (the test server trusts every connection and ignores it): no line may show it. */
const SECRET = 'OutagePassw0rd';

/** The relay's URL with a password in it. */
function withPassword(url: string): string {
  const withSecret = new URL(url);
  withSecret.password = SECRET;
  return withSecret.toString();
}
const CHECK_TASK = 'check after idle connections were lost';

const relays: PostgresRelay[] = [];
const servers: RunningServer[] = [];
const children: MainChild[] = [];
const folders: string[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const server of servers.splice(0)) await server.stop(true);
  for (const relay of relays.splice(0)) await relay.down();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

async function relayedDatabase(): Promise<PostgresRelay> {
  const relay = await PostgresRelay.start(await freshPostgresUrl());
  relays.push(relay);
  return relay;
}

async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let tries = 0; tries < 80; tries++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`never: ${what}`);
}

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!ON_POSTGRES)('the log of a PostgreSQL outage', () => {
  it.each([
    ['the server shuts down (57P01 to every session)', (relay: PostgresRelay) => relay.shutDown()],
    ['the network is cut', (relay: PostgresRelay) => relay.down()],
  ])('%s: one line when it goes away, none per lost connection, and one when it is back', async (_, goAway) => {
    const relay = await relayedDatabase();
    const databasePath = temporaryDatabasePath();
    folders.push(dirname(databasePath));
    const databaseUrl = withPassword(relay.url);
    const running = await startMain(databasePath, { DATABASE_URL: databaseUrl, NODE_ENV: 'production' });
    children.push(running.child);
    // a busy moment leaves the pool holding several idle connections
    await Promise.all(Array.from({ length: 30 }, async (_, i) => (await fetch(`${running.url}${i % 2 === 0 ? '/shop' : '/api/health'}`)).arrayBuffer()));
    expect(relay.connections).toBeGreaterThanOrEqual(2);
    const before = running.lines().length;
    const since = (): Record<string, unknown>[] => running.lines().slice(before);
    const unreachableLines = (): Record<string, unknown>[] => since().filter((line) => line.msg === serverMessages.databaseUnreachableLog);

    await goAway(relay);
    // said without a single request: the pool's connections died, and a check found the server away
    await until(() => unreachableLines().length > 0, 'the outage is said');
    await pause(300);
    expect(unreachableLines()).toHaveLength(1);
    // naming the server that is away, as host:port/database
    expect(unreachableLines()[0]).toMatchObject({ level: 50, task: CHECK_TASK, database: databaseAddress(databaseUrl) });
    const relayed = new URL(relay.url);
    expect(databaseAddress(databaseUrl)).toBe(`${relayed.hostname}:${relayed.port}${relayed.pathname}`);
    // the code of the new connection's failure: refused, reset, or the server shutting down
    expect(['ECONNREFUSED', 'ECONNRESET', '57P03', 'connection-lost']).toContain(unreachableLines()[0]!.code);
    expect(since().filter((line) => Number(line.level) >= 40 && line.msg !== serverMessages.databaseUnreachableLog)).toEqual([]);

    // requests meeting the same outage answer 503 and add no line of their own
    for (let i = 0; i < 5; i++) {
      for (const path of ['/shop', '/api/health', '/api/commerce/shopping-cart']) {
        const answer = await fetch(`${running.url}${path}`);
        expect(answer.status, path).toBe(503);
        await answer.arrayBuffer();
      }
    }
    expect(unreachableLines()).toHaveLength(1);
    expect(since().filter((line) => Number(line.level) >= 50)).toHaveLength(1);
    // their own request lines, warnings, name the server too (never its URL)
    const refusedLines = (): Record<string, unknown>[] => since().filter((line) => line.status === 503 && 'responseTime' in line);
    await until(() => refusedLines().length === 15, 'the 503s are logged');
    for (const line of refusedLines()) expect(line).toMatchObject({ level: 40, database: databaseAddress(databaseUrl) });

    await relay.up();
    await until(async () => (await fetch(`${running.url}/api/health`)).status === 200, 'health answers 200 again');
    expect((await fetch(`${running.url}/shop`)).status).toBe(200);
    // the process's output comes through a pipe of its own, possibly after the answers
    const backLines = (): Record<string, unknown>[] => since().filter((line) => line.msg === serverMessages.databaseReachedLog);
    await until(() => backLines().length > 0, 'the return is said');
    await pause(300);
    const back = backLines();
    expect(back).toHaveLength(1);
    expect(back[0]).toMatchObject({ level: 30, unreachableForSeconds: expect.any(Number), database: databaseAddress(databaseUrl) });
    // every line of the outage has come through by now: still the one
    expect(unreachableLines()).toHaveLength(1);
    expect(since().filter((line) => line.msg === serverMessages.databaseConnectionsClosedLog || line.msg === serverMessages.databaseConnectionErrorLog)).toEqual([]);
    expect(running.output()).not.toMatch(STACK_LINE);
    expect(running.output()).not.toContain(SECRET);
    expect(await stopMain(running)).toBe(0);
  }, 60_000);

  it('the email sweep meeting the outage adds no line within the minute, a reminder after it, and still logs a real failure with its stack', async () => {
    const relay = await relayedDatabase();
    const server = await startServer({ databaseUrl: relay.url });
    servers.push(server);
    const { deps } = server.app;
    expect((await fetch(`${server.url}/shop`)).status).toBe(200);
    const errors = vi.spyOn(deps.log, 'error');
    const warnings = vi.spyOn(deps.log, 'warn');
    const infos = vi.spyOn(deps.log, 'info');
    const said = (spy: typeof errors, message: string): unknown[][] => spy.mock.calls.filter((call) => call[1] === message);

    await relay.down();
    expect((await fetch(`${server.url}/shop`)).status).toBe(503);
    for (let sweep = 0; sweep < 3; sweep++) await sweepOutboxOrLog(deps);
    expect(said(errors, serverMessages.databaseUnreachableLog)).toHaveLength(1);
    expect(said(warnings, serverMessages.outboxSweepFailedLog)).toEqual([]);

    // a minute on, still away: the sweep's reminder, with how long, and no stack
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    await sweepOutboxOrLog(deps);
    const lines = said(errors, serverMessages.databaseUnreachableLog);
    expect(lines).toHaveLength(2);
    expect(lines[1]![0]).toMatchObject({ task: 'email outbox sweep', unreachableForSeconds: expect.any(Number) });
    expect((lines[1]![0] as { unreachableForSeconds: number }).unreachableForSeconds).toBeGreaterThanOrEqual(60);
    expect(JSON.stringify(lines[1]![0])).not.toMatch(STACK_LINE);

    await relay.up();
    await until(async () => (await fetch(`${server.url}/api/health`)).status === 200, 'health answers 200 again');
    vi.useRealTimers();
    expect(said(infos, serverMessages.databaseReachedLog)).toHaveLength(1);
    expect(said(errors, serverMessages.databaseUnreachableLog)).toHaveLength(2);

    // not the server going away: said with the error itself, its stack included, every time
    await dropTable(deps.store, 'email_outbox');
    await sweepOutboxOrLog(deps);
    await sweepOutboxOrLog(deps);
    const failures = said(warnings, serverMessages.outboxSweepFailedLog);
    expect(failures).toHaveLength(2);
    const { err } = failures[0]![0] as { err: Error };
    expect(err).toBeInstanceOf(Error);
    expect(err.stack).toMatch(STACK_LINE);
  }, 60_000);
});
