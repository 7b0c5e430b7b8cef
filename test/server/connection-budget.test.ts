/**
 * WORKERS × DATABASE_POOL_SIZE against PostgreSQL's max_connections: a start whose processes
 * together may ask for more connections than the server accepts says so in one warning line,
 * before load turns it into "sorry, too many clients already" and 500s.
 */
import { dirname } from 'node:path';
import { rmSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { connectionBudgetWarning, warnOfConnectionBudget } from '../../server/db/connection-budget.ts';
import { openStore } from '../../server/db/open-store.ts';
import { fillMessage, serverMessages } from '../../server/messages.ts';
import { startMain, stopMain, type MainProcess } from './helpers/start-main.ts';
import { temporaryDatabasePath } from './helpers/start-server.ts';
import { freshPostgresUrl, ON_POSTGRES } from './helpers/test-database.ts';

describe('the connection budget rule', () => {
  it('is quiet while every process\'s full pool fits in what the server accepts beside its reserved connections', () => {
    expect(connectionBudgetWarning({ workers: 1, poolSize: 10, maxConnections: 100, reserved: 3 })).toBeNull();
    expect(connectionBudgetWarning({ workers: 4, poolSize: 24, maxConnections: 100, reserved: 3 })).toBeNull(); // 96 of 97
    expect(connectionBudgetWarning({ workers: 97, poolSize: 1, maxConnections: 100, reserved: 3 })).toBeNull();
  });

  it('warns once they do not, with the numbers and what to change', () => {
    expect(connectionBudgetWarning({ workers: 4, poolSize: 40, maxConnections: 100, reserved: 3 })).toBe(fillMessage(serverMessages.connectionBudgetLog, {
      workers: 4, poolSize: 40, wanted: 160, maxConnections: 100, reserved: 3, available: 97,
    }));
    expect(connectionBudgetWarning({ workers: 98, poolSize: 1, maxConnections: 100, reserved: 3 })).not.toBeNull();
    expect(connectionBudgetWarning({ workers: 1, poolSize: 10, maxConnections: 10, reserved: 3 })).not.toBeNull();
    expect(serverMessages.connectionBudgetLog).not.toContain('\n');
  });
});

describe.skipIf(!ON_POSTGRES)('the connection budget on PostgreSQL', () => {
  it('reads max_connections and the reserved connections once and warns in one line when the pools exceed them', async () => {
    // the test cluster accepts 300 connections, 3 of them kept for superusers
    const { store } = openStore({ databasePath: '', databaseUrl: await freshPostgresUrl() });
    try {
      const log = { warn: vi.fn() };
      await warnOfConnectionBudget(store, { workers: 2, poolSize: 100 }, log);
      expect(log.warn).not.toHaveBeenCalled();
      await warnOfConnectionBudget(store, { workers: 4, poolSize: 100 }, log);
      expect(log.warn).toHaveBeenCalledTimes(1);
      expect(log.warn.mock.calls[0]).toEqual([
        { workers: 4, poolSize: 100, maxConnections: 300, reserved: 3 },
        fillMessage(serverMessages.connectionBudgetLog, { workers: 4, poolSize: 100, wanted: 400, maxConnections: 300, reserved: 3, available: 297 }),
      ]);
      // the default pool size counts when DATABASE_POOL_SIZE is not set
      await warnOfConnectionBudget(store, { workers: 30, poolSize: undefined }, log);
      expect(log.warn).toHaveBeenCalledTimes(2);
    } finally {
      await store.close();
    }
  });

  it('is said once at start-up by a WORKERS=3 server whose pools of 100 exceed them, not once per worker', async () => {
    const databasePath = temporaryDatabasePath();
    let running: MainProcess | undefined;
    try {
      running = await startMain(databasePath, { WORKERS: '3', DATABASE_POOL_SIZE: '100', NODE_ENV: 'production' });
      const said = (): number => running!.lines().filter((line) => String(line.msg).startsWith('WORKERS × DATABASE_POOL_SIZE')).length;
      const listening = (): number => running!.lines().filter((line) => String(line.msg).startsWith('storefront listening')).length;
      for (let waited = 0; (listening() < 3 || said() < 1) && waited < 40_000; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(said()).toBe(1);
      expect(await stopMain(running)).toBe(0);
    } finally {
      if (running !== undefined && running.child.exitCode === null) running.child.kill('SIGKILL');
      rmSync(dirname(databasePath), { recursive: true, force: true });
    }
  }, 90_000);
});
