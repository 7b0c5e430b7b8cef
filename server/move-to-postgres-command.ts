/**
 * `npm run move-to-postgres -- [--from FILE] [--to URL] [--replace]` copies a whole store from its
 * SQLite file (default DATABASE_PATH, else data/store.db) into a PostgreSQL database (default
 * DATABASE_URL), in one transaction, for a shop moving off the embedded store. It prints what it
 * did, or in one line why it would not, and exits non-zero then. See server/db/move-to-postgres.ts.
 */
import { parseArgs } from 'node:util';
import { readConfig } from './config.ts';
import { moveMessages, moveToPostgres } from './db/move-to-postgres.ts';
import { isPostgresUrl } from './db/open-store.ts';

async function run(args: string[]): Promise<string> {
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
  const { databasePath, databaseUrl } = readConfig().options;
  const from = values.from ?? databasePath;
  const to = values.to ?? databaseUrl;
  if (from === '') throw new Error(moveMessages.usage);
  if (to === undefined || to === '') throw new Error(moveMessages.noTarget);
  if (!isPostgresUrl(to)) throw new Error(moveMessages.targetNotPostgres);
  const summary = await moveToPostgres({ from, to, replace: values.replace === true, onProgress: (line) => console.log(line) });
  return summary.message;
}

run(process.argv.slice(2)).then(
  (done) => console.log(done),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exitCode = 1;
  },
);
