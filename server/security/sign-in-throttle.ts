import type { Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';
import type { AppDeps } from '../deps.ts';
import { RateLimitRepository } from '../db/rate-limit-repository.ts';
import { SignInFailureRepository } from '../db/sign-in-failure-repository.ts';
import { forUpdate, type StoreSession } from '../db/store.ts';
import { platformMessages } from '../platform-messages.ts';
import { HttpError } from './http-error.ts';
import { markRateLimited } from './rate-limit.ts';

/**
 * How failed sign-ins are slowed (documented in server/README.md, Security). Only wrong
 * passwords count; a correct one clears its account and address. The back-off is per account
 * and client address, so other clients' failures never delay someone who signs in correctly
 * from an address that has not failed itself.
 */
export const SIGN_IN_POLICY = {
  /** The failure of a pair (account, address) from which on the pair must wait. */
  backOffFromFailure: 5,
  /** The same, for an account that many addresses are failing for (see accountFailuresUnderAttack). */
  backOffFromFailureUnderAttack: 1,
  /** Wait after the first counted failure; each later failure doubles it… */
  firstBackOffMs: 1_000,
  /** …up to this. */
  longestBackOffMs: 15 * 60_000,
  /** A pair with no failure for this long starts again from nothing. */
  forgetAfterMs: 24 * 60 * 60_000,
  /** Window of the per-address and per-account failure counts. */
  windowMs: 15 * 60_000,
  /** Failures one address may have across all accounts per window; then every attempt from it waits for the window's end. */
  addressFailuresPerWindow: 100,
  /** Failures of one account from all addresses per window from which each address gets only backOffFromFailureUnderAttack. */
  accountFailuresUnderAttack: 20,
} as const;

const SWEEP_EVERY_MS = 60_000;

/** The wait a pair owes after its nth failure (0 while it is below the back-off threshold). */
export function backOffAfter(failures: number, backOffFrom: number): number {
  if (failures < backOffFrom) return 0;
  return Math.min(SIGN_IN_POLICY.firstBackOffMs * 2 ** (failures - backOffFrom), SIGN_IN_POLICY.longestBackOffMs);
}

function clientAddress(req: Request): string {
  return ipKeyGenerator(req.ip ?? 'unknown');
}

/** The 429 of a refused attempt, with Retry-After saying when the next one will be checked. */
function tooMany(res: Response, retryAfterMs: number): HttpError {
  res.set('Retry-After', String(Math.max(1, Math.ceil(retryAfterMs / 1000))));
  return new HttpError(429, platformMessages.tooManySignInAttempts);
}

/** One counted attempt, told how its password check ended. */
export interface SignInAttempt {
  /**
   * A wrong password: the wait this failure earned runs from now, when the failure is known,
   * rather than from when the attempt began (a slow check would otherwise have used it up).
   */
  failed(): Promise<void>;
  /** A correct password: the attempt is taken back and the pair's failures are forgotten. */
  succeeded(): Promise<void>;
}

export interface SignInThrottle {
  /** Route step: refuses (429) every attempt from an address past its failure budget. */
  addressGuard: RequestHandler;
  /**
   * Call before checking the password. Throws 429 when this account and address must still wait
   * (or the address is past its budget); otherwise counts the attempt as a failure at once, so a
   * burst of parallel guesses cannot all pass the check before any of them is counted.
   */
  beginAttempt(req: Request, res: Response, account: string): Promise<SignInAttempt>;
}

/** Sign-in back-off, with its counts in the store so every process applies the same one. */
export function createSignInThrottle(deps: AppDeps): SignInThrottle {
  const addressKey = (req: Request): string => `signInAddress:${clientAddress(req)}`;
  const accountKey = (account: string): string => `signInAccount:${account.toLowerCase()}`;
  let lastSweep = 0;

  /** The wait (ms) before the address may try at all, 0 when it may. */
  const addressWait = async (session: StoreSession, req: Request, now: number): Promise<number> => {
    const count = await new RateLimitRepository(session).get(addressKey(req), now);
    return count && count.hits >= SIGN_IN_POLICY.addressFailuresPerWindow ? count.resetOn - now : 0;
  };

  const addressGuard: RequestHandler = async (req, res, next) => {
    const wait = await addressWait(deps.store, req, Date.now());
    if (wait > 0) {
      deps.log.warn({ ip: req.ip }, 'sign-in attempts limited for the address');
      next(tooMany(res, wait));
      return;
    }
    next();
  };

  // check and count in one transaction holding the pair's row lock, so neither parallel
  // requests nor another process can slip an attempt between the two; answers the wait still
  // owed (refused) or the wait this attempt earns should its password be wrong (counted)
  const countAttempt = (address: string, name: string, req: Request, now: number): Promise<{ refusedFor: number } | { earns: number }> =>
    deps.store.transaction(async (tx) => {
      const failures = new SignInFailureRepository(tx);
      const counters = new RateLimitRepository(tx);
      const addressBlocked = await addressWait(tx, req, now);
      if (addressBlocked > 0) return { refusedFor: addressBlocked };
      // the pair's row exists before it is locked (a first failure has nothing to lock otherwise);
      // a row with no failures forgets itself at the next sweep
      await tx.run(
        `INSERT INTO sign_in_failures (account, address, failures, last_failure_on, blocked_until)
         VALUES (?, ?, 0, 0, 0) ON CONFLICT (account, address) DO NOTHING`,
        [name, address],
      );
      const record = await failures.find(name, address, forUpdate(tx));
      if (record && record.blockedUntil > now) return { refusedFor: record.blockedUntil - now };
      await counters.increment(addressKey(req), SIGN_IN_POLICY.windowMs, now);
      const accountFailures = (await counters.increment(accountKey(name), SIGN_IN_POLICY.windowMs, now)).hits;
      if (accountFailures === SIGN_IN_POLICY.accountFailuresUnderAttack) deps.log.warn({ account: name }, 'many failed sign-ins for one account');
      const underAttack = accountFailures >= SIGN_IN_POLICY.accountFailuresUnderAttack;
      const pair = await failures.recordFailure(name, address, now, now - SIGN_IN_POLICY.forgetAfterMs);
      const wait = backOffAfter(pair.failures, underAttack ? SIGN_IN_POLICY.backOffFromFailureUnderAttack : SIGN_IN_POLICY.backOffFromFailure);
      if (wait > 0) await failures.blockUntil(name, address, now + wait);
      return { earns: wait };
    });

  const noAttempt: SignInAttempt = { failed: async () => {}, succeeded: async () => {} };

  return {
    addressGuard: markRateLimited(addressGuard, 'signIn'),

    async beginAttempt(req, res, account) {
      // a read-only database cannot count; its sign-ins fail at the session write anyway
      if (deps.options.readOnly) return noAttempt;
      const now = Date.now();
      if (now - lastSweep >= SWEEP_EVERY_MS) {
        lastSweep = now;
        await new SignInFailureRepository(deps.store).deleteOlderThan(now - SIGN_IN_POLICY.forgetAfterMs);
      }
      const name = account.toLowerCase();
      const address = clientAddress(req);
      const counted = await countAttempt(address, name, req, now);
      if ('refusedFor' in counted) {
        deps.log.warn({ ip: req.ip }, 'sign-in attempts limited');
        throw tooMany(res, counted.refusedFor);
      }
      return {
        async failed() {
          if (counted.earns > 0) await new SignInFailureRepository(deps.store).blockAtLeastUntil(name, address, Date.now() + counted.earns);
        },
        async succeeded() {
          await deps.store.transaction(async (tx) => {
            const counters = new RateLimitRepository(tx);
            await counters.decrement(addressKey(req));
            await counters.decrement(accountKey(name));
            await new SignInFailureRepository(tx).clearFailures(name, address);
          });
        },
      };
    },
  };
}
