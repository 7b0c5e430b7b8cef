import { existsSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ON_POSTGRES } from './helpers/test-database.ts';
import { seededProduct } from './helpers/fixtures.ts';
import { bundledServerArgs } from './helpers/server-bundle.ts';
import { FROM_SOURCES, startMain, stopMain, type MainProcess } from './helpers/start-main.ts';
import { temporaryDatabasePath } from './helpers/start-server.ts';

const shirt = seededProduct('linen-shirt');

/**
 * Starts the server as given by `args`, checks what an operator checks first (health, a seeded
 * product page, the database file) and stops it with SIGTERM.
 */
async function startCheckAndStop(args: readonly string[]): Promise<void> {
  const databasePath = temporaryDatabasePath();
  let running: MainProcess | undefined;
  try {
    running = await startMain(databasePath, { NODE_ENV: 'production' }, args);
    const health = await fetch(`${running.url}/api/health`);
    expect(await health.json()).toEqual({ ok: true });
    const page = await fetch(`${running.url}/shop/p/${shirt.urlId}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(shirt.title);
    // the store is the SQLite file, or on the postgres run a PostgreSQL schema (and no file at all)
    expect(existsSync(databasePath)).toBe(!ON_POSTGRES);
    // the seeded store's address is the development server's: a production start says how to set it
    const warned = (): boolean => running!.lines().some((line) => String(line.msg).startsWith("the store's address is http://localhost:3000, so"));
    for (let waited = 0; !warned() && waited < 2_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(warned()).toBe(true);
    expect(await stopMain(running)).toBe(0);
  } finally {
    if (running !== undefined && running.child.exitCode === null) running.child.kill('SIGKILL');
    rmSync(dirname(databasePath), { recursive: true, force: true });
  }
}

describe('server/main.ts', () => {
  it('from the sources: creates the database, serves the health check and a page, and shuts down cleanly on SIGTERM', async () => {
    await startCheckAndStop(FROM_SOURCES);
    // tsx reads every source as it starts: on a busy machine that alone has taken 30 s
  }, 60_000);

  it('with WORKERS=2 gives the start-up advice once, from the first worker, not once per process', async () => {
    const databasePath = temporaryDatabasePath();
    let running: MainProcess | undefined;
    try {
      running = await startMain(databasePath, { WORKERS: '2', NODE_ENV: 'production' });
      const listening = (): number => running!.lines().filter((line) => String(line.msg).startsWith('storefront listening')).length;
      for (let waited = 0; listening() < 2 && waited < 15_000; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
      await new Promise((resolve) => setTimeout(resolve, 500)); // the store address is read after listening
      expect(listening()).toBe(2);
      const said = (start: string): number => running!.lines().filter((line) => String(line.msg).startsWith(start)).length;
      expect(said('CAPTCHA_SECRET is not set')).toBe(1);
      expect(said("the store's address is")).toBe(1);
      expect(await stopMain(running)).toBe(0);
    } finally {
      if (running !== undefined && running.child.exitCode === null) running.child.kill('SIGKILL');
      rmSync(dirname(databasePath), { recursive: true, force: true });
    }
  }, 60_000);

  it('gives a store it makes the address it is opened at, so a first start on another port links its pages there', async () => {
    const free = createServer();
    const port = await new Promise<number>((resolve) => free.listen(0, '127.0.0.1', () => resolve((free.address() as { port: number }).port)));
    await new Promise((resolve) => free.close(resolve));
    const databasePath = temporaryDatabasePath();
    let running: MainProcess | undefined;
    try {
      running = await startMain(databasePath, { PORT: String(port) });
      const context = await (await fetch(`${running.url}/?format=json`)).json() as { website: { baseUrl: string } };
      expect(context.website.baseUrl).toBe(`http://127.0.0.1:${port}`);
      const page = await (await fetch(`${running.url}/shop/p/${shirt.urlId}`)).text();
      expect(page).toContain(`<link rel="canonical" href="http://127.0.0.1:${port}/shop/p/${shirt.urlId}">`);
      expect(await stopMain(running)).toBe(0);
    } finally {
      if (running !== undefined && running.child.exitCode === null) running.child.kill('SIGKILL');
      rmSync(dirname(databasePath), { recursive: true, force: true });
    }
  }, 60_000);

  it('as npm start runs it, bundled: finds its templates, migrations and fixtures from the bundle and serves the same', async () => {
    // the bundle the process-starting suites run, built under dist/ like the real one (server-bundle.ts)
    await startCheckAndStop(await bundledServerArgs());
  }, 60_000);
});
