import { Router } from 'express';
import { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import { SiteUserRepository } from '../db/site-user-repository.ts';
import { platformMessages } from '../platform-messages.ts';
import { HttpError } from '../security/http-error.ts';
import { endSiteUserSession, hasMatchingSiteUserXsrf, readResolvedSiteUser } from '../security/site-user.ts';
import { createRateLimiter } from '../security/rate-limit.ts';
import { parseInput } from '../security/validation.ts';
import { handOverCartOnSignOut } from './site-user-cart.ts';
import { createSiteUserSignIn, signInSchema } from './site-user-sign-in.ts';

const signOutQuerySchema = z.object({
  cloneCart: z.enum(['true', 'false']).optional(),
});

const localeSchema = z.object({
  // a language tag such as en, fr-CA or en_US
  language: z.string().regex(/^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$/, { error: 'language must be a language tag such as en or fr-CA' }),
});

/** Site-user sign-in, sign-out and language: /api/site-users/account/… */
export function createSiteUserRouter(deps: AppDeps): Router {
  const router = Router();
  const users = new SiteUserRepository(deps.store);

  const signIns = createSiteUserSignIn(deps);
  const throttle = createRateLimiter(deps, 'siteUser');

  router.post('/api/site-users/account/session', signIns.addressGuard, async (req, res) => {
    const input = parseInput(signInSchema, req.body);
    res.json(await signIns.signIn(req, res, input));
  });

  // The crumb is checked before this runs; its failure answers { crumbFail: true } so the client retries once.
  router.delete('/api/site-users/account/session', throttle, async (req, res) => {
    const query = parseInput(signOutQuerySchema, req.query);
    const user = readResolvedSiteUser(req);
    const clonedEntries = await handOverCartOnSignOut(deps, req, res, user?.siteUserId ?? null, query.cloneCart === 'true');
    await endSiteUserSession(deps, req, res);
    res.json({ message: platformMessages.signedOut, signedOut: user !== null, clonedEntries });
  });

  router.post('/api/site-users/account/locale', throttle, async (req, res) => {
    const input = parseInput(localeSchema, req.body);
    const user = readResolvedSiteUser(req);
    if (!user) throw new HttpError(401, platformMessages.signInRequired);
    if (!hasMatchingSiteUserXsrf(req, user)) throw new HttpError(403, platformMessages.xsrfMismatch);
    await users.setLocale(user.siteUserId, input.language);
    res.json({ message: platformMessages.localeSaved, language: input.language });
  });

  return router;
}
