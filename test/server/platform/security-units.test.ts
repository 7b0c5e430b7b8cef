import { describe, expect, it } from 'vitest';
import { platformMessages } from '../../../server/platform-messages.ts';
import { createLocalCaptcha } from '../../../server/security/captcha.ts';
import { formatVisitorCookie, parseVisitorCookie } from '../../../server/security/census-cookie.ts';
import { CONTRIBUTOR_ROLES, roleAllows } from '../../../server/security/owner-permissions.ts';
import { hashPassword, verifyPassword } from '../../../server/security/passwords.ts';
import { slugify, storeNaming } from '../../../server/api/store-url-id.ts';

function solve(prompt: string): string {
  const [left, right] = (prompt.match(/\d+/g) ?? []).map(Number);
  return String(left + right);
}

describe('local captcha', () => {
  it('turns a right answer into a single-use token', async () => {
    const captcha = createLocalCaptcha();
    const challenge = captcha.issueChallenge('product_waitlist');
    const solved = await captcha.solveChallenge(challenge.challenge, solve(challenge.prompt));
    expect(solved.ok).toBe(true);
    if (!solved.ok) return;
    expect(await captcha.verify(solved.token, 'product_waitlist')).toBe(true);
    expect(await captcha.verify(solved.token, 'product_waitlist')).toBe(false);
  });

  it('refuses a wrong answer, a tampered challenge and a token from another key', async () => {
    const captcha = createLocalCaptcha();
    const challenge = captcha.issueChallenge('form_block');
    const wrong = String(Number(solve(challenge.prompt)) + 1);
    expect(await captcha.solveChallenge(challenge.challenge, wrong)).toEqual({ ok: false, message: platformMessages.captchaWrongAnswer });
    const tampered = challenge.challenge.replace('form_block', 'promo_popup');
    expect((await captcha.solveChallenge(tampered, solve(challenge.prompt))).ok).toBe(false);
    const other = createLocalCaptcha();
    const foreign = other.issueChallenge('form_block');
    const token = await other.solveChallenge(foreign.challenge, solve(foreign.prompt));
    expect(token.ok && (await captcha.verify(token.token, 'form_block'))).toBe(false);
  });

  it('expires challenges and tokens', async () => {
    let now = 1_000_000;
    const captcha = createLocalCaptcha({ now: () => now, challengeTtlMs: 1000, tokenTtlMs: 1000 });
    const late = captcha.issueChallenge('form_block');
    now += 1001;
    expect(await captcha.solveChallenge(late.challenge, solve(late.prompt))).toEqual({ ok: false, message: platformMessages.captchaChallengeExpired });
    const fresh = captcha.issueChallenge('form_block');
    const solved = await captcha.solveChallenge(fresh.challenge, solve(fresh.prompt));
    now += 1001;
    expect(solved.ok && (await captcha.verify(solved.token, 'form_block'))).toBe(false);
  });
});

describe('census visitor cookie format', () => {
  it('round-trips an id and four positive integers', () => {
    const visitor = { id: 'abc-123', firstVisit: 1, previousVisit: 2, currentVisit: 3, visitCount: 4 };
    expect(parseVisitorCookie(formatVisitorCookie(visitor))).toEqual(visitor);
  });

  it.each(['', 'abc', 'abc|1|2|3', 'abc|1|2|3|4|5', 'abc|0|2|3|4', 'abc|1.5|2|3|4', '|1|2|3|4', 'a;b|1|2|3|4'])('refuses %j', (value) => {
    expect(parseVisitorCookie(value)).toBeNull();
  });
});

describe('passwords', () => {
  it('verifies the right password only', async () => {
    const hash = await hashPassword('s3cret phrase');
    expect(await verifyPassword('s3cret phrase', hash)).toBe(true);
    expect(await verifyPassword('s3cret phrase ', hash)).toBe(false);
    expect(await verifyPassword('s3cret phrase', 'scrypt$1$1$1$AA==$AA==')).toBe(false);
    expect(await verifyPassword('s3cret phrase', 'plain')).toBe(false);
  });
});

describe('store url ids', () => {
  it('slugs titles', () => {
    expect(slugify('  Crème Brûlée & Co.  ')).toBe('creme-brulee-co');
    expect(slugify('!!!')).toBe('');
  });

  it('falls back when the title is empty, short, or slugs to under 3 characters', () => {
    expect(storeNaming('My Shop', 'Store')).toEqual({ title: 'My Shop', urlId: 'my-shop' });
    expect(storeNaming('', 'Store')).toEqual({ title: 'Store', urlId: 'store' });
    expect(storeNaming('ab', 'Store')).toEqual({ title: 'Store', urlId: 'store' });
    expect(storeNaming('€€€', 'Online Store')).toEqual({ title: 'Online Store', urlId: 'online-store' });
  });
});

describe('role permissions', () => {
  it('follows the documented table', () => {
    expect(roleAllows(CONTRIBUTOR_ROLES.storeManager, 'restock.send')).toBe(true);
    expect(roleAllows(CONTRIBUTOR_ROLES.storeManager, 'site.edit')).toBe(false);
    expect(roleAllows(CONTRIBUTOR_ROLES.viewer, 'restock.read')).toBe(true);
    expect(roleAllows(CONTRIBUTOR_ROLES.viewer, 'restock.send')).toBe(false);
    expect(roleAllows(CONTRIBUTOR_ROLES.editor, 'store.manage')).toBe(false);
    expect(roleAllows(null, 'settings.read')).toBe(false);
    expect(roleAllows(99, 'settings.read')).toBe(false);
  });
});
