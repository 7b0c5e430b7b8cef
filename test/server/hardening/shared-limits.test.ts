import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESTOCK } from '../../../client/lib/messages.ts';
import { platformMessages } from '../../../server/platform-messages.ts';
import { OWNER_EMAIL } from '../../../server/security/owner-account.ts';
import { RATE_LIMIT_TABLE } from '../../../server/security/rate-limit-table.ts';
import { SIGN_IN_POLICY } from '../../../server/security/sign-in-throttle.ts';
import { seededProduct, seededVariant } from '../helpers/fixtures.ts';
import { startMain, stopMain, type MainProcess } from '../helpers/start-main.ts';
import { temporaryDatabasePath } from '../helpers/start-server.ts';
import { Visitor } from '../helpers/visitor.ts';

const OWNER_PASSWORD = 'shared limits owner password';
const RESTOCK_PATH = '/api/site-users/account/notifications/restock';
const shirt = seededProduct('linen-shirt');
const soldOut = seededVariant('linen-shirt', (variant) => variant.qtyInStock === 0);

/**
 * Two server processes on one database file, as an operator runs them behind one address: the
 * budgets, the captcha's used tokens and the sign-in back-off must hold across both, not once
 * per process.
 */
let databasePath: string;
let first: MainProcess;
let second: MainProcess;
beforeAll(async () => {
  databasePath = temporaryDatabasePath();
  // no CAPTCHA_SECRET: the processes sign with the key the store keeps
  const env = { OWNER_PASSWORD };
  // one after the other: the first creates, migrates and seeds the file
  first = await startMain(databasePath, env);
  second = await startMain(databasePath, env);
}, 60_000);
afterAll(async () => {
  for (const running of [first, second]) if (running) await stopMain(running);
  rmSync(dirname(databasePath), { recursive: true, force: true });
});

describe('two processes on one database file', () => {
  it('share one newsletter budget', async () => {
    const visitors = [await new Visitor(first.url).start(), await new Visitor(second.url).start()];
    const budget = RATE_LIMIT_TABLE.newsletter.limit;
    const statuses: number[] = [];
    for (let i = 0; i <= budget; i += 1) {
      // without a captcha token each call is refused (400), but counted
      statuses.push((await visitors[i % 2]!.post('/api/newsletter/subscribe', { email: `reader${i}@example.com` })).status);
    }
    expect(statuses.slice(0, budget).every((status) => status === 400)).toBe(true);
    expect(statuses[budget]).toBe(429);
  });

  it('accept a captcha token once, whichever process it is redeemed on, without a CAPTCHA_SECRET', async () => {
    const one = await new Visitor(first.url).start();
    const other = await new Visitor(second.url).start();
    const challenge = await one.get<{ challenge: string; prompt: string }>('/api/captcha/challenge?action=product_waitlist');
    const [left = 0, right = 0] = (challenge.body.prompt.match(/\d+/g) ?? []).map(Number);
    const solved = await one.post<{ token: string }>('/api/captcha/solve', { challenge: challenge.body.challenge, answer: String(left + right) });
    expect(solved.status).toBe(200);
    const signUp = (v: Visitor, email: string) => v.post<{ message: string }>(RESTOCK_PATH, {
      productId: shirt.id, variantId: soldOut.id, siteVisitorEmail: email, isJoinMailingList: false, captchaToken: solved.body.token,
    });
    expect((await signUp(other, 'first@example.com')).status).toBe(200);
    const replay = await signUp(one, 'second@example.com');
    expect(replay.status).toBe(400);
    expect(replay.body.message).toBe(RESTOCK.completeCaptcha);
  });

  it('share the sign-in back-off of an account and address', async () => {
    const visitors = [new Visitor(first.url), new Visitor(second.url)];
    for (const v of visitors) await v.start();
    let lastFailureSent = 0;
    for (let i = 0; i < SIGN_IN_POLICY.backOffFromFailure; i += 1) {
      lastFailureSent = Date.now();
      const wrong = await visitors[i % 2]!.post('/api/site-users/account/session', { email: OWNER_EMAIL, password: `wrong ${i}` });
      expect(wrong.status).toBe(401);
    }
    // each process saw only some of the failures; together they reached the back-off
    const waiting = await visitors[0]!.post<{ message: string }>('/api/site-users/account/session', { email: OWNER_EMAIL, password: OWNER_PASSWORD });
    // the first wait lasts 1 s from the last failure: on a machine so loaded that the last failure
    // and this attempt took longer than that together, the wait may be over, and either answer is right
    if (Date.now() - lastFailureSent < SIGN_IN_POLICY.firstBackOffMs) {
      expect(waiting.status).toBe(429);
      expect(waiting.body.message).toBe(platformMessages.tooManySignInAttempts);
    } else {
      expect([200, 429]).toContain(waiting.status);
    }
  });
});
