import type Database from 'better-sqlite3';

const SWEEP_EVERY_MS = 60_000;

/**
 * What the built-in captcha remembers, shared by every process on the database file: the nonces
 * of tokens already redeemed (so a token works once anywhere) and the answers given to each
 * challenge. Rows are kept until the token or challenge would have expired anyway.
 */
export class CaptchaRepository {
  private readonly insertRedeemed: Database.Statement<[string, number]>;
  private readonly bumpAttempts: Database.Statement<[string, number], { attempts: number }>;
  private readonly sweepRedeemed: Database.Statement<[number]>;
  private readonly sweepAttempts: Database.Statement<[number]>;
  private lastSweep = 0;

  constructor(db: Database.Database) {
    this.insertRedeemed = db.prepare('INSERT OR IGNORE INTO captcha_redeemed_tokens (nonce, expires_on) VALUES (?, ?)');
    this.bumpAttempts = db.prepare(
      `INSERT INTO captcha_answer_attempts (challenge_nonce, attempts, expires_on) VALUES (?, 1, ?)
       ON CONFLICT (challenge_nonce) DO UPDATE SET attempts = attempts + 1
       RETURNING attempts`,
    );
    this.sweepRedeemed = db.prepare('DELETE FROM captcha_redeemed_tokens WHERE expires_on <= ?');
    this.sweepAttempts = db.prepare('DELETE FROM captcha_answer_attempts WHERE expires_on <= ?');
  }

  /** True when this call is the first to redeem the nonce; the insert decides, so two processes cannot both win. */
  redeem(nonce: string, expiresOn: number, now: number): boolean {
    this.sweep(now);
    return this.insertRedeemed.run(nonce, expiresOn).changes === 1;
  }

  /** Counts one answer to the challenge in one statement and gives the count, this one included. */
  countAnswer(challengeNonce: string, expiresOn: number, now: number): number {
    this.sweep(now);
    return (this.bumpAttempts.get(challengeNonce, expiresOn) as { attempts: number }).attempts;
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    this.sweepRedeemed.run(now);
    this.sweepAttempts.run(now);
  }
}
