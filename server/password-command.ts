/**
 * `npm run password -- EMAIL` (server/commands/password.ts): one line, and a non-zero exit code on
 * failure: 78, as the server's start, for a build beside sources updated without building them.
 */
import { CANNOT_SERVE_EXIT_CODE } from './cluster.ts';
import { finishCommand } from './commands/command-outcome.ts';
import { passwordCommand } from './commands/password.ts';
import { UnbuiltMigrationsError } from './db/migrate.ts';

finishCommand(passwordCommand(process.argv.slice(2)), (error) => (error instanceof UnbuiltMigrationsError ? CANNOT_SERVE_EXIT_CODE : 1));
