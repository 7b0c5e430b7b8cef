import type { Request, Response } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteUserSignIn } from '../../../server/api/site-user-sign-in.ts';
import { RateLimitRepository } from '../../../server/db/rate-limit-repository.ts';
import { platformMessages } from '../../../server/platform-messages.ts';
import { HttpError } from '../../../server/security/http-error.ts';
import { OWNER_EMAIL } from '../../../server/security/owner-account.ts';
import { createSiteUserAccount } from '../../../server/security/site-user-accounts.ts';
import { backOffAfter, SIGN_IN_POLICY } from '../../../server/security/sign-in-throttle.ts';
import { OWNER_PASSWORD, startPlatformServer, type PlatformServer } from '../helpers/platform-server.ts';
import { Visitor } from '../helpers/visitor.ts';

const SESSION = '/api/site-users/account/session';

let server: PlatformServer;
let visitor: Visitor;
beforeAll(async () => {
  // a trusted proxy lets the test speak from many client addresses
  server = await startPlatformServer({ trustProxy: true });
  visitor = await new Visitor(server.url).start();
});
afterAll(async () => {
  await server.stop(true);
});

let addresses = 0;
/** A client address no other test has used. */
function freshAddress(): string {
  addresses += 1;
  return `10.31.${Math.floor(addresses / 250)}.${addresses % 250}`;
}

function signIn(address: string, email: string, password: string) {
  return visitor.post<{ message?: string }>(SESSION, { email, password }, { headers: { 'x-forwarded-for': address } });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the sign-in limiter', () => {
  it('lets the owner in from an address that has guessed other accounts\' passwords twenty times', async () => {
    const shared = freshAddress();
    for (let i = 0; i < 20; i += 1) expect((await signIn(shared, `someone-${i}@example.com`, 'guess')).status).toBe(401);
    expect((await signIn(shared, OWNER_EMAIL, OWNER_PASSWORD)).status).toBe(200);
  });

  it('lets the owner in from a clean address while the account is being guessed from many others', async () => {
    for (let i = 0; i < SIGN_IN_POLICY.accountFailuresUnderAttack + 5; i += 1) {
      expect((await signIn(freshAddress(), OWNER_EMAIL, `guess ${i}`)).status).toBe(401);
    }
    expect((await signIn(freshAddress(), OWNER_EMAIL, OWNER_PASSWORD)).status).toBe(200);
    // while under attack, an address that fails for the account waits after its first failure
    const guesser = freshAddress();
    expect((await signIn(guesser, OWNER_EMAIL, 'one more guess')).status).toBe(401);
    expect((await signIn(guesser, OWNER_EMAIL, 'and another')).status).toBe(429);
  });

  it('makes one account and address wait, doubling the wait with each further failure', async () => {
    const address = freshAddress();
    const account = 'backoff@example.com';
    for (let i = 0; i < SIGN_IN_POLICY.backOffFromFailure; i += 1) expect((await signIn(address, account, `guess ${i}`)).status).toBe(401);
    const first = await signIn(address, account, 'too soon');
    expect(first.status).toBe(429);
    expect(first.body.message).toBe(platformMessages.tooManySignInAttempts);
    expect(first.headers.get('retry-after')).toBe('1');
    // the refused attempt was not checked and did not count: after the wait one more guess is checked
    await sleep(SIGN_IN_POLICY.firstBackOffMs + 100);
    expect((await signIn(address, account, 'after the wait')).status).toBe(401);
    const second = await signIn(address, account, 'too soon again');
    expect(second.status).toBe(429);
    // the wait is now two seconds from that failure; Retry-After is what is left of it, rounded up,
    // so a loaded machine that took over a second between the two requests answers 1
    expect(['1', '2']).toContain(second.headers.get('retry-after'));
    expect(second.body.message).toBe(platformMessages.tooManySignInAttempts);
    // the same account from another address is not held back
    expect((await signIn(freshAddress(), account, 'elsewhere')).status).toBe(401);
  });

  it('counts the wait from the failure, however long the password check took', async () => {
    const address = freshAddress();
    const account = 'slow-check@example.com';
    await createSiteUserAccount(server.app.deps, { email: account, password: OWNER_PASSWORD });
    for (let i = 1; i < SIGN_IN_POLICY.backOffFromFailure; i += 1) expect((await signIn(address, account, `guess ${i}`)).status).toBe(401);
    // the failure that earns the first wait comes from a check slower than that wait, as on a loaded machine
    const slowCheck = () => sleep(SIGN_IN_POLICY.firstBackOffMs + 500).then(() => false);
    const req = { ip: address } as Request;
    const res = { set: () => res } as unknown as Response;
    const slow = await createSiteUserSignIn(server.app.deps, slowCheck).signIn(req, res, { email: account, password: 'slow guess', rememberMe: false })
      .then(() => 200, (error: unknown) => (error instanceof HttpError ? error.status : error));
    expect(slow).toBe(401);
    // had the wait run from the attempt's start it would be over; from the failure, a second is left
    const next = await signIn(address, account, OWNER_PASSWORD);
    expect(next.status).toBe(429);
    expect(next.headers.get('retry-after')).toBe('1');
  });

  it('counts a burst of parallel guesses before checking any of them', async () => {
    const address = freshAddress();
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => signIn(address, 'burst@example.com', `guess ${i}`)));
    const statuses = answers.map((answer) => answer.status);
    const checked = statuses.filter((status) => status === 401).length;
    // the free failures, plus at most a couple more if the burst outlasts the first short waits on a slow machine
    expect(checked).toBeGreaterThanOrEqual(SIGN_IN_POLICY.backOffFromFailure);
    expect(checked).toBeLessThanOrEqual(SIGN_IN_POLICY.backOffFromFailure + 2);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30 - checked);
  });

  it('grows the wait exponentially up to a ceiling', () => {
    const from = SIGN_IN_POLICY.backOffFromFailure;
    expect(backOffAfter(from - 1, from)).toBe(0);
    expect([from, from + 1, from + 2, from + 3].map((n) => backOffAfter(n, from))).toEqual([1000, 2000, 4000, 8000]);
    expect(backOffAfter(from + 40, from)).toBe(SIGN_IN_POLICY.longestBackOffMs);
  });

  it('clears an address\'s failures for an account when the right password comes', async () => {
    const address = freshAddress();
    const account = 'typist@example.com';
    await createSiteUserAccount(server.app.deps, { email: account, password: OWNER_PASSWORD });
    for (let round = 0; round < 2; round += 1) {
      for (let i = 0; i < SIGN_IN_POLICY.backOffFromFailure - 1; i += 1) expect((await signIn(address, account, `typo ${i}`)).status).toBe(401);
      expect((await signIn(address, account, OWNER_PASSWORD)).status).toBe(200);
    }
  });

  it('does not count malformed requests as failures', async () => {
    const address = freshAddress();
    for (let i = 0; i < SIGN_IN_POLICY.backOffFromFailure * 2; i += 1) expect((await signIn(address, OWNER_EMAIL, '')).status).toBe(400);
    expect((await signIn(address, OWNER_EMAIL, OWNER_PASSWORD)).status).toBe(200);
  });

  it('refuses every attempt from an address past its failure budget until the window ends', async () => {
    const address = freshAddress();
    // the budget is counted in the shared counters table; fill it as that many failures would
    const counters = new RateLimitRepository(server.app.deps.store);
    for (let i = 0; i < SIGN_IN_POLICY.addressFailuresPerWindow; i += 1) await counters.increment(`signInAddress:${address}`, SIGN_IN_POLICY.windowMs);
    const refused = await signIn(address, OWNER_EMAIL, OWNER_PASSWORD);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(SIGN_IN_POLICY.windowMs / 1000 - 60);
    expect((await signIn(freshAddress(), OWNER_EMAIL, OWNER_PASSWORD)).status).toBe(200);
  });
});
