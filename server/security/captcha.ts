import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { CaptchaOptions } from '../deps.ts';
import { fillMessage } from '../messages.ts';
import { platformMessages } from '../platform-messages.ts';

/**
 * The built-in captcha: no third-party script can load here, so the server itself issues a small
 * arithmetic challenge, signed with an HMAC key, and turns a correct answer into a short-lived
 * token for the challenge's action. Forms send that token as captchaKey, restock sign-ups as
 * captchaToken; both are checked with verify(token, action): a token works once, and only for
 * the action it was issued for. What must be remembered (tokens redeemed, wrong answers per
 * challenge) goes to a ledger: the store's when the app binds it, so all processes agree; without
 * CAPTCHA_SECRET the app also swaps in a signing key kept in the store (shared-captcha.ts).
 */

/** The captcha actions of the platform. */
export const CAPTCHA_ACTIONS = ['form_block', 'newsletter_block', 'product_waitlist', 'promo_popup'] as const;
export type CaptchaAction = (typeof CAPTCHA_ACTIONS)[number];

export interface CaptchaChallenge {
  /** Opaque signed challenge to send back with the answer. */
  challenge: string;
  /** The question shown to the visitor. */
  prompt: string;
  expiresOn: number;
}

export type CaptchaSolveResult =
  | { ok: true; token: string; expiresOn: number }
  | { ok: false; message: string };

/** What the captcha must remember between requests. */
export interface CaptchaLedger {
  /** Records a token's nonce as used; false when it had been used already. */
  redeem(nonce: string, expiresOn: number, now: number): Promise<boolean>;
  /** Counts one answer to a challenge and gives the count so far, this one included (one atomic step). */
  countAnswer(challengeNonce: string, expiresOn: number, now: number): Promise<number>;
}

export interface LocalCaptcha extends CaptchaOptions {
  issueChallenge(action: CaptchaAction): CaptchaChallenge;
  solveChallenge(challenge: string, answer: string): Promise<CaptchaSolveResult>;
  verify(token: string, action: CaptchaAction): Promise<boolean>;
  /** True when no key was given and this process made its own (see withLedger's signingKey). */
  readonly keyMadeByProcess: boolean;
  /**
   * The same captcha (lifetimes, and key unless signingKey is given) remembering through another
   * ledger; signingKey replaces a key this process made, with one every process shares.
   */
  withLedger(ledger: CaptchaLedger, signingKey?: string): LocalCaptcha;
}

export interface LocalCaptchaSettings {
  /** HMAC key; a random one is made when absent (the app then swaps in the key its store keeps). */
  secret?: string;
  /** Public key printed into pages (captchaSettings.siteKey). */
  siteKey?: string;
  challengeTtlMs?: number;
  tokenTtlMs?: number;
  /** Clock, for tests. */
  now?: () => number;
  /** Where redeemed tokens and wrong answers are kept; this process's memory when absent. */
  ledger?: CaptchaLedger;
}

/** Wrong answers one challenge accepts; then even the right answer is refused and a new challenge is needed. */
export const CAPTCHA_WRONG_ANSWERS_ALLOWED = 3;

const MAX_REMEMBERED_ENTRIES = 100_000;

/** A ledger in this process's memory (a captcha used without a database, as in unit tests). */
export function createMemoryCaptchaLedger(): CaptchaLedger {
  const redeemed = new Map<string, number>();
  const answers = new Map<string, { count: number; expiresOn: number }>();
  const forgetExpired = (now: number): void => {
    for (const [nonce, expiry] of redeemed) if (expiry <= now) redeemed.delete(nonce);
    for (const [nonce, entry] of answers) if (entry.expiresOn <= now) answers.delete(nonce);
  };
  return {
    async redeem(nonce, expiresOn, now) {
      if (redeemed.has(nonce)) return false;
      if (redeemed.size >= MAX_REMEMBERED_ENTRIES) forgetExpired(now);
      // full of live tokens: refusing is safer than forgetting one that could then be replayed
      if (redeemed.size >= MAX_REMEMBERED_ENTRIES) return false;
      redeemed.set(nonce, expiresOn);
      return true;
    },
    async countAnswer(challengeNonce, expiresOn, now) {
      if (answers.size >= MAX_REMEMBERED_ENTRIES) forgetExpired(now);
      const count = (answers.get(challengeNonce)?.count ?? 0) + 1;
      answers.set(challengeNonce, { count, expiresOn });
      return count;
    },
  };
}

function isAction(value: string): value is CaptchaAction {
  return (CAPTCHA_ACTIONS as readonly string[]).includes(value);
}

export function isLocalCaptcha(captcha: CaptchaOptions | undefined): captcha is LocalCaptcha {
  return captcha !== undefined && 'issueChallenge' in captcha && 'solveChallenge' in captcha;
}

export function createLocalCaptcha(settings: LocalCaptchaSettings = {}): LocalCaptcha {
  const keyMadeByProcess = settings.secret === undefined;
  return buildLocalCaptcha(settings, settings.secret ?? randomBytes(32).toString('base64url'), keyMadeByProcess);
}

function buildLocalCaptcha(settings: LocalCaptchaSettings, secret: string, keyMadeByProcess: boolean): LocalCaptcha {
  const challengeTtl = settings.challengeTtlMs ?? 10 * 60 * 1000;
  const tokenTtl = settings.tokenTtlMs ?? 5 * 60 * 1000;
  const now = settings.now ?? Date.now;
  const ledger = settings.ledger ?? createMemoryCaptchaLedger();

  const sign = (text: string): string => createHmac('sha256', secret).update(text).digest('base64url');
  const sameSignature = (a: string, b: string): boolean => {
    const left = Buffer.from(a);
    const right = Buffer.from(b);
    return left.length === right.length && timingSafeEqual(left, right);
  };
  /** Splits "a.b.c.sig" and checks the signature over "kind:a.b.c". */
  const openSigned = (kind: string, value: string, parts: number): string[] | null => {
    const pieces = value.split('.');
    if (pieces.length !== parts + 1) return null;
    const signature = pieces.pop() as string;
    return sameSignature(sign(`${kind}:${pieces.join('.')}`), signature) ? pieces : null;
  };

  return {
    siteKey: settings.siteKey ?? 'local-captcha',

    issueChallenge(action) {
      const left = randomInt(1, 10);
      const right = randomInt(1, 10);
      const nonce = randomBytes(12).toString('base64url');
      const expiresOn = now() + challengeTtl;
      const answerDigest = sign(`answer:${nonce}:${left + right}`);
      const body = [nonce, action, String(expiresOn), answerDigest].join('.');
      return {
        challenge: `${body}.${sign(`challenge:${body}`)}`,
        prompt: fillMessage(platformMessages.captchaPrompt, { left, right }),
        expiresOn,
      };
    },

    keyMadeByProcess,

    async solveChallenge(challenge, answer) {
      const pieces = openSigned('challenge', challenge, 4);
      if (!pieces) return { ok: false, message: platformMessages.captchaWrongAnswer };
      const [nonce, action, expiresText, answerDigest] = pieces;
      const challengeExpiresOn = Number(expiresText);
      const at = now();
      if (challengeExpiresOn <= at) return { ok: false, message: platformMessages.captchaChallengeExpired };
      // blind guessing gets a few tries per challenge (and challenges per client are rate limited);
      // the answer is counted before it is checked, so parallel guesses cannot exceed the count
      const attempt = await ledger.countAnswer(nonce, challengeExpiresOn, at);
      if (attempt > CAPTCHA_WRONG_ANSWERS_ALLOWED) return { ok: false, message: platformMessages.captchaTooManyWrongAnswers };
      if (!sameSignature(sign(`answer:${nonce}:${answer.trim()}`), answerDigest)) {
        return { ok: false, message: attempt === CAPTCHA_WRONG_ANSWERS_ALLOWED ? platformMessages.captchaTooManyWrongAnswers : platformMessages.captchaWrongAnswer };
      }
      const expiresOn = now() + tokenTtl;
      const body = [nonce, action, String(expiresOn)].join('.');
      return { ok: true, token: `${body}.${sign(`token:${body}`)}`, expiresOn };
    },

    async verify(token, expectedAction) {
      const pieces = openSigned('token', token, 3);
      if (!pieces) return false;
      const [nonce, action, expiresText] = pieces;
      const expiresOn = Number(expiresText);
      const at = now();
      // a token solved for one action (a contact form) is no key to another (a sign-up)
      if (!isAction(action) || action !== expectedAction || !(expiresOn > at)) return false;
      return ledger.redeem(nonce, expiresOn, at);
    },

    withLedger(other, signingKey) {
      // a key given in the settings (CAPTCHA_SECRET) always wins over the store's
      if (signingKey !== undefined && keyMadeByProcess) return buildLocalCaptcha({ ...settings, ledger: other }, signingKey, false);
      return buildLocalCaptcha({ ...settings, ledger: other }, secret, keyMadeByProcess);
    },
  };
}
