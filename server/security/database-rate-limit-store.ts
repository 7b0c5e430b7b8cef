import type { ClientRateLimitInfo, IncrementResponse, Options, Store } from 'express-rate-limit';
import type { RateLimitRepository } from '../db/rate-limit-repository.ts';

/** How often, at most, one store deletes the counters of ended windows. */
const SWEEP_EVERY_MS = 60_000;

/**
 * An express-rate-limit store whose counters live in the database, so every process serving
 * the same store counts against one budget. Keys are prefixed with the limiter's call
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

  async increment(key: string): Promise<IncrementResponse> {
    const now = Date.now();
    // expiry rides on the traffic that creates rows, so no timer keeps the process alive
    if (now - this.lastSweep >= SWEEP_EVERY_MS) {
      this.lastSweep = now;
      await this.counters.deleteExpired(now);
    }
    const count = await this.counters.increment(this.prefix + key, this.windowMs, now);
    return { totalHits: count.hits, resetTime: new Date(count.resetOn) };
  }

  async decrement(key: string): Promise<void> {
    await this.counters.decrement(this.prefix + key);
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const count = await this.counters.get(this.prefix + key);
    return count ? { totalHits: count.hits, resetTime: new Date(count.resetOn) } : undefined;
  }

  async resetKey(key: string): Promise<void> {
    await this.counters.reset(this.prefix + key);
  }

  async resetAll(): Promise<void> {
    await this.counters.resetAll(this.prefix);
  }
}
