import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { bundledServerArgs } from './server-bundle.ts';
import { testDatabaseUrl } from './test-database.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const LISTENING = /"port":(\d+),"database"[^\n]*storefront listening/;

export type MainChild = ChildProcessByStdio<null, Readable, Readable>;

/** A server process started as an operator starts it, listening on a loopback port. */
export interface MainProcess {
  child: MainChild;
  port: number;
  url: string;
  /** Everything written to stdout and stderr so far. */
  output(): string;
  /** The JSON log lines written so far. */
  lines(): Record<string, unknown>[];
}

/** Runs server/main.ts through the tsx loader, as `npm run dev` does (the default is the bundle `npm start` runs). */
export const FROM_SOURCES: readonly string[] = ['--import', 'tsx', 'server/main.ts'];

/**
 * Runs node with `args` (default: the server bundled from the current sources, as `npm start` runs
 * it) from the project root with the database at `databasePath`, and waits up to 40 s for the
 * listening line.
 */
export async function startMain(
  databasePath: string,
  env: Record<string, string> = {},
  args?: readonly string[],
): Promise<MainProcess> {
  // on the postgres run the process gets the schema standing in for that file
  const databaseUrl = env.DATABASE_URL ?? (await testDatabaseUrl(databasePath));
  const child = spawn(process.execPath, [...(args ?? await bundledServerArgs())], {
    cwd: ROOT,
    env: {
      ...process.env, PORT: '0', HOST: '127.0.0.1', DATABASE_PATH: databasePath, OWNER_PASSWORD: 'main test password', LOG_LEVEL: 'info',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let buffered = '';
  child.stdout.on('data', (chunk: Buffer) => { buffered += chunk.toString(); });
  child.stderr.on('data', (chunk: Buffer) => { buffered += chunk.toString(); });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      // the caller never gets the process: nothing of it may outlive the test
      child.kill('SIGKILL');
      reject(new Error(`no listening line in: ${buffered}`));
      // a start of several processes, each migrating and seeding, on a busy machine
    }, 40_000);
    const check = (): void => {
      const match = LISTENING.exec(buffered);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout.on('data', check);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}: ${buffered}`));
    });
  });
  return {
    child,
    port,
    url: `http://127.0.0.1:${port}`,
    output: () => buffered,
    lines: () => buffered.split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

/** How the process ended (at once if it already has). */
export function exited(child: MainChild): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
}

/** Sends SIGTERM and gives the exit code. */
export async function stopMain(running: MainProcess): Promise<number | null> {
  const ended = exited(running.child);
  running.child.kill('SIGTERM');
  return (await ended).code;
}

/** Waits for a log line of `msg` as the process writes it (up to 20 s). */
export async function logLine(running: MainProcess, msg: string): Promise<Record<string, unknown>> {
  for (let tries = 0; tries < 400; tries++) {
    const line = running.lines().find((each) => each.msg === msg);
    if (line) return line;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no line '${msg}' in: ${running.output()}`);
}

/** The JSON log lines of a process's output (other lines, such as a stack, left out). */
export function jsonLogLines(output: string): Record<string, unknown>[] {
  return output.split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as Record<string, unknown>);
}

/**
 * Runs the server (bundled, as startMain) from the project root with `env` over the test defaults
 * (a free loopback port, an owner password, info logs) until it exits, which a start that refuses
 * does at once; one still running after 30 s is killed. Its exit code and everything it wrote.
 * `args` runs another bundle (node's arguments) in place of the current sources' server.
 */
export async function runMainToExit(env: Record<string, string>, args?: readonly string[]): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [...(args ?? await bundledServerArgs())], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', OWNER_PASSWORD: 'main test password', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  child.stderr.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}
