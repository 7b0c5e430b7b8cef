import { rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseAddress } from '../../server/db/database-url.ts';
import { fillMessage, serverMessages } from '../../server/messages.ts';
import { startMain, stopMain, type MainProcess } from './helpers/start-main.ts';
import { temporaryDatabasePath } from './helpers/start-server.ts';
import { freshPostgresUrl, ON_POSTGRES } from './helpers/test-database.ts';

async function waitFor(check: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !check(); waited += 100) {
    if (waited > 20_000) throw new Error(`never: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The start-up summary's lines: they start with the number of processes. */
const summaries = (running: MainProcess) => running.lines().filter((line) => / server processes serve /.test(String(line.msg)));

describe('WORKERS=2: the primary\'s log lines', () => {
  // One primary and its two workers for both cases, as an operator runs it: the first reads the
  // start-up summary, the second then kills a worker. A cluster start is three processes loading
  // the server and migrating a store, most of this file's time when each case started its own.
  let databasePath: string;
  // the test server trusts every connection: a password in the URL is taken and ignored
  const secret = 'SummaryPassw0rd';
  let postgres: URL | undefined;
  let databaseUrl: string | undefined;
  let running: MainProcess;

  beforeAll(async () => {
    databasePath = temporaryDatabasePath();
    postgres = ON_POSTGRES ? new URL(await freshPostgresUrl()) : undefined;
    if (postgres) postgres.password = secret;
    databaseUrl = postgres?.toString();
    running = await startMain(databasePath, { WORKERS: '2', NODE_ENV: 'production', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
  }, 60_000);
  afterAll(() => {
    if (running !== undefined && running.child.exitCode === null) running.child.kill('SIGKILL');
    rmSync(dirname(databasePath), { recursive: true, force: true });
  });

  const listening = () => running.lines().filter((line) => String(line.msg).startsWith('storefront listening'));

  it('say once, when both listen, how many processes serve which address from which store, never with a password', async () => {
    await waitFor(() => summaries(running).length > 0, 'the summary');
    const url = `http://127.0.0.1:${running.port}`;
    const database = databaseUrl ? databaseAddress(databaseUrl) : resolve(databasePath);
    const store = databaseUrl ? fillMessage(serverMessages.postgresStoreLog, { address: database }) : fillMessage(serverMessages.sqliteStoreLog, { path: database });
    expect(summaries(running)).toEqual([expect.objectContaining({
      pid: running.child.pid, level: 30, workers: 2, url, database,
      msg: fillMessage(serverMessages.workersServingLog, { workers: 2, url, store }),
    })]);
    if (postgres) expect(database).toBe(`${postgres.hostname}:${postgres.port}${postgres.pathname}`);
    // both workers had listened by then
    expect(listening()).toHaveLength(2);
    expect(running.output()).not.toContain(secret);
  }, 60_000);

  it('name a worker that exited as workerPid, beside the primary\'s own pid (each field once)', async () => {
    await waitFor(() => listening().length === 2, 'two workers listening');
    const workerPid = Number(listening()[0]!.pid);
    expect(workerPid).not.toBe(running.child.pid);
    process.kill(workerPid, 'SIGKILL');
    const exitedLine = () => running.output().split('\n').find((line) => line.includes(`"msg":"${serverMessages.workerExitedLog}"`));
    await waitFor(() => exitedLine() !== undefined, 'the worker-exited line');
    const raw = exitedLine()!;
    expect(raw.match(/"pid":/g)).toHaveLength(1);
    const line = JSON.parse(raw) as Record<string, unknown>;
    expect(line).toMatchObject({ pid: running.child.pid, workerPid, signal: 'SIGKILL' });
    // it is replaced
    await waitFor(() => listening().length === 3, 'a new worker listening');
    // the start-up summary is not said again for the new worker
    expect(summaries(running)).toHaveLength(1);
    expect(await stopMain(running)).toBe(0);
  }, 60_000);
});
