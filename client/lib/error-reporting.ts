/**
 * JavaScript error reporting: errors are queued and sent in batches, at most
 * 20 sends per page, at most 10 queued, stacks cut to 5000 characters, sends
 * debounced by one second.
 */
import { api } from './api.ts';
import { API_PATHS } from './api-paths.ts';

export const ERROR_REPORTING_LIMITS = {
  maxSends: 20,
  maxQueued: 10,
  maxStackLength: 5000,
  debounceMs: 1000,
} as const;

export interface ReportedError {
  event: 'JavascriptError';
  data: { message: string; stack: string; url: string };
  timestamp: number;
}

export type ErrorSender = (batch: ReportedError[]) => Promise<unknown>;

const defaultSender: ErrorSender = (batch) => api.post(API_PATHS.javascriptErrors, batch);

export class ErrorReporter {
  private queue: ReportedError[] = [];
  private sends = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly send: ErrorSender = defaultSender) {}

  /** Queues an error; returns false when it was dropped by a limit. */
  report(error: unknown): boolean {
    if (this.sends >= ERROR_REPORTING_LIMITS.maxSends) return false;
    if (this.queue.length >= ERROR_REPORTING_LIMITS.maxQueued) return false;
    const asError = error instanceof Error ? error : new Error(String(error));
    this.queue.push({
      event: 'JavascriptError',
      data: {
        message: asError.message,
        stack: (asError.stack ?? '').slice(0, ERROR_REPORTING_LIMITS.maxStackLength),
        url: typeof location === 'undefined' ? '' : location.href,
      },
      timestamp: Date.now(),
    });
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.flush(), ERROR_REPORTING_LIMITS.debounceMs);
    return true;
  }

  private flush(): void {
    this.timer = null;
    if (this.queue.length === 0 || this.sends >= ERROR_REPORTING_LIMITS.maxSends) return;
    const batch = this.queue;
    this.queue = [];
    this.sends += 1;
    // A failing report must never raise another report.
    void this.send(batch).catch(() => undefined);
  }

  get sendCount(): number {
    return this.sends;
  }

  get queuedCount(): number {
    return this.queue.length;
  }
}

const pageReporter = new ErrorReporter();

/** Reports through the page's single reporter. */
export function reportError(error: unknown): void {
  pageReporter.report(error);
}
