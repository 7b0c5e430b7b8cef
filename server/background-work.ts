import type { Logger } from 'pino';
import { serverMessages } from './messages.ts';

/**
 * Work a call starts after it has answered: tracking records written on the next turn of the
 * event loop, restock notices delivered one after another. Each piece is kept until it ends, so
 * closing the app waits for it before the store closes (nothing queued is cut off or written to a
 * closed store), and tests can wait for it instead of sleeping.
 */
export class BackgroundWork {
  readonly #running = new Set<Promise<void>>();

  constructor(private readonly log: Logger) {}

  /** Starts `work` now; a failure is logged, never thrown at whoever started it. */
  start(work: () => Promise<unknown>): void {
    const running: Promise<void> = work()
      .then(() => undefined, (err: unknown) => {
        this.log.error({ err: err instanceof Error ? err.message : String(err) }, serverMessages.backgroundWorkFailedLog);
      })
      .finally(() => this.#running.delete(running));
    this.#running.add(running);
  }

  /** How many pieces are running now (said when a shutdown cuts them off). */
  get running(): number {
    return this.#running.size;
  }

  /** Resolves once no work is running, including work started by work that was running. */
  async settled(): Promise<void> {
    while (this.#running.size > 0) await Promise.all(this.#running);
  }
}
