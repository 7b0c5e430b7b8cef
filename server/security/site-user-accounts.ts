import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../deps.ts';
import { siteUserRepositoryFor, type SiteUserRecord } from '../db/site-user-repository.ts';
import { shopperEmailSchema } from '../../client/lib/validation.ts';
import { platformMessages } from '../platform-messages.ts';
import { hashPassword } from './passwords.ts';

export interface NewSiteUserAccount {
  email: string;
  password: string;
  /** Contributor role code for an owner account; omit for a visitor account. */
  contributorRole?: number;
}

/**
 * Stores a new account with a scrypt password hash. The email must pass zod's email rule and is
 * kept trimmed and lower-cased (sign-in compares without regard to case as well).
 */
export async function createSiteUserAccount(deps: AppDeps, account: NewSiteUserAccount): Promise<SiteUserRecord> {
  const email = shopperEmailSchema(platformMessages.invalidCredentials).safeParse(account.email);
  if (!email.success) throw new Error(`An account needs an email address, not ${JSON.stringify(account.email)}`);
  const record: SiteUserRecord = {
    id: randomUUID(),
    email: email.data,
    passwordHash: await hashPassword(account.password),
    contributorRole: account.contributorRole ?? null,
    locale: null,
    createdOn: Date.now(),
  };
  siteUserRepositoryFor(deps.db).insert(record);
  return record;
}
