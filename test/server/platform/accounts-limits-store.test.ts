import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CaptchaRepository } from '../../../server/db/captcha-repository.ts';
import { migrate } from '../../../server/db/migrate.ts';
import { openStore } from '../../../server/db/open-store.ts';
import { RateLimitRepository } from '../../../server/db/rate-limit-repository.ts';
import { SignInFailureRepository } from '../../../server/db/sign-in-failure-repository.ts';
import { SiteUserRepository } from '../../../server/db/site-user-repository.ts';
import { isUniqueViolation, type Store } from '../../../server/db/store.ts';
import { createTrackingRepository } from '../../../server/db/tracking-repository.ts';
import type { AppDeps } from '../../../server/deps.ts';
import { HttpError } from '../../../server/security/http-error.ts';
import { createSignInThrottle, SIGN_IN_POLICY } from '../../../server/security/sign-in-throttle.ts';
import type { Request, Response } from 'express';
import pino from 'pino';
import { temporaryDatabasePath } from '../helpers/start-server.ts';
import { testDatabaseUrl } from '../helpers/test-database.ts';

/**
 * Accounts, limits and tracking straight on the store, with two stores open on one database as
 * two server processes have them (two SQLite connections to one file, or two PostgreSQL pools):
 * every count, used token and session must be one, whichever process wrote it.
 */
let databasePath: string;
let one: Store;
let other: Store;
beforeAll(async () => {
  databasePath = temporaryDatabasePath();
  const databaseUrl = await testDatabaseUrl(databasePath);
  one = openStore({ databasePath, databaseUrl }).store;
  await migrate(one);
  other = openStore({ databasePath, databaseUrl }).store;
});
afterAll(async () => {
  await other?.close();
  await one?.close();
  rmSync(dirname(databasePath), { recursive: true, force: true });
});

const both = <T>(count: number, work: (store: Store, i: number) => Promise<T>): Promise<T[]> =>
  Promise.all(Array.from({ length: count }, (_, i) => work(i % 2 === 0 ? one : other, i)));

describe('rate-limit counters on one store', () => {
  it('count every hit of parallel requests through two processes once', async () => {
    const now = Date.now();
    const counts = await both(40, (store) => new RateLimitRepository(store).increment('call:client', 60_000, now));
    expect(counts.map((count) => count.hits).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(new Set(counts.map((count) => count.resetOn))).toEqual(new Set([now + 60_000]));
    expect(await new RateLimitRepository(other).get('call:client', now)).toEqual({ hits: 40, resetOn: now + 60_000 });
  });

  it('start an ended window afresh, take hits back and forget a prefix', async () => {
    const counters = new RateLimitRepository(one);
    const now = Date.now();
    await counters.increment('window:a', 1000, now - 5000);
    expect(await counters.increment('window:a', 1000, now)).toEqual({ hits: 1, resetOn: now + 1000 });
    await counters.decrement('window:a', now);
    expect(await counters.get('window:a', now)).toEqual({ hits: 0, resetOn: now + 1000 });
    await counters.increment('window:b', 1000, now);
    await counters.increment('other:b', 1000, now);
    await counters.resetAll('window:');
    expect(await counters.get('window:b', now)).toBeUndefined();
    expect(await counters.get('other:b', now)).toBeDefined();
    expect(await counters.deleteExpired(now + 2000)).toBeGreaterThanOrEqual(1);
  });
});

describe('the captcha ledger on one store', () => {
  it('lets exactly one of many parallel redemptions of a token win', async () => {
    const now = Date.now();
    const wins = await both(20, (store) => new CaptchaRepository(store).redeem('nonce-once', now + 60_000, now));
    expect(wins.filter(Boolean)).toHaveLength(1);
  });

  it('counts parallel answers to a challenge without losing one', async () => {
    const now = Date.now();
    const counts = await both(12, (store) => new CaptchaRepository(store).countAnswer('challenge-1', now + 60_000, now));
    expect(counts.sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
  });

  it('gives every process the same signing key, made once', async () => {
    const keys = await both(6, (store) => new CaptchaRepository(store).sharedSigningKey(true));
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await new CaptchaRepository(other).sharedSigningKey(false)).toBe(keys[0]);
  });
});

describe('sign-in failures on one store', () => {
  it('count parallel failures of a pair through two processes once each, and forget a quiet pair', async () => {
    const now = Date.now();
    const records = await both(10, (store) => new SignInFailureRepository(store).recordFailure('a@example.com', '10.0.0.1', now, now - 1000));
    expect(records.map((record) => record.failures).sort((a, b) => a - b)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
    const failures = new SignInFailureRepository(other);
    await failures.blockUntil('a@example.com', '10.0.0.1', now + 5000);
    expect(await failures.find('a@example.com', '10.0.0.1')).toEqual({ failures: 10, lastFailureOn: now, blockedUntil: now + 5000 });
    // a failure known later pushes the wait on, never back
    await failures.blockAtLeastUntil('a@example.com', '10.0.0.1', now + 1000);
    expect((await failures.find('a@example.com', '10.0.0.1'))?.blockedUntil).toBe(now + 5000);
    await new SignInFailureRepository(one).blockAtLeastUntil('a@example.com', '10.0.0.1', now + 6000);
    expect((await failures.find('a@example.com', '10.0.0.1'))?.blockedUntil).toBe(now + 6000);
    // a failure after the pair was quiet past forgetBefore starts again from one
    expect((await failures.recordFailure('a@example.com', '10.0.0.1', now + 10, now + 5)).failures).toBe(1);
    await failures.clearFailures('a@example.com', '10.0.0.1');
    expect(await failures.find('a@example.com', '10.0.0.1')).toBeUndefined();
  });
});

describe('the sign-in back-off across processes', () => {
  it('lets exactly the allowed failures of a pair through when many attempts arrive at once', async () => {
    // on SQLite both throttles use one connection (two in one process cannot wait for each other)
    const stores = one.dialect === 'postgres' ? [one, other] : [one, one];
    const throttles = stores.map((store) => createSignInThrottle({
      store, log: pino({ level: 'silent' }), options: { databasePath },
    } as unknown as AppDeps));
    const req = { ip: '10.9.8.7' } as Request;
    const res = { set: () => res } as unknown as Response;
    const outcomes = await Promise.all(Array.from({ length: 12 }, (_, i) => throttles[i % 2]!.beginAttempt(req, res, 'Parallel@Example.com').then(
      () => 'checked',
      (error: unknown) => (error instanceof HttpError && error.status === 429 ? 'refused' : error),
    )));
    expect(outcomes.filter((outcome) => outcome === 'checked')).toHaveLength(SIGN_IN_POLICY.backOffFromFailure);
    expect(outcomes.filter((outcome) => outcome === 'refused')).toHaveLength(12 - SIGN_IN_POLICY.backOffFromFailure);
  });
});

describe('site users and sessions on one store', () => {
  it('find an account whatever the letter case and refuse a second one with the same address', async () => {
    const users = new SiteUserRepository(one);
    const user = { id: randomUUID(), email: 'Case@Example.com', passwordHash: 'scrypt$x', contributorRole: null, locale: null, createdOn: Date.now() };
    await users.insert(user);
    expect(await new SiteUserRepository(other).findByEmail('case@example.COM')).toEqual(user);
    const duplicate = await users.insert({ ...user, id: randomUUID(), email: 'CASE@example.com' }).then(() => null, (error: unknown) => error);
    expect(isUniqueViolation(duplicate)).toBe(true);
    await users.setLocale(user.id, 'fr');
    expect((await users.findById(user.id))?.locale).toBe('fr');
  });

  it('open a session in one process that the other finds, until it ends or expires', async () => {
    const users = new SiteUserRepository(one);
    const id = randomUUID();
    const now = Date.now();
    await users.insert({ id, email: `${id}@example.com`, passwordHash: 'scrypt$x', contributorRole: 1, locale: null, createdOn: now });
    await users.createSession('hash-1', { siteUserId: id, xsrfToken: 'xsrf', rememberMe: true, expiresOn: now + 1000 }, now);
    const elsewhere = new SiteUserRepository(other);
    expect(await elsewhere.findSession('hash-1', now)).toEqual({ siteUserId: id, xsrfToken: 'xsrf', rememberMe: true, expiresOn: now + 1000 });
    expect(await elsewhere.findSession('hash-1', now + 1000)).toBeNull();
    await elsewhere.deleteSession('hash-1');
    expect(await users.findSession('hash-1', now)).toBeNull();
    expect((await users.findFirstAdmin())?.contributorRole).toBe(1);
  });
});

describe('tracking tables on one store', () => {
  it('stay bounded when two processes append at once, and at the cap after the next append', async () => {
    const cap = 30;
    const batch = (i: number) => Array.from({ length: 10 }, (_, j) => ({ kind: `hit-${i}-${j}`, visitorId: null, payload: { i, j } }));
    if (one.dialect === 'postgres') {
      await both(8, (store, i) => createTrackingRepository(store, cap).append('census_hits', batch(i)));
    } else {
      // two SQLite connections in one process cannot wait for each other's transactions (the
      // wait blocks the event loop the other needs): alternate them, as two processes' turns
      for (let i = 0; i < 8; i += 1) await createTrackingRepository(i % 2 === 0 ? one : other, cap).append('census_hits', batch(i));
    }
    const tracking = createTrackingRepository(other, cap);
    // a batch trims what it sees: rows of batches still uncommitted then are trimmed by a later one
    expect(await tracking.count('census_hits')).toBeLessThanOrEqual(cap + 8 * 10);
    await tracking.append('census_hits', batch(8));
    const kept = await tracking.count('census_hits');
    expect(kept).toBeLessThanOrEqual(cap);
    expect(kept).toBeGreaterThan(0);
    const [newest] = await tracking.recent('census_hits', 1);
    expect(JSON.parse(newest!.payloadJson)).toHaveProperty('j');
  });
});
