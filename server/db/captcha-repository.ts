import type Database from 'better-sqlite3';

const SWEEP_EVERY_MS = 60_000;

/**
 * What the built-in captcha remembers, shared by every process on the database file: the nonces
 * of tokens already redeemed (so a token works once anywhere) and the wrong answers given to each
 * challenge. Rows are kept until the token or challenge would have expired anyway.
 */
export class CaptchaRepository {
  private readonly insertRedeemed: Database.Statement<[string, number]>;
  private readonly bumpWrong: Database.Statement<[string, number], { wrong_answers: number }>;
  private readonly readWrong: Database.Statement<[string, number], { wrong_answers: number }>;
  private readonly sweepRedeemed: Database.Statement<[number]>;
  private readonly sweepWrong: Database.Statement<[number]>;
  private lastSweep = 0;

  constructor(db: Database.Database) {
    this.insertRedeemed = db.prepare('INSERT OR IGNORE INTO captcha_redeemed_tokens (nonce, expires_on) VALUES (?, ?)');
    this.bumpWrong = db.prepare(
      `INSERT INTO captcha_wrong_answers (challenge_nonce, wrong_answers, expires_on) VALUES (?, 1, ?)
       ON CONFLICT (challenge_nonce) DO UPDATE SET wrong_answers = wrong_answers + 1
       RETURNING wrong_answers`,
    );
    this.readWrong = db.prepare('SELECT wrong_answers FROM captcha_wrong_answers WHERE challenge_nonce = ? AND expires_on > ?');
    this.sweepRedeemed = db.prepare('DELETE FROM captcha_redeemed_tokens WHERE expires_on <= ?');
    this.sweepWrong = db.prepare('DELETE FROM captcha_wrong_answers WHERE expires_on <= ?');
  }

  /** True when this call is the first to redeem the nonce; the insert decides, so two processes cannot both win. */
  redeem(nonce: string, expiresOn: number, now: number): boolean {
    this.sweep(now);
    return this.insertRedeemed.run(nonce, expiresOn).changes === 1;
  }

  countWrongAnswer(challengeNonce: string, expiresOn: number, now: number): number {
    this.sweep(now);
    return (this.bumpWrong.get(challengeNonce, expiresOn) as { wrong_answers: number }).wrong_answers;
  }

  wrongAnswers(challengeNonce: string, now: number): number {
    return this.readWrong.get(challengeNonce, now)?.wrong_answers ?? 0;
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    this.sweepRedeemed.run(now);
    this.sweepWrong.run(now);
  }
}
