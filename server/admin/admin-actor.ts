import type { Request } from 'express';
import type { AppDeps } from '../deps.ts';
import { AdminAccountRepository } from '../db/admin-account-repository.ts';
import { readResolvedSiteUser, type ResolvedSiteUser } from '../security/site-user.ts';
import { HttpError } from '../security/http-error.ts';
import { platformMessages } from '../platform-messages.ts';

/** The signed-in account behind an admin call (its guard already let it through). */
export function signedInUser(req: Request): ResolvedSiteUser {
  const user = readResolvedSiteUser(req);
  if (!user) throw new HttpError(401, platformMessages.signInRequired);
  return user;
}

/** Who did it, as the order and stock histories record it: the account's email. */
export async function actorOf(deps: AppDeps, req: Request): Promise<string> {
  const user = signedInUser(req);
  const account = await new AdminAccountRepository(deps.store).findById(user.siteUserId);
  return account?.email ?? user.siteUserId;
}
