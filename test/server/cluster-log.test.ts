import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverMessages } from '../../server/messages.ts';
import { startMain, stopMain, type MainProcess } from './helpers/start-main.ts';
import { temporaryDatabasePath } from './helpers/start-server.ts';

async function waitFor(check: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !check(); waited += 100) {
    if (waited > 20_000) throw new Error(`never: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('WORKERS=2: the primary\'s log lines', () => {
  it('name a worker that exited as workerPid, beside the primary\'s own pid (each field once)', async () => {
    const databasePath = temporaryDatabasePath();
    let running: MainProcess | undefined;
    try {
      running = await startMain(databasePath, { WORKERS: '2', NODE_ENV: 'production' });
      const listening = () => running!.lines().filter((line) => String(line.msg).startsWith('storefront listening'));
      await waitFor(() => listening().length === 2, 'two workers listening');
      const workerPid = Number(listening()[0]!.pid);
      expect(workerPid).not.toBe(running.child.pid);
      process.kill(workerPid, 'SIGKILL');
      const exitedLine = () => running!.output().split('\n').find((line) => line.includes(`"msg":"${serverMessages.workerExitedLog}"`));
      await waitFor(() => exitedLine() !== undefined, 'the worker-exited line');
      const raw = exitedLine()!;
      expect(raw.match(/"pid":/g)).toHaveLength(1);
      const line = JSON.parse(raw) as Record<string, unknown>;
      expect(line).toMatchObject({ pid: running.child.pid, workerPid, signal: 'SIGKILL' });
      // it is replaced
      await waitFor(() => listening().length === 3, 'a new worker listening');
      expect(await stopMain(running)).toBe(0);
    } finally {
      if (running !== undefined && running.child.exitCode === null) running.child.kill('SIGKILL');
      rmSync(dirname(databasePath), { recursive: true, force: true });
    }
  }, 60_000);
});
