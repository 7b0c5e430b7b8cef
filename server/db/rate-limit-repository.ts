import type Database from 'better-sqlite3';

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
 * database file. Each change is one statement, so two processes counting the same key at once
 * are serialised by SQLite and never lose a hit.
 */
export class RateLimitRepository {
  private readonly bump: Database.Statement<{ key: string; now: number; resetOn: number }, CounterRow>;
  private readonly lower: Database.Statement<{ key: string; now: number }>;
  private readonly read: Database.Statement<{ key: string; now: number }, CounterRow>;
  private readonly remove: Database.Statement<[string]>;
  private readonly removePrefix: Database.Statement<{ prefix: string }>;
  private readonly sweep: Database.Statement<[number]>;

  constructor(db: Database.Database) {
    // A window that has ended starts afresh at one hit.
    this.bump = db.prepare(
      `INSERT INTO rate_limit_counters (key, hits, reset_on) VALUES (@key, 1, @resetOn)
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN reset_on <= @now THEN 1 ELSE hits + 1 END,
         reset_on = CASE WHEN reset_on <= @now THEN excluded.reset_on ELSE reset_on END
       RETURNING hits, reset_on`,
    );
    this.lower = db.prepare('UPDATE rate_limit_counters SET hits = hits - 1 WHERE key = @key AND hits > 0 AND reset_on > @now');
    this.read = db.prepare('SELECT hits, reset_on FROM rate_limit_counters WHERE key = @key AND reset_on > @now');
    this.remove = db.prepare('DELETE FROM rate_limit_counters WHERE key = ?');
    this.removePrefix = db.prepare('DELETE FROM rate_limit_counters WHERE substr(key, 1, length(@prefix)) = @prefix');
    this.sweep = db.prepare('DELETE FROM rate_limit_counters WHERE reset_on <= ?');
  }

  /** Counts one hit for the key; a key without a live window gets one of windowMs. */
  increment(key: string, windowMs: number, now = Date.now()): RateLimitCount {
    const row = this.bump.get({ key, now, resetOn: now + windowMs }) as CounterRow;
    return { hits: row.hits, resetOn: row.reset_on };
  }

  /** Takes one hit back (a request the limiter was told not to count after all). */
  decrement(key: string, now = Date.now()): void {
    this.lower.run({ key, now });
  }

  /** The key's live window, if it has one. */
  get(key: string, now = Date.now()): RateLimitCount | undefined {
    const row = this.read.get({ key, now });
    return row ? { hits: row.hits, resetOn: row.reset_on } : undefined;
  }

  reset(key: string): void {
    this.remove.run(key);
  }

  /** Forgets every key that starts with the prefix (one limiter's counters). */
  resetAll(prefix: string): void {
    this.removePrefix.run({ prefix });
  }

  /** Deletes the rows of windows that have ended; returns how many. */
  deleteExpired(now = Date.now()): number {
    return this.sweep.run(now).changes;
  }
}
