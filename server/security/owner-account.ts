import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../deps.ts';
import { SiteUserRepository } from '../db/site-user-repository.ts';
import { isUniqueViolation } from '../db/store.ts';
import { fillMessage } from '../messages.ts';
import { platformMessages } from '../platform-messages.ts';
import { CONTRIBUTOR_ROLES } from './owner-permissions.ts';
import { generatePassword, hashPasswordSync } from './passwords.ts';

export const OWNER_EMAIL = 'owner@example.com';

export interface OwnerAccountResult {
  email: string;
  /** Set only when this call created the account with a generated password (show it once). */
  password?: string;
  created: boolean;
}

/**
 * Makes sure the site has its admin owner account (one with the admin role, whatever its email
 * now is). On first start it is created as owner@example.com with
 * options.ownerPassword (OWNER_PASSWORD) or a generated password, which is logged once and
 * returned; later starts leave the stored account (and its password) untouched. The app factory
 * runs it before serving; it hashes once, only when creating. Of several processes starting at
 * once on one store, the first insert wins and the others find the account made.
 */
export async function ensureOwnerAccount(deps: AppDeps, email: string = OWNER_EMAIL): Promise<OwnerAccountResult> {
  const users = new SiteUserRepository(deps.store);
  // An owner who changed the sign-in email still owns the store: no second owner account is made.
  const existing = (await users.findByEmail(email)) ?? (await users.findFirstAdmin());
  if (existing) return { email: existing.email, created: false };
  const chosen = deps.options.ownerPassword;
  const password = chosen && chosen.length > 0 ? chosen : generatePassword();
  try {
    await users.insert({
      id: randomUUID(),
      email,
      passwordHash: hashPasswordSync(password),
      contributorRole: CONTRIBUTOR_ROLES.admin,
      locale: null,
      createdOn: Date.now(),
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return { email, created: false };
  }
  if (chosen) {
    deps.log.info({ email }, 'owner account created with the configured password');
    return { email, created: true };
  }
  deps.log.warn({ email }, fillMessage(platformMessages.ownerAccountCreated, { email, password }));
  // on a terminal the JSON log lines around it hide it: said again on its own, apart from them
  if (process.stderr.isTTY === true) process.stderr.write(fillMessage(platformMessages.ownerPasswordBanner, { email, password }));
  return { email, password, created: true };
}
