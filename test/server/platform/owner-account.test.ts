import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/database.ts';
import { migrate } from '../../../server/db/migrate.ts';
import { SqliteStore } from '../../../server/db/sqlite-store.ts';
import { SiteUserRepository } from '../../../server/db/site-user-repository.ts';
import type { AppDeps } from '../../../server/deps.ts';
import { ensureOwnerAccount, OWNER_EMAIL } from '../../../server/security/owner-account.ts';
import { CONTRIBUTOR_ROLES } from '../../../server/security/owner-permissions.ts';
import { verifyPassword } from '../../../server/security/passwords.ts';
import { BackgroundWork } from '../../../server/background-work.ts';
import { startServer, tempDatabasePath, Visitor } from './harness.ts';


describe('seeded owner account', () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => {
    while (cleanups.length > 0) cleanups.pop()!();
  });

  async function deps(ownerPassword?: string): Promise<AppDeps> {
    const file = tempDatabasePath();
    const db = openDatabase(file.path);
    const store = new SqliteStore(db);
    await migrate(store);
    cleanups.push(() => {
      db.close();
      file.remove();
    });
    const log = pino({ level: 'silent' });
    return { store, db, log, options: { databasePath: file.path, ownerPassword }, background: new BackgroundWork(log) };
  }

  it('generates a password on first start, returns it once, and never again', async () => {
    const appDeps = await deps();
    const first = await ensureOwnerAccount(appDeps);
    expect(first.created).toBe(true);
    expect(first.password).toMatch(/^[A-Za-z0-9_-]{20}$/);
    const stored = (await new SiteUserRepository(appDeps.store).findByEmail(OWNER_EMAIL))!;
    expect(stored.contributorRole).toBe(CONTRIBUTOR_ROLES.admin);
    expect(await verifyPassword(first.password!, stored.passwordHash)).toBe(true);
    expect(await ensureOwnerAccount(appDeps)).toEqual({ email: OWNER_EMAIL, created: false });
    // the account is one whatever the letter case of the address
    expect(await ensureOwnerAccount(appDeps, OWNER_EMAIL.toUpperCase())).toEqual({ email: OWNER_EMAIL, created: false });
  });

  it('uses OWNER_PASSWORD when set and does not echo it', async () => {
    const appDeps = await deps('chosen owner password');
    expect(await ensureOwnerAccount(appDeps)).toEqual({ email: OWNER_EMAIL, created: true });
    const stored = (await new SiteUserRepository(appDeps.store).findByEmail(OWNER_EMAIL))!;
    expect(await verifyPassword('chosen owner password', stored.passwordHash)).toBe(true);
  });

  it('is created by the app itself and survives a restart with its first password', async () => {
    const file = tempDatabasePath();
    cleanups.push(file.remove);
    const first = await startServer(file.path, { ownerPassword: 'first password' });
    await first.stop();
    const second = await startServer(file.path, { ownerPassword: 'another password' });
    try {
      expect((await new Visitor(second).signIn(OWNER_EMAIL, 'first password')).status).toBe(200);
      expect((await new Visitor(second).signIn(OWNER_EMAIL, 'another password')).status).toBe(401);
    } finally {
      await second.stop();
    }
  });
});
