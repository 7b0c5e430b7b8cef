import { FORM } from '../../client/lib/messages.ts';
import { serverMessages } from '../messages.ts';

/** One throttled kind of call: its default budget per client and window, and what it covers. */
export interface RateLimitRule {
  /** Requests one client may make per window; the next answers 429. */
  limit: number;
  /** The routes that count against this budget (they share one counter). */
  covers: readonly string[];
  /** The message of the 429 answer. */
  message: string;
}

/** Length of one counting window unless createApp({ rateLimits: { windowMs } }) says otherwise. */
export const DEFAULT_RATE_LIMIT_WINDOW_MS = 60_000;

/**
 * Every request budget of the server, in one place: each state-changing call is counted here
 * (the route walk in test/server/hardening fails for a write route without one), per client
 * address, in the database, so every process on one database file shares the budget. Sign-in
 * failures have their own back-off policy (sign-in-throttle.ts).
 */
export const RATE_LIMIT_TABLE = {
  addToCart: {
    limit: 60,
    covers: ['POST /api/commerce/shopping-cart/entries', 'POST /api/3/commerce/cart/subscription'],
    message: serverMessages.rateLimited,
  },
  cartChange: {
    limit: 120,
    covers: [
      'PUT /api/commerce/shopping-cart/entries/:entryId/quantity',
      'PUT /api/commerce/shopping-cart/entries/:entryId/additionalFields',
      'DELETE /api/commerce/shopping-cart/entries/:entryId',
    ],
    message: serverMessages.rateLimited,
  },
  checkout: {
    limit: 10,
    covers: ['POST /checkout', 'POST /checkout/subscription', 'POST /checkout/gift-card', 'POST /api/commerce/checkout/orders'],
    message: serverMessages.rateLimited,
  },
  // every change of shipping choice asks for fresh totals
  checkoutQuote: { limit: 120, covers: ['POST /api/commerce/checkout/quote'], message: serverMessages.rateLimited },
  formKey: { limit: 20, covers: ['POST /api/form/FormSubmissionKey'], message: FORM.status429 },
  formValidate: { limit: 60, covers: ['POST /api/rest/forms/validate/:formId'], message: serverMessages.rateLimited },
  formSave: { limit: 10, covers: ['POST /api/form/SaveFormSubmission'], message: FORM.status429 },
  newsletter: { limit: 5, covers: ['POST /api/newsletter/subscribe'], message: FORM.status429 },
  restockSignUp: { limit: 5, covers: ['POST /api/site-users/account/notifications/restock'], message: serverMessages.rateLimited },
  mailingListConfirmation: { limit: 20, covers: ['GET /mailing-list/confirm'], message: serverMessages.rateLimited },
  // each link works 5 times; the budget bounds guessing of tokens and a client re-fetching a large file
  download: { limit: 20, covers: ['GET /downloads/:token'], message: serverMessages.rateLimited },
  // Every page's footer newsletter asks for a challenge when it loads, so the budget follows page
  // views (a shopper browsing quickly); guesses are bounded per challenge and by the solve budget.
  captchaChallenge: { limit: 120, covers: ['GET /api/captcha/challenge'], message: serverMessages.rateLimited },
  captchaSolve: { limit: 20, covers: ['POST /api/captcha/solve'], message: serverMessages.rateLimited },
  siteUser: {
    limit: 30,
    covers: ['DELETE /api/site-users/account/session', 'POST /api/site-users/account/locale'],
    message: serverMessages.rateLimited,
  },
  // an email per account is further limited to one every few minutes (server/api/password-reset-routes.ts)
  passwordReset: {
    limit: 5,
    covers: [
      'POST /api/site-users/account/password-reset', 'POST /api/site-users/account/password-reset/confirm',
      'POST /account/forgot-password', 'POST /account/reset-password',
    ],
    message: serverMessages.rateLimited,
  },
  // a stocktake saves a count a few seconds apart, and an import of a grown catalogue is many files:
  // the budget bounds a runaway script, not an owner at work
  ownerWrite: {
    limit: 300,
    covers: ['every owner POST, PUT and DELETE (settings, navigation, store creation, restock sends, the admin at /config)'],
    message: serverMessages.rateLimited,
  },
  imageUpload: { limit: 30, covers: ['POST /api/admin/products/:productId/images'], message: serverMessages.rateLimited },
  tracking: {
    limit: 600,
    covers: ['POST /api/events/*', 'POST /api/census/*', 'POST /api/1/performance/records', 'POST /api/v1/clanker/*'],
    message: serverMessages.rateLimited,
  },
} as const satisfies Record<string, RateLimitRule>;

export type RateLimitedCall = keyof typeof RATE_LIMIT_TABLE;

export const RATE_LIMITED_CALLS = Object.keys(RATE_LIMIT_TABLE) as RateLimitedCall[];

/** Request budgets per client: the window length and one budget per throttled call. */
export type RateLimitOptions = { windowMs: number } & Record<RateLimitedCall, number>;

export const DEFAULT_RATE_LIMITS: RateLimitOptions = {
  windowMs: DEFAULT_RATE_LIMIT_WINDOW_MS,
  ...(Object.fromEntries(RATE_LIMITED_CALLS.map((call) => [call, RATE_LIMIT_TABLE[call].limit])) as Record<RateLimitedCall, number>),
};
