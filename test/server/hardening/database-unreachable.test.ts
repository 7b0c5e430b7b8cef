/**
 * A PostgreSQL server that goes away while the store serves: pages answer the outage page
 * and calls the outage message, both 503 with Retry-After, the log says so once (not a
 * stack per request), and the store serves again by itself once the server is back.
 */
import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serverMessages } from '../../../server/messages.ts';
import { freshPostgresUrl, ON_POSTGRES } from '../helpers/test-database.ts';
import { PostgresRelay } from '../helpers/postgres-relay.ts';
import { startServer, temporaryDatabasePath, type RunningServer } from '../helpers/start-server.ts';
import { startMain, stopMain, type MainChild } from '../helpers/start-main.ts';
import { seededProduct } from '../helpers/fixtures.ts';
import { Visitor } from '../helpers/visitor.ts';

const shirt = seededProduct('linen-shirt');
const STACK_LINE = /\bat .+:\d+:\d+/;
const FAILURE_LINES = new Set(['page failed', 'error page failed', 'call failed']);

const relays: PostgresRelay[] = [];
const servers: RunningServer[] = [];
const children: MainChild[] = [];
const folders: string[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const server of servers.splice(0)) await server.stop(true);
  for (const relay of relays.splice(0)) await relay.down();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A database path for main (unused on PostgreSQL, but main is given one), removed afterwards. */
function databasePath(): string {
  const path = temporaryDatabasePath();
  folders.push(dirname(path));
  return path;
}

async function relayedDatabase(): Promise<PostgresRelay> {
  const relay = await PostgresRelay.start(await freshPostgresUrl());
  relays.push(relay);
  return relay;
}

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let tries = 0; tries < 60; tries++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`never: ${what}`);
}

async function expectOutagePage(url: string): Promise<void> {
  const page = await fetch(url);
  expect(page.status, url).toBe(503);
  expect(Number(page.headers.get('retry-after')), url).toBeGreaterThan(0);
  expect(page.headers.get('content-type') ?? '').toContain('text/html');
  const html = await page.text();
  expect(html).toContain(serverMessages.outageTitle);
  expect(html).not.toContain(serverMessages.maintenanceTitle);
  expect(html).not.toMatch(STACK_LINE);
}

describe.skipIf(!ON_POSTGRES)('a PostgreSQL server that goes away while the store serves', () => {
  it('answers pages and calls 503 with Retry-After, logs one line for the burst, and serves again once it is back', async () => {
    const relay = await relayedDatabase();
    const server = await startServer({ databaseUrl: relay.url });
    servers.push(server);
    const visitor = await new Visitor(server.url).start();
    expect((await fetch(`${server.url}/shop`)).status).toBe(200);
    const errors = vi.spyOn(server.app.deps.log, 'error');
    const warnings = vi.spyOn(server.app.deps.log, 'warn');

    await relay.down();
    for (let round = 0; round < 3; round++) {
      for (const path of ['/', '/shop', `/shop/p/${shirt.urlId}`, '/cart']) await expectOutagePage(`${server.url}${path}`);
      const call = await fetch(`${server.url}/api/commerce/shopping-cart`);
      expect(call.status).toBe(503);
      expect(Number(call.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await call.json()).toEqual({ message: serverMessages.outageText });
      const write = await visitor.post('/api/commerce/shopping-cart/entries', { itemId: shirt.id, sku: shirt.variants[0]!.sku, quantity: 1 });
      expect(write.status).toBe(503);
      expect(write.body).toEqual({ message: serverMessages.outageText });
      const health = await fetch(`${server.url}/api/health`);
      expect(health.status).toBe(503);
      expect(Number(health.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await health.json()).toEqual({ ok: false });
    }
    const lines = [...errors.mock.calls, ...warnings.mock.calls].map(([details, message]) => ({ details: details as Record<string, unknown>, message }));
    expect(lines.filter((line) => FAILURE_LINES.has(String(line.message)))).toEqual([]);
    const said = lines.filter((line) => line.message === serverMessages.databaseUnreachableLog);
    expect(said, JSON.stringify(said)).toHaveLength(1);
    // the connections it held were cut (connection-lost), new ones are refused: one outage, one line
    expect(['ECONNREFUSED', 'connection-lost']).toContain(said[0]!.details.code);
    expect(JSON.stringify(said[0]!.details)).not.toMatch(STACK_LINE);

    await relay.up();
    await until(async () => (await fetch(`${server.url}/shop`)).status === 200, 'the shop is served again');
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    expect((await visitor.post('/api/commerce/shopping-cart/entries', { itemId: shirt.id, sku: shirt.variants[0]!.sku, quantity: 1 })).status).toBe(200);
  });

  it('the running server writes one error line for a burst of requests, and request lines below error level', async () => {
    const relay = await relayedDatabase();
    const running = await startMain(databasePath(), { DATABASE_URL: relay.url, NODE_ENV: 'production' });
    children.push(running.child);
    expect((await fetch(`${running.url}/shop`)).status).toBe(200);
    const before = running.lines().length;

    await relay.down();
    for (let i = 0; i < 10; i++) {
      for (const path of ['/shop', '/api/commerce/shopping-cart', '/api/health']) {
        const answer = await fetch(`${running.url}${path}`);
        expect(answer.status, path).toBe(503);
        await answer.arrayBuffer();
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    const during = running.lines().slice(before);
    const errorLines = during.filter((line) => Number(line.level) >= 50);
    expect(errorLines.map((line) => line.msg)).toEqual([serverMessages.databaseUnreachableLog]);
    expect(during.filter((line) => line.msg === serverMessages.databaseUnreachableLog)).toHaveLength(1);
    // the request lines are still written, one per request, as warnings
    expect(during.filter((line) => line.status === 503 && line.level === 40)).toHaveLength(30);
    expect(running.output()).not.toMatch(STACK_LINE);

    await relay.up();
    await until(async () => (await fetch(`${running.url}/api/health`)).status === 200, 'health answers 200 again');
    expect(await stopMain(running)).toBe(0);
  }, 60_000);

  it('a database that cannot be opened at start-up: the line carries the server\'s code and says the process keeps trying', async () => {
    const missing = new URL(await freshPostgresUrl());
    missing.pathname = '/no_such_database';
    // the test server trusts every connection: a password is taken and ignored, and never shown
    missing.password = 'StartPassw0rd';
    const running = await startMain(databasePath(), { DATABASE_URL: missing.toString() });
    children.push(running.child);
    const failures = running.lines().filter((line) => line.msg === serverMessages.startupFailureRetriedLog);
    expect(failures).toHaveLength(1);
    expect(failures[0]!.code).toBe('3D000');
    // the database that cannot be opened is named, as host:port/database
    expect(failures[0]!.database).toBe(`${missing.hostname}:${missing.port}/no_such_database`);
    expect(running.output()).not.toContain('StartPassw0rd');
    expect(running.lines().filter((line) => line.msg === serverMessages.startupFailureLog)).toHaveLength(0);
    const health = await fetch(`${running.url}/api/health`);
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({ ok: false });
    expect(await stopMain(running)).toBe(0);
  }, 40_000);
});
