import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../deps.ts';
import { SiteUserRepository, type SiteUserRecord } from '../db/site-user-repository.ts';
import { hashPassword } from './passwords.ts';

export interface NewSiteUserAccount {
  email: string;
  password: string;
  /** Contributor role code for an owner account; omit for a visitor account. */
  contributorRole?: number;
}

/** Stores a new account with a scrypt password hash. */
export async function createSiteUserAccount(deps: AppDeps, account: NewSiteUserAccount): Promise<SiteUserRecord> {
  const record: SiteUserRecord = {
    id: randomUUID(),
    email: account.email,
    passwordHash: await hashPassword(account.password),
    contributorRole: account.contributorRole ?? null,
    locale: null,
    createdOn: Date.now(),
  };
  await new SiteUserRepository(deps.store).insert(record);
  return record;
}
