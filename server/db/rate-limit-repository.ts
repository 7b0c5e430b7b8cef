import type { StoreSession } from './store.ts';

export interface RateLimitCount {
  hits: number;
  /** When the key's window ends (epoch ms). */
  resetOn: number;
}

interface CounterRow {
  hits: number;
  reset_on: number;
}

/**
 * The rate limiter's fixed-window counters, one row per key, shared by every process on the
 * store. Each change is one statement (an upsert that increments), so two processes counting
 * the same key at once are serialised by the database and never lose a hit.
 */
export class RateLimitRepository {
  constructor(private readonly session: StoreSession) {}

  /** Counts one hit for the key; a key without a live window gets one of windowMs. */
  async increment(key: string, windowMs: number, now = Date.now()): Promise<RateLimitCount> {
    // A window that has ended starts afresh at one hit.
    const row = await this.session.get<CounterRow>(
      `INSERT INTO rate_limit_counters (key, hits, reset_on) VALUES (?, 1, ?)
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN rate_limit_counters.reset_on <= ? THEN 1 ELSE rate_limit_counters.hits + 1 END,
         reset_on = CASE WHEN rate_limit_counters.reset_on <= ? THEN excluded.reset_on ELSE rate_limit_counters.reset_on END
       RETURNING hits, reset_on`,
      [key, now + windowMs, now, now],
    );
    return { hits: Number(row!.hits), resetOn: Number(row!.reset_on) };
  }

  /** Takes one hit back (a request the limiter was told not to count after all). */
  async decrement(key: string, now = Date.now()): Promise<void> {
    await this.session.run('UPDATE rate_limit_counters SET hits = hits - 1 WHERE key = ? AND hits > 0 AND reset_on > ?', [key, now]);
  }

  /** The key's live window, if it has one. */
  async get(key: string, now = Date.now()): Promise<RateLimitCount | undefined> {
    const row = await this.session.get<CounterRow>('SELECT hits, reset_on FROM rate_limit_counters WHERE key = ? AND reset_on > ?', [key, now]);
    return row ? { hits: Number(row.hits), resetOn: Number(row.reset_on) } : undefined;
  }

  async reset(key: string): Promise<void> {
    await this.session.run('DELETE FROM rate_limit_counters WHERE key = ?', [key]);
  }

  /** Forgets every key that starts with the prefix (one limiter's counters). */
  async resetAll(prefix: string): Promise<void> {
    await this.session.run('DELETE FROM rate_limit_counters WHERE substr(key, 1, length(?)) = ?', [prefix, prefix]);
  }

  /** Deletes the rows of windows that have ended; returns how many. */
  async deleteExpired(now = Date.now()): Promise<number> {
    return (await this.session.run('DELETE FROM rate_limit_counters WHERE reset_on <= ?', [now])).changes;
  }
}
