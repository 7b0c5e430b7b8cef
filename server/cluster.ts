import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';
import { serverMessages } from './messages.ts';

/**
 * How a server process ends when it cannot serve for a reason only the operator can mend (the
 * port is taken or not allowed, the template folder does not load): starting another would fail
 * the same way, so the primary stops instead (sysexits' EX_CONFIG).
 */
export const CANNOT_SERVE_EXIT_CODE = 78;

/** A worker that dies sooner than this after starting counts towards the crash back-off. */
const QUICK_EXIT_MS = 5_000;
const MAX_RESTART_DELAY_MS = 30_000;
/** How long the workers get to drain their requests after SIGTERM before they are killed. */
const DRAIN_TIMEOUT_MS = 15_000;

/**
 * WORKERS=N: this process is the primary of N server processes that share the listening port
 * (node:cluster). It only supervises: a worker that dies is replaced (with a growing delay when
 * workers keep dying at start-up, so a broken configuration does not spin), and SIGTERM/SIGINT
 * are passed on so every worker drains its requests before the primary exits. `onServing` is
 * called once, with the port, when all N first listen (the start-up summary, said once rather
 * than by each worker).
 */
export function superviseWorkers(count: number, log: Logger, onServing?: (port: number) => void): void {
  let stopping = false;
  const listening = new Set<Worker>();
  let served = false;
  /** What the primary exits with once its workers are gone: 1 after a worker could not serve. */
  let exitCode = 0;
  let quickExits = 0;
  const startedAt = new Map<Worker, number>();

  const fork = (): void => {
    const worker = cluster.fork();
    startedAt.set(worker, Date.now());
  };

  cluster.on('listening', (worker, address) => {
    listening.add(worker);
    if (served || listening.size < count) return;
    served = true;
    onServing?.(address.port);
  });

  cluster.on('exit', (worker, code, signal) => {
    listening.delete(worker);
    const lived = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    if (stopping) {
      if (startedAt.size === 0) process.exit(exitCode);
      return;
    }
    if (code === CANNOT_SERVE_EXIT_CODE) {
      // The worker said why; every other worker would meet the same problem. Said as the reason to
      // stop, where 'shutting down' with a signal read as if someone had sent one.
      exitCode = 1;
      log.error({ workerPid: worker.process.pid, code }, serverMessages.workerCannotServeLog);
      stop(null);
      return;
    }
    quickExits = lived < QUICK_EXIT_MS ? quickExits + 1 : 0;
    const delay = quickExits === 0 ? 0 : Math.min(MAX_RESTART_DELAY_MS, 500 * 2 ** (quickExits - 1));
    // pid is the primary's own (pino writes it on every line): the worker's is workerPid
    log.warn({ workerPid: worker.process.pid, code, signal, restartInMs: delay }, serverMessages.workerExitedLog);
    setTimeout(() => {
      if (!stopping) fork();
    }, delay).unref();
  });

  /** Stops every worker: on a signal, or (null) on a worker that cannot serve, already said. */
  const stop = (signal: NodeJS.Signals | null): void => {
    if (stopping) return;
    stopping = true;
    if (signal !== null) log.info({ signal, workers: startedAt.size }, 'shutting down');
    if (startedAt.size === 0) process.exit(exitCode);
    for (const worker of startedAt.keys()) worker.process.kill('SIGTERM');
    setTimeout(() => {
      for (const worker of startedAt.keys()) worker.process.kill('SIGKILL');
      process.exit(1);
    }, DRAIN_TIMEOUT_MS).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  log.info({ workers: count }, serverMessages.workersStartingLog);
  for (let i = 0; i < count; i++) fork();
}

/** True in the primary of a WORKERS=N start (it supervises and serves nothing itself). */
export function isClusterPrimary(workers: number): boolean {
  return workers > 1 && cluster.isPrimary;
}

/**
 * Whether this process says the start-up advice (settings an operator may want to change): the
 * only process, or the first worker of a cluster, so WORKERS=N does not repeat it N times.
 */
export function givesStartupAdvice(): boolean {
  return !cluster.isWorker || cluster.worker?.id === 1;
}
