import type { Request, RequestHandler, Response } from 'express';
import { z } from 'zod';
import { ADMIN } from '../../client/lib/admin-messages.ts';
import type { AppDeps } from '../deps.ts';
import { SiteUserRepository } from '../db/site-user-repository.ts';
import { platformMessages } from '../platform-messages.ts';
import { HttpError } from '../security/http-error.ts';
import { verifyPassword } from '../security/passwords.ts';
import { startSiteUserSession } from '../security/site-user.ts';
import { createSignInThrottle } from '../security/sign-in-throttle.ts';

export const signInSchema = z.object({
  email: z.string().trim().min(3, ADMIN.enterEmail).max(256),
  password: z.string().min(1, ADMIN.enterPassword).max(1024),
  rememberMe: z.boolean().default(false),
});

export type SignInInput = z.output<typeof signInSchema>;

/**
 * A password check for an unknown email still runs scrypt, so the answer time does not tell
 * whether an account exists.
 */
const UNKNOWN_ACCOUNT_HASH = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$' + Buffer.alloc(64).toString('base64');

export interface SiteUserSignIn {
  /** Route step: refuses (429) every attempt from an address past its failure budget. */
  addressGuard: RequestHandler;
  /**
   * Checks the email and password and opens the account's session (its cookies set on `res`).
   * Throws HttpError 401 for a wrong email or password, 429 while attempts must wait.
   */
  signIn(req: Request, res: Response, input: SignInInput): Promise<{ xsrfToken: string; siteUserId: string }>;
}

/**
 * One sign-in for every way in (the session call, the members' sign-in page), under one back-off.
 * `checkPassword` is verifyPassword; a test passes a slow one to see the back-off run from the failure.
 */
export function createSiteUserSignIn(deps: AppDeps, checkPassword = verifyPassword): SiteUserSignIn {
  const users = new SiteUserRepository(deps.store);
  // slows password guessing per account and address; never delays a correct password because of others' failures
  const throttle = createSignInThrottle(deps);
  return {
    addressGuard: throttle.addressGuard,
    async signIn(req, res, input) {
      const attempt = await throttle.beginAttempt(req, res, input.email);
      const user = await users.findByEmail(input.email);
      const passwordOk = await checkPassword(input.password, user?.passwordHash ?? UNKNOWN_ACCOUNT_HASH);
      if (!user || !passwordOk) {
        await attempt.failed();
        deps.log.info({ email: input.email }, 'site-user sign-in refused');
        throw new HttpError(401, platformMessages.invalidCredentials);
      }
      await attempt.succeeded();
      const xsrfToken = await startSiteUserSession(deps, req, res, user, input.rememberMe);
      return { xsrfToken, siteUserId: user.id };
    },
  };
}
