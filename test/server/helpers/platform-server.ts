import type { AppOptions } from '../../../server/deps.ts';
import { RATE_LIMITED_CALLS, type RateLimitOptions } from '../../../server/security/rate-limit-table.ts';
import { createLocalCaptcha, type CaptchaAction, type LocalCaptcha } from '../../../server/security/captcha.ts';
import { OWNER_EMAIL } from '../../../server/security/owner-account.ts';
import { createSiteUserAccount } from '../../../server/security/site-user-accounts.ts';
import { startServer, type RunningServer } from './start-server.ts';
import { SiteUserVisitor } from './site-user-visitor.ts';

export const OWNER_PASSWORD = 'owner password for hardening tests';

/** Budgets no test run reaches: every throttled call at 100,000 per window. */
export const UNTHROTTLED: Partial<RateLimitOptions> = Object.fromEntries(RATE_LIMITED_CALLS.map((call) => [call, 100_000]));

export interface PlatformServer extends RunningServer {
  captcha: LocalCaptcha;
  /** A new visitor signed in as the site's admin owner. */
  signInOwner(): Promise<SiteUserVisitor>;
  /** A new visitor signed in to a fresh shopper account (no owner rights). */
  signInShopper(): Promise<SiteUserVisitor>;
  /** A captcha token the server will accept once. */
  captchaToken(action?: CaptchaAction): Promise<string>;
}

/**
 * A real instance with every platform call switched on: the owner account, the built-in
 * captcha (so its calls are in the route table) and budgets high enough that a long run of bad
 * calls is answered by validation, not by the rate limiter.
 */
export async function startPlatformServer(options: Partial<AppOptions> = {}): Promise<PlatformServer> {
  const captcha = createLocalCaptcha();
  const server = await startServer({
    ownerPassword: OWNER_PASSWORD,
    captcha,
    rateLimits: UNTHROTTLED,
    ...options,
  });
  let shoppers = 0;
  // the app's captcha: its key (the store's when none is given) and ledger are the ones requests meet
  const appCaptcha = server.app.deps.captcha as LocalCaptcha;
  return {
    ...server,
    captcha: appCaptcha,
    signInOwner: () => new SiteUserVisitor(server.url).signIn(OWNER_EMAIL, OWNER_PASSWORD),
    async signInShopper() {
      shoppers += 1;
      const email = `shopper-${shoppers}@example.com`;
      await createSiteUserAccount(server.app.deps, { email, password: OWNER_PASSWORD });
      return new SiteUserVisitor(server.url).signIn(email, OWNER_PASSWORD);
    },
    async captchaToken(action = 'form_block') {
      const { challenge, prompt } = appCaptcha.issueChallenge(action);
      // the prompt asks for the sum of the two numbers in it
      const [left = 0, right = 0] = (prompt.match(/\d+/g) ?? []).map(Number);
      const solved = await appCaptcha.solveChallenge(challenge, String(left + right));
      if (!solved.ok) throw new Error(solved.message);
      return solved.token;
    },
  };
}
