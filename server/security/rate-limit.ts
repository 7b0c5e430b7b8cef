import { rateLimit } from 'express-rate-limit';
import { LRUCache } from 'lru-cache';
import type { RequestHandler } from 'express';
import type { AppDeps } from '../deps.ts';
import { RateLimitRepository } from '../db/rate-limit-repository.ts';
import { DatabaseRateLimitStore } from './database-rate-limit-store.ts';
import { serverMessages } from '../messages.ts';
import { HttpError } from './http-error.ts';
import { DEFAULT_RATE_LIMITS, RATE_LIMIT_TABLE, type RateLimitedCall } from './rate-limit-table.ts';

export { DEFAULT_RATE_LIMITS, type RateLimitedCall } from './rate-limit-table.ts';

/** Property of a limiter handler naming the call it counts (for the route walks of the tests). */
export const RATE_LIMITED: unique symbol = Symbol('rateLimited');

/** Marks a handler as the throttle of a call, so the route table can tell a route is throttled. */
export function markRateLimited<T extends RequestHandler>(handler: T, call: string): T {
  Object.defineProperty(handler, RATE_LIMITED, { value: call });
  Object.defineProperty(handler, 'name', { value: `rateLimit(${call})` });
  return handler;
}

/** The call a route handler throttles when it is a limiter, else null. */
export function rateLimitedCallOf(handler: unknown): string | null {
  if (typeof handler !== 'function') return null;
  return (handler as { [RATE_LIMITED]?: string })[RATE_LIMITED] ?? null;
}

/**
 * A per-client budget for one kind of call (the table in rate-limit-table.ts); past it the call
 * answers 429 with the table's message: JSON for calls, the error page for page posts. Counters
 * live in the store, so every process on it shares the budget, and each call has its
 * own counter so browsing the cart never uses up the form budget.
 */
export function createRateLimiter(deps: AppDeps, call: RateLimitedCall): RequestHandler<Record<string, string>> {
  const limits = { ...DEFAULT_RATE_LIMITS, ...deps.options.rateLimits };
  // when each client was last said to be past a call's budget, and how many were refused since
  const refusalsSaid = new LRUCache<string, { saidAt: number; refusedSince: number }>({ max: 10_000 });
  const { message } = RATE_LIMIT_TABLE[call];
  const limiter = rateLimit({
    windowMs: limits.windowMs,
    limit: limits[call],
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    // a read-only database cannot count, so such a process counts in its own memory
    store: deps.options.readOnly ? undefined : new DatabaseRateLimitStore(new RateLimitRepository(deps.store), `${call}:`),
    handler: (req, _res, next) => {
      // a client that keeps calling past its budget is one line a window, not one per request; the
      // next line says how many were refused in between
      const key = `${call}\u0000${req.ip ?? ''}`;
      const now = Date.now();
      const said = refusalsSaid.get(key);
      if (said !== undefined && now - said.saidAt < limits.windowMs) {
        said.refusedSince += 1;
      } else {
        const since = said?.refusedSince ?? 0;
        refusalsSaid.set(key, { saidAt: now, refusedSince: 0 });
        deps.log.warn({ call, ip: req.ip, path: req.path, ...(since > 0 ? { refusedSinceLastLine: since } : {}) }, serverMessages.rateLimitReachedLog);
      }
      next(new HttpError(429, message));
    },
  });
  return markRateLimited(limiter, call);
}
