/**
 * `npm run password -- EMAIL`: the way back in for an owner who forgot their password on a store
 * that cannot email a link. It sets a new generated password, prints it once, and says in one
 * line what is wrong otherwise.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app.ts';
import { passwordCommand } from '../../../server/commands/password.ts';
import { openStore, storeDescription, type StoreLocation } from '../../../server/db/open-store.ts';
import type { Store } from '../../../server/db/store.ts';
import { fillMessage, serverMessages } from '../../../server/messages.ts';
import { OWNER_EMAIL } from '../../../server/security/owner-account.ts';
import { verifyPassword } from '../../../server/security/passwords.ts';
import { testDatabaseUrl } from '../helpers/test-database.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');
const OLD_PASSWORD = 'the password the owner forgot';
const folder = mkdtempSync(join(tmpdir(), 'password-command-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The command as a process runs it: what it prints and its exit code. */
function command(args: string[], env: Record<string, string>): { status: number; out: string; err: string } {
  try {
    const out = execFileSync(TSX, ['server/password-command.ts', ...args], { cwd: ROOT, env: { ...process.env, DATABASE_URL: '', ...env }, encoding: 'utf8', stdio: 'pipe' });
    return { status: 0, out, err: '' };
  } catch (error) {
    const failure = error as { status: number; stdout: string; stderr: string };
    return { status: failure.status, out: failure.stdout, err: failure.stderr.trim() };
  }
}

/** The command's work in this process, said as `command` would say it (tsx takes seconds a process on a busy machine). */
function inProcess(args: string[], env: Record<string, string>): Promise<{ status: number; out: string; err: string }> {
  return passwordCommand(args, { DATABASE_URL: '', ...env }).then(
    (said) => ({ status: 0, out: `${said}\n`, err: '' }),
    (error: Error) => ({ status: 1, out: '', err: error.message }),
  );
}

/** A store made by the app, as the command finds it: a SQLite file, or a PostgreSQL schema on the postgres run. */
async function preparedStore(): Promise<{ location: StoreLocation; env: Record<string, string> }> {
  const databasePath = join(folder, 'store.db');
  const databaseUrl = await testDatabaseUrl(databasePath);
  const location: StoreLocation = { databasePath, databaseUrl };
  await (await createApp({ ...location, logLevel: 'silent', ownerPassword: OLD_PASSWORD })).close();
  return { location, env: databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_PATH: databasePath } };
}

async function withStore<T>(location: StoreLocation, use: (store: Store) => Promise<T>): Promise<T> {
  const { store } = openStore(location);
  try {
    return await use(store);
  } finally {
    await store.close();
  }
}

const hashOf = (store: Store) => store.get<{ password_hash: string }>('SELECT password_hash FROM site_users WHERE email = ?', [OWNER_EMAIL]).then((row) => row!.password_hash);

describe('npm run password', () => {
  it('gives the account a new password, printed once, and signs it out everywhere', async () => {
    const { location, env } = await preparedStore();
    const ownerId = await withStore(location, async (store) => {
      const { id } = (await store.get<{ id: string }>('SELECT id FROM site_users WHERE email = ?', [OWNER_EMAIL]))!;
      await store.run('INSERT INTO site_user_sessions (token_hash, site_user_id, xsrf_token, remember_me, created_on, expires_on) VALUES (?, ?, ?, 0, 0, ?)', ['a-session', id, 'x', Date.now() + 60_000]);
      return id;
    });

    const done = command([OWNER_EMAIL.toUpperCase()], env);
    expect(done.status, done.err).toBe(0);
    const password = /new password for \S+ in \S+: (\S+)/.exec(done.out)?.[1] ?? '';
    expect(password.length).toBeGreaterThanOrEqual(16);
    // the store it changed is named (the file, or the PostgreSQL URL without its password)
    expect(done.out).toBe(`${fillMessage(serverMessages.passwordSet, { email: OWNER_EMAIL, store: storeDescription(location), password })}\n`);
    expect(done.out.split('\n')[0]).toBe(`new password for ${OWNER_EMAIL} in ${storeDescription(location)}: ${password}`);
    await withStore(location, async (store) => {
      expect(await verifyPassword(password, await hashOf(store))).toBe(true);
      expect(await verifyPassword(OLD_PASSWORD, await hashOf(store))).toBe(false);
      expect(await store.all('SELECT token_hash FROM site_user_sessions WHERE site_user_id = ?', [ownerId])).toEqual([]);
    });

    // what is wrong, in one line
    expect(await inProcess(['nobody@example.com'], env)).toEqual({
      status: 1, out: '', err: fillMessage(serverMessages.passwordNoAccount, { email: 'nobody@example.com', store: storeDescription(location) }),
    });
    expect((await inProcess([], env)).err).toBe(serverMessages.passwordUsage);
    expect((await inProcess([OWNER_EMAIL, 'extra'], env)).err).toBe(serverMessages.passwordUsage);
  });

  it('answers --help with its usage, and takes no other option for an email', async () => {
    const { location, env } = await preparedStore();
    const before = await withStore(location, hashOf);
    expect(await inProcess(['--help'], env)).toEqual({ status: 0, out: `${serverMessages.passwordUsage}\n`, err: '' });
    expect((await inProcess(['-h'], env)).out).toBe(`${serverMessages.passwordUsage}\n`);
    // an option is a mistake, never an address looked up ("no account signs in with --verbose")
    expect(await inProcess(['--verbose'], env)).toEqual({ status: 1, out: '', err: serverMessages.passwordUsage });
    expect(await inProcess([OWNER_EMAIL, '--force'], env)).toEqual({ status: 1, out: '', err: serverMessages.passwordUsage });
    expect(await withStore(location, hashOf)).toBe(before);
  });

  it('names the PostgreSQL store it could not reach, with the driver\'s reason', async () => {
    // a closed loopback port: nothing listens there
    const url = 'postgres://shop:secret@127.0.0.1:1/shop';
    const said = await inProcess([OWNER_EMAIL], { DATABASE_URL: url });
    expect(said.status).toBe(1);
    expect(said.err).toMatch(/^cannot open postgres:\/\/shop:\*\*\*@127\.0\.0\.1:1\/shop: .*ECONNREFUSED.* \(check DATABASE_URL, or DATABASE_PATH for the SQLite file\)$/);
    expect(said.err).not.toContain('secret');
  });

  it('names the file it looked for when there is no store there', () => {
    const missing = join(folder, 'none', 'store.db');
    expect(command([OWNER_EMAIL], { DATABASE_PATH: missing })).toEqual({ status: 1, out: '', err: fillMessage(serverMessages.passwordNoStore, { path: missing }) });
  });
});
