import type { AppDeps } from '../deps.ts';
import { createSiteUserRepository } from '../db/site-user-repository.ts';
import { fillMessage } from '../messages.ts';
import { platformMessages } from '../platform-messages.ts';
import { CONTRIBUTOR_ROLES } from './owner-permissions.ts';
import { generatePassword } from './passwords.ts';
import { createSiteUserAccount } from './site-user-accounts.ts';

export const OWNER_EMAIL = 'owner@example.com';

export interface OwnerAccountResult {
  email: string;
  /** Set only when this call created the account with a generated password (show it once). */
  password?: string;
  created: boolean;
}

/**
 * Makes sure the site has its admin owner account. On first start it is created with
 * options.ownerPassword (OWNER_PASSWORD) or a generated password, which is logged once and
 * returned; later starts leave the stored account untouched.
 */
export async function ensureOwnerAccount(deps: AppDeps, email: string = OWNER_EMAIL): Promise<OwnerAccountResult> {
  const users = createSiteUserRepository(deps.db);
  const existing = users.findByEmail(email);
  if (existing) return { email: existing.email, created: false };
  const chosen = deps.options.ownerPassword;
  const password = chosen && chosen.length > 0 ? chosen : generatePassword();
  await createSiteUserAccount(deps, { email, password, contributorRole: CONTRIBUTOR_ROLES.admin });
  if (chosen) return { email, created: true };
  deps.log.info({ email }, fillMessage(platformMessages.ownerAccountCreated, { email, password }));
  return { email, password, created: true };
}
