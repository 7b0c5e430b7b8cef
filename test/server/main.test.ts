import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bundleServer, SERVER_NODE_OPTIONS } from '../../server/build.ts';
import { seededProduct } from './helpers/fixtures.ts';
import { temporaryDatabasePath } from './helpers/start-server.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const shirt = seededProduct('linen-shirt');

/**
 * Starts the server as given by `args`, checks what an operator checks first (health, a seeded
 * page with its stylesheet and island assets, the database file) and stops it with SIGTERM.
 */
async function startCheckAndStop(args: string[]): Promise<void> {
  const databasePath = temporaryDatabasePath();
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATABASE_PATH: databasePath, OWNER_PASSWORD: 'main test password', LOG_LEVEL: 'info', NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      let buffered = '';
      const timer = setTimeout(() => reject(new Error(`no listening line in: ${buffered}`)), 20_000);
      child.stderr.on('data', (chunk: Buffer) => { buffered += chunk.toString(); });
      child.stdout.on('data', (chunk: Buffer) => {
        buffered += chunk.toString();
        const match = /"port":(\d+),"database"[^\n]*storefront listening/.exec(buffered);
        if (match) {
          clearTimeout(timer);
          resolve(Number(match[1]));
        }
      });
      child.on('exit', (code) => reject(new Error(`exited early with ${code}: ${buffered}`)));
    });
    const base = `http://127.0.0.1:${port}`;
    const health = await fetch(`${base}/api/health`);
    expect(await health.json()).toEqual({ ok: true });
    const page = await fetch(`${base}/shop/p/${shirt.urlId}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(shirt.title);
    expect(existsSync(databasePath)).toBe(true);
    const exitCode = await new Promise<number | null>((resolve) => {
      child.on('exit', (code) => resolve(code));
      child.kill('SIGTERM');
    });
    expect(exitCode).toBe(0);
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dirname(databasePath), { recursive: true, force: true });
  }
}

describe('server/main.ts', () => {
  it('from the sources: creates the database, serves the health check and a page, and shuts down cleanly on SIGTERM', async () => {
    await startCheckAndStop(['--import', 'tsx', 'server/main.ts']);
  }, 30_000);

  it('as npm start runs it, bundled: finds its templates, migrations and fixtures from the bundle and serves the same', async () => {
    // Built under dist/ like the real bundle (paths resolve from the project root it sits under), in a folder of its own.
    mkdirSync(join(ROOT, 'dist'), { recursive: true });
    const folder = mkdtempSync(join(ROOT, 'dist', 'test-server-'));
    try {
      const bundle = join(folder, 'main.mjs');
      await bundleServer(undefined, bundle);
      await startCheckAndStop([...SERVER_NODE_OPTIONS, bundle]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 60_000);
});
