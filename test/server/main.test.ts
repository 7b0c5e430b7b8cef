import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { temporaryDatabasePath } from './helpers/start-server.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

describe('server/main.ts', () => {
  it('creates the database, serves the health check and shuts down cleanly on SIGTERM', async () => {
    const databasePath = temporaryDatabasePath();
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATABASE_PATH: databasePath, OWNER_PASSWORD: 'main test password', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const port = await new Promise<number>((resolve, reject) => {
      let buffered = '';
      const timer = setTimeout(() => reject(new Error(`no listening line in: ${buffered}`)), 20_000);
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
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(await health.json()).toEqual({ ok: true });
    expect(existsSync(databasePath)).toBe(true);
    const exitCode = await new Promise<number | null>((resolve) => {
      child.on('exit', (code) => resolve(code));
      child.kill('SIGTERM');
    });
    expect(exitCode).toBe(0);
    rmSync(dirname(databasePath), { recursive: true, force: true });
  }, 30_000);
});
