import type { StoreSession } from './store.ts';

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

function toRecord(row: FailureRow): SignInFailureRecord {
  return { failures: Number(row.failures), lastFailureOn: Number(row.last_failure_on), blockedUntil: Number(row.blocked_until) };
}

/**
 * Failed sign-ins per account and client address, shared by every process on the store, so the
 * back-off holds whichever process answers the next attempt.
 */
export class SignInFailureRepository {
  constructor(private readonly session: StoreSession) {}

  /** The pair's record; `lock` takes its row lock on PostgreSQL (inside a transaction). */
  async find(account: string, address: string, lock = ''): Promise<SignInFailureRecord | undefined> {
    const row = await this.session.get<FailureRow>(
      `SELECT failures, last_failure_on, blocked_until FROM sign_in_failures WHERE account = ? AND address = ?${lock}`,
      [account, address],
    );
    return row ? toRecord(row) : undefined;
  }

  /** Counts one more failure of the pair; failures older than forgetBefore no longer count. */
  async recordFailure(account: string, address: string, now: number, forgetBefore: number): Promise<SignInFailureRecord> {
    // a pair quiet for long enough starts again from one failure
    const row = await this.session.get<FailureRow>(
      `INSERT INTO sign_in_failures (account, address, failures, last_failure_on, blocked_until)
       VALUES (?, ?, 1, ?, 0)
       ON CONFLICT (account, address) DO UPDATE SET
         failures = CASE WHEN sign_in_failures.last_failure_on < ? THEN 1 ELSE sign_in_failures.failures + 1 END,
         last_failure_on = excluded.last_failure_on
       RETURNING failures, last_failure_on, blocked_until`,
      [account, address, now, forgetBefore],
    );
    return toRecord(row!);
  }

  async blockUntil(account: string, address: string, until: number): Promise<void> {
    await this.session.run('UPDATE sign_in_failures SET blocked_until = ? WHERE account = ? AND address = ?', [until, account, address]);
  }

  /** Makes the pair wait until `until` unless it already waits longer (a row already gone stays gone). */
  async blockAtLeastUntil(account: string, address: string, until: number): Promise<void> {
    await this.session.run(
      'UPDATE sign_in_failures SET blocked_until = ? WHERE account = ? AND address = ? AND blocked_until < ?',
      [until, account, address, until],
    );
  }

  /** A correct password from the pair wipes its record. */
  async clearFailures(account: string, address: string): Promise<void> {
    await this.session.run('DELETE FROM sign_in_failures WHERE account = ? AND address = ?', [account, address]);
  }

  async deleteOlderThan(cutoff: number): Promise<number> {
    return (await this.session.run('DELETE FROM sign_in_failures WHERE last_failure_on < ?', [cutoff])).changes;
  }
}
