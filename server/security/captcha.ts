import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { CaptchaOptions } from '../deps.ts';
import { fillMessage } from '../messages.ts';
import { platformMessages } from '../platform-messages.ts';

/**
 * The built-in captcha: no third-party script can load here, so the server itself issues a small
 * arithmetic challenge, signed with an HMAC key so it needs no storage, and turns a correct answer
 * into a short-lived single-use token. Forms send that token as captchaKey, restock sign-ups as
 * captchaToken; both are checked with verify().
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

export interface LocalCaptcha extends CaptchaOptions {
  issueChallenge(action: CaptchaAction): CaptchaChallenge;
  solveChallenge(challenge: string, answer: string): CaptchaSolveResult;
}

export interface LocalCaptchaSettings {
  /** HMAC key; a random one is made when absent (tokens then do not survive a restart). */
  secret?: string;
  /** Public key printed into pages (captchaSettings.siteKey). */
  siteKey?: string;
  challengeTtlMs?: number;
  tokenTtlMs?: number;
  /** Clock, for tests. */
  now?: () => number;
}

const MAX_REMEMBERED_TOKENS = 100_000;

function isAction(value: string): value is CaptchaAction {
  return (CAPTCHA_ACTIONS as readonly string[]).includes(value);
}

export function isLocalCaptcha(captcha: CaptchaOptions | undefined): captcha is LocalCaptcha {
  return captcha !== undefined && 'issueChallenge' in captcha && 'solveChallenge' in captcha;
}

export function createLocalCaptcha(settings: LocalCaptchaSettings = {}): LocalCaptcha {
  const secret = settings.secret ?? randomBytes(32).toString('base64url');
  const challengeTtl = settings.challengeTtlMs ?? 10 * 60 * 1000;
  const tokenTtl = settings.tokenTtlMs ?? 5 * 60 * 1000;
  const now = settings.now ?? Date.now;
  // nonce -> expiry of tokens already redeemed, so a token works once
  const redeemed = new Map<string, number>();

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
  const forgetExpired = (at: number): void => {
    for (const [nonce, expiry] of redeemed) if (expiry <= at) redeemed.delete(nonce);
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

    solveChallenge(challenge, answer) {
      const pieces = openSigned('challenge', challenge, 4);
      if (!pieces) return { ok: false, message: platformMessages.captchaWrongAnswer };
      const [nonce, action, expiresText, answerDigest] = pieces;
      if (Number(expiresText) <= now()) return { ok: false, message: platformMessages.captchaChallengeExpired };
      if (!sameSignature(sign(`answer:${nonce}:${answer.trim()}`), answerDigest)) {
        return { ok: false, message: platformMessages.captchaWrongAnswer };
      }
      const expiresOn = now() + tokenTtl;
      const body = [nonce, action, String(expiresOn)].join('.');
      return { ok: true, token: `${body}.${sign(`token:${body}`)}`, expiresOn };
    },

    verify(token) {
      const pieces = openSigned('token', token, 3);
      if (!pieces) return false;
      const [nonce, action, expiresText] = pieces;
      const expiresOn = Number(expiresText);
      const at = now();
      if (!isAction(action) || !(expiresOn > at)) return false;
      if (redeemed.has(nonce)) return false;
      if (redeemed.size >= MAX_REMEMBERED_TOKENS) forgetExpired(at);
      if (redeemed.size >= MAX_REMEMBERED_TOKENS) return false;
      redeemed.set(nonce, expiresOn);
      return true;
    },
  };
}
