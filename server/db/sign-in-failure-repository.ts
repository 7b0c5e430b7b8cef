import type Database from 'better-sqlite3';

/** Failed sign-ins of one account from one client address. */
export interface SignInFailureRecord {
  failures: number;
  lastFailureOn: number;
  /** No attempt of this pair is checked before this time (epoch ms). */
  blockedUntil: number;
}

interface FailureRow {
  failures: number;
  last_failure_on: number;
  blocked_until: number;
}

/**
 * Failed sign-ins per account and client address, shared by every process on the database file,
 * so the back-off holds whichever process answers the next attempt.
 */
export class SignInFailureRepository {
  private readonly read: Database.Statement<[string, string], FailureRow>;
  private readonly count: Database.Statement<{ account: string; address: string; now: number; forgetBefore: number }, FailureRow>;
  private readonly block: Database.Statement<[number, string, string]>;
  private readonly clear: Database.Statement<[string, string]>;
  private readonly sweep: Database.Statement<[number]>;

  constructor(db: Database.Database) {
    this.read = db.prepare('SELECT failures, last_failure_on, blocked_until FROM sign_in_failures WHERE account = ? AND address = ?');
    // a pair quiet for long enough starts again from one failure
    this.count = db.prepare(
      `INSERT INTO sign_in_failures (account, address, failures, last_failure_on, blocked_until)
       VALUES (@account, @address, 1, @now, 0)
       ON CONFLICT (account, address) DO UPDATE SET
         failures = CASE WHEN last_failure_on < @forgetBefore THEN 1 ELSE failures + 1 END,
         last_failure_on = @now
       RETURNING failures, last_failure_on, blocked_until`,
    );
    this.block = db.prepare('UPDATE sign_in_failures SET blocked_until = ? WHERE account = ? AND address = ?');
    this.clear = db.prepare('DELETE FROM sign_in_failures WHERE account = ? AND address = ?');
    this.sweep = db.prepare('DELETE FROM sign_in_failures WHERE last_failure_on < ?');
  }

  find(account: string, address: string): SignInFailureRecord | undefined {
    const row = this.read.get(account, address);
    return row ? { failures: row.failures, lastFailureOn: row.last_failure_on, blockedUntil: row.blocked_until } : undefined;
  }

  /** Counts one more failure of the pair; failures older than forgetBefore no longer count. */
  recordFailure(account: string, address: string, now: number, forgetBefore: number): SignInFailureRecord {
    const row = this.count.get({ account, address, now, forgetBefore }) as FailureRow;
    return { failures: row.failures, lastFailureOn: row.last_failure_on, blockedUntil: row.blocked_until };
  }

  blockUntil(account: string, address: string, until: number): void {
    this.block.run(until, account, address);
  }

  /** A correct password from the pair wipes its record. */
  clearFailures(account: string, address: string): void {
    this.clear.run(account, address);
  }

  deleteOlderThan(cutoff: number): number {
    return this.sweep.run(cutoff).changes;
  }
}
