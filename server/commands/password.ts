/**
 * `npm run password -- EMAIL` gives the account that signs in with EMAIL a new generated password,
 * prints it once and signs the account out everywhere: the way back in for an owner who forgot
 * theirs on a store without a mail server to send a link with. It works on the store the server
 * uses (DATABASE_PATH, or DATABASE_URL for PostgreSQL), while the server keeps running.
 */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { readConfig } from '../config.ts';
import { migrate } from '../db/migrate.ts';
import { isPostgresUrl, openStore, storeDescription } from '../db/open-store.ts';
import { isDatabaseFull, storageFault } from '../db/storage-fault.ts';
import { PasswordResetRepository } from '../db/password-reset-repository.ts';
import { SiteUserRepository } from '../db/site-user-repository.ts';
import { fillMessage, serverMessages } from '../messages.ts';
import { generatePassword, hashPassword } from '../security/passwords.ts';

/** The one email; `--help` asks for the usage, and any other option is a mistake, never an address to look up. */
function readArgs(args: string[]): { email?: string; help: boolean } {
  try {
    const { values, positionals } = parseArgs({ args, options: { help: { type: 'boolean', short: 'h' } }, strict: true, allowPositionals: true });
    if (values.help === true) return { help: true };
    if (positionals.length !== 1) throw new Error('one email');
    return { email: positionals[0], help: false };
  } catch {
    throw new Error(serverMessages.passwordUsage);
  }
}

/** The command's work: its one line when done; an error whose message is the line that says what is wrong. */
export async function passwordCommand(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const { email, help } = readArgs(args);
  if (help) return serverMessages.passwordUsage;
  if (email === undefined || email.trim() === '') throw new Error(serverMessages.passwordUsage);
  const { options } = readConfig(env);
  if (!isPostgresUrl(options.databaseUrl) && !existsSync(options.databasePath)) {
    throw new Error(fillMessage(serverMessages.passwordNoStore, { path: options.databasePath }));
  }
  const { store } = openStore(options);
  try {
    // a store last opened by an older version may not have every table the change touches; a store
    // that cannot be reached is named, with the driver's reason, rather than the bare reason alone
    await migrate(store).catch((error: unknown) => {
      const fault = storageFault(error);
      // a full server is not a wrong DATABASE_URL: the command says which it is
      const said = isDatabaseFull(fault) ? serverMessages.passwordStoreFull : fault?.unreachable === true ? serverMessages.passwordStoreUnreachable : null;
      if (said === null) throw error;
      throw new Error(fillMessage(said, { store: storeDescription(options), reason: (error as Error).message }));
    });
    const account = await new SiteUserRepository(store).findByEmail(email.trim());
    if (!account) throw new Error(fillMessage(serverMessages.passwordNoAccount, { email: email.trim(), store: storeDescription(options) }));
    const password = generatePassword();
    const hash = await hashPassword(password);
    await store.transaction((tx) => new PasswordResetRepository(tx).setPassword(account.id, hash));
    // the store is named: after a move to PostgreSQL, a run without DATABASE_URL changes the old SQLite file
    return fillMessage(serverMessages.passwordSet, { email: account.email, store: storeDescription(options), password });
  } finally {
    await store.close();
  }
}
