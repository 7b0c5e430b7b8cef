import { rateLimit } from 'express-rate-limit';
import type { RequestHandler } from 'express';
import type { AppDeps, RateLimitOptions } from '../deps.ts';
import { serverMessages } from '../messages.ts';

export const DEFAULT_RATE_LIMITS: RateLimitOptions = {
  windowMs: 60_000,
  addToCart: 60,
  formSave: 10,
};

export type RateLimitedCall = 'addToCart' | 'formSave';

/**
 * A per-client budget for one kind of call; past it the call answers 429 with a JSON message.
 * Each call gets its own counter so browsing the cart never uses up the form budget.
 */
export function createRateLimiter(
  deps: AppDeps,
  call: RateLimitedCall,
  message: string = serverMessages.rateLimited,
): RequestHandler {
  const limits = { ...DEFAULT_RATE_LIMITS, ...deps.options.rateLimits };
  return rateLimit({
    windowMs: limits.windowMs,
    limit: limits[call],
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    handler: (req, res) => {
      deps.log.warn({ call, ip: req.ip, path: req.path }, 'rate limit reached');
      res.status(429).json({ message });
    },
  });
}
