import { randomBytes } from 'node:crypto';
import type { StoreSession } from './store.ts';

const SWEEP_EVERY_MS = 60_000;

/** The server_secrets row holding the built-in captcha's signing key when CAPTCHA_SECRET is unset. */
export const CAPTCHA_KEY_SECRET_NAME = 'captcha-signing-key';

/**
 * What the built-in captcha remembers, shared by every process on the store: the nonces of
 * tokens already redeemed (so a token works once anywhere) and the answers given to each
 * challenge. Rows are kept until the token or challenge would have expired anyway.
 */
export class CaptchaRepository {
  private lastSweep = 0;

  constructor(private readonly session: StoreSession) {}

  /** True when this call is the first to redeem the nonce; the insert decides, so two processes cannot both win. */
  async redeem(nonce: string, expiresOn: number, now: number): Promise<boolean> {
    await this.sweep(now);
    const result = await this.session.run(
      'INSERT INTO captcha_redeemed_tokens (nonce, expires_on) VALUES (?, ?) ON CONFLICT (nonce) DO NOTHING',
      [nonce, expiresOn],
    );
    return result.changes === 1;
  }

  /** Counts one answer to the challenge in one statement and gives the count, this one included. */
  async countAnswer(challengeNonce: string, expiresOn: number, now: number): Promise<number> {
    await this.sweep(now);
    const row = await this.session.get<{ attempts: number }>(
      `INSERT INTO captcha_answer_attempts (challenge_nonce, attempts, expires_on) VALUES (?, 1, ?)
       ON CONFLICT (challenge_nonce) DO UPDATE SET attempts = captcha_answer_attempts.attempts + 1
       RETURNING attempts`,
      [challengeNonce, expiresOn],
    );
    return Number(row!.attempts);
  }

  /**
   * The signing key every process on the store shares: made (32 random bytes) by the first
   * process that asks, read by the others. With `create` false (a read-only store) only read.
   */
  async sharedSigningKey(create: boolean): Promise<string | undefined> {
    if (create) {
      // two processes may get here at once: the first insert wins and both read its value
      await this.session.run('INSERT INTO server_secrets (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING', [
        CAPTCHA_KEY_SECRET_NAME,
        randomBytes(32).toString('base64url'),
      ]);
    }
    const row = await this.session.get<{ value: string }>('SELECT value FROM server_secrets WHERE name = ?', [CAPTCHA_KEY_SECRET_NAME]);
    return row?.value;
  }

  private async sweep(now: number): Promise<void> {
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    await this.session.run('DELETE FROM captcha_redeemed_tokens WHERE expires_on <= ?', [now]);
    await this.session.run('DELETE FROM captcha_answer_attempts WHERE expires_on <= ?', [now]);
  }
}
