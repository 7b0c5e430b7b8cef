import type { ClientRateLimitInfo, IncrementResponse, Options, Store } from 'express-rate-limit';
import type { RateLimitRepository } from '../db/rate-limit-repository.ts';

/** How often, at most, one store deletes the counters of ended windows. */
const SWEEP_EVERY_MS = 60_000;

/**
 * An express-rate-limit store whose counters live in the database, so every process serving
 * the same database file counts against one budget. Keys are prefixed with the limiter's call
 * name, so limiters of different calls never share a counter, and limiters of the same call
 * (one on each checkout route, say) share one.
 */
export class DatabaseRateLimitStore implements Store {
  readonly localKeys = false;
  private windowMs = 60_000;
  private lastSweep = 0;

  constructor(private readonly counters: RateLimitRepository, readonly prefix: string) {}

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  increment(key: string): IncrementResponse {
    const now = Date.now();
    // expiry rides on the traffic that creates rows, so no timer keeps the process alive
    if (now - this.lastSweep >= SWEEP_EVERY_MS) {
      this.lastSweep = now;
      this.counters.deleteExpired(now);
    }
    const count = this.counters.increment(this.prefix + key, this.windowMs, now);
    return { totalHits: count.hits, resetTime: new Date(count.resetOn) };
  }

  decrement(key: string): void {
    this.counters.decrement(this.prefix + key);
  }

  get(key: string): ClientRateLimitInfo | undefined {
    const count = this.counters.get(this.prefix + key);
    return count ? { totalHits: count.hits, resetTime: new Date(count.resetOn) } : undefined;
  }

  resetKey(key: string): void {
    this.counters.reset(this.prefix + key);
  }

  resetAll(): void {
    this.counters.resetAll(this.prefix);
  }
}
