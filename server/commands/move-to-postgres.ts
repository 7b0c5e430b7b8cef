/**
 * `npm run move-to-postgres -- [--from FILE] [--to URL] [--replace]` copies a whole store from its
 * SQLite file (default DATABASE_PATH, else data/store.db) into a PostgreSQL database (default
 * DATABASE_URL), in one transaction, for a shop moving off the embedded store. It prints what it
 * did, or in one line why it would not, and exits non-zero then (78, as the server's start, for a
 * setting or URL it cannot use, or a build beside sources updated without building them; 1
 * otherwise). See server/db/move-to-postgres.ts.
 */
import { parseArgs } from 'node:util';
import { CANNOT_SERVE_EXIT_CODE } from '../cluster.ts';
import { readConfig, type ServerConfig } from '../config.ts';
import { databaseUrlProblem, isPostgresUrl } from '../db/database-url.ts';
import { UnbuiltMigrationsError } from '../db/migrate.ts';
import { moveMessages, moveToPostgres } from '../db/move-to-postgres.ts';

/**
 * A setting or URL the command cannot use, refused as the server's start refuses it: the same
 * line, and the same exit code (78), before anything is opened.
 */
class RefusedSetting extends Error {}

/**
 * The exit code for a failure: 78 (as the server's start) for a setting or URL it cannot use, or a
 * build older than the migrations folder (the sources updated without a build), else 1.
 */
export function moveExitCode(error: unknown): number {
  return error instanceof RefusedSetting || error instanceof UnbuiltMigrationsError ? CANNOT_SERVE_EXIT_CODE : 1;
}

function serverSettings(env: NodeJS.ProcessEnv): ServerConfig['options'] {
  try {
    return readConfig(env).options;
  } catch (error) {
    throw new RefusedSetting(error instanceof Error ? error.message : String(error));
  }
}

/**
 * The command's work: its last line when done, each line of progress said on the way; an error
 * whose message is the line that says what is wrong.
 */
export async function moveCommand(args: string[], env: NodeJS.ProcessEnv = process.env, say: (line: string) => void = console.log): Promise<string> {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      options: { from: { type: 'string' }, to: { type: 'string' }, replace: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: false,
    });
  } catch {
    throw new Error(moveMessages.usage);
  }
  const { values } = parsed;
  if (values.help) return moveMessages.help;
  const { databasePath, databaseUrl } = serverSettings(env);
  const from = values.from ?? databasePath;
  const to = values.to ?? databaseUrl;
  if (from === '') throw new Error(moveMessages.usage);
  if (to === undefined || to === '') throw new Error(moveMessages.noTarget);
  if (!isPostgresUrl(to)) throw new RefusedSetting(moveMessages.targetNotPostgres);
  // a password whose @, #, / or ? is not percent-encoded would send the move to another host
  const problem = databaseUrlProblem(to, values.to !== undefined ? '--to' : 'DATABASE_URL');
  if (problem !== null) throw new RefusedSetting(problem);
  const summary = await moveToPostgres({ from, to, replace: values.replace === true, onProgress: say });
  return summary.message;
}
